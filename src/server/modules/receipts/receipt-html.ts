import { escapeHtml } from '../../../shared/escape-html';
import type { Locale } from '../../../shared/locale';
import { formatEuros, formatFcfa } from '../../../shared/money';
import { SHOP_FONT_FAMILY } from '../downloads/typesetter';
import { RECEIPT_COPY, type ReceiptMethod } from './receipt-copy';

/** Everything a receipt prints, read from the order (order-receipt.ts). Amounts in euro cents. */
export interface Receipt {
  locale: Locale;
  orderNumber: string;
  orderedAt: Date;
  paidAt: Date | null;
  issuedAt: Date;
  /** The seller block: the shop's name, then its address and contact lines. */
  shop: string[];
  buyer: { name: string; email: string };
  items: { title: string; quantity: number; unitCents: number }[];
  discountCode: string | null;
  discountCents: number;
  totalCents: number;
  refundedCents: number;
  payment: { method: ReceiptMethod; provider: string | null; reference: string | null; testMode: boolean };
}

/** A4 in points, the page the receipt is laid out on. */
export const A4 = { width: 595, height: 842 } as const;
export const RECEIPT_FONT_SIZE = 9.5;

const STYLE = `@page{size:${A4.width}pt ${A4.height}pt;margin:40pt 44pt}
body{font-family:${SHOP_FONT_FAMILY};font-size:${RECEIPT_FONT_SIZE}pt;color:#1c1917;margin:0}
table{width:100%;border-collapse:collapse}td,th{vertical-align:top;padding:3pt 4pt;text-align:left}
.head td{padding:0}.shop{font-size:15pt;font-weight:bold;color:#115e59}.muted{color:#57534e}
h1{font-size:20pt;margin:0;text-align:right;color:#115e59}.right{text-align:right}
.items{margin-top:16pt}.items th{border-bottom:1.5pt solid #115e59;font-weight:bold}
.items td{border-bottom:0.5pt solid #d6d3d1}.n{text-align:right;white-space:nowrap}
.totals{margin-top:10pt}.totals td{padding:2pt 4pt}.grand td{font-weight:bold;border-top:1pt solid #1c1917}
h2{font-size:11pt;margin:16pt 0 4pt 0}.note{margin-top:18pt;font-size:8pt;color:#57534e}
p{margin:0 0 2pt 0}`;

/** The order's language writes amounts with no-break spaces, so "24 598 FCFA" never splits across lines. */
function amountsIn(locale: Locale) {
  const glue = (text: string) => text.replace(/ /g, locale === 'fr' ? '\u202f' : '\u00a0');
  return {
    fcfa: (cents: number) => glue(formatFcfa(cents, locale)),
    euros: (cents: number) => glue(formatEuros(cents, locale)),
    /** Both currencies of one amount, FCFA first as the shop shows prices. */
    both: (cents: number) => `${glue(formatFcfa(cents, locale))}<br>${glue(formatEuros(cents, locale))}`,
  };
}

const text = (value: string) => escapeHtml(value);
/** A buyer's or the operator's text in its own direction, isolated from the labels around it. */
const typed = (value: string) => `<span dir="auto">${escapeHtml(value)}</span>`;

function header(receipt: Receipt): string {
  const t = RECEIPT_COPY[receipt.locale];
  const day = new Intl.DateTimeFormat(t.dateLocale, { dateStyle: 'long', timeZone: 'UTC' });
  const [name = '', ...lines] = receipt.shop;
  const dates = [
    `${t.orderedAt} : ${day.format(receipt.orderedAt)}`,
    ...(receipt.paidAt ? [`${t.paidAt} : ${day.format(receipt.paidAt)}`] : []),
    `${t.issuedAt} ${day.format(receipt.issuedAt)}`,
  ].map((line) => (receipt.locale === 'en' ? line.replace(' : ', ': ') : line));
  return `<table class="head"><tr><td>
<p class="shop">${typed(name)}</p>${lines.map((line) => `<p class="muted">${typed(line)}</p>`).join('')}
</td><td class="right"><h1>${t.title}</h1>
<p><b>${t.number} ${text(receipt.orderNumber)}</b></p>${dates.map((d) => `<p class="muted">${text(d)}</p>`).join('')}
</td></tr></table>
<h2>${t.buyer}</h2><p>${typed(receipt.buyer.name)}</p><p class="muted">${typed(receipt.buyer.email)}</p>`;
}

function items(receipt: Receipt): string {
  const t = RECEIPT_COPY[receipt.locale];
  const money = amountsIn(receipt.locale);
  const rows = receipt.items.map(
    (item) =>
      `<tr><td>${typed(item.title)}</td><td class="n">${item.quantity}</td>` +
      `<td class="n">${money.both(item.unitCents)}</td><td class="n">${money.both(item.unitCents * item.quantity)}</td></tr>`,
  );
  return `<table class="items"><tr><th>${t.guide}</th><th class="n">${t.quantity}</th><th class="n">${t.unitPrice}</th><th class="n">${t.amount}</th></tr>${rows.join('')}</table>`;
}

function totals(receipt: Receipt): string {
  const t = RECEIPT_COPY[receipt.locale];
  const money = amountsIn(receipt.locale);
  const row = (label: string, cents: number, sign = '', grand = false) =>
    `<tr${grand ? ' class="grand"' : ''}><td class="right">${label}</td>` +
    `<td class="n">${sign}${money.fcfa(cents)}</td><td class="n">${sign}${money.euros(cents)}</td></tr>`;
  const lines: string[] = [];
  if (receipt.discountCents > 0) {
    lines.push(row(t.subtotal, receipt.totalCents + receipt.discountCents));
    lines.push(row(typed(t.discount(receipt.discountCode ?? '')), receipt.discountCents, '−'));
  }
  const free = receipt.payment.method === 'free';
  lines.push(row(free ? t.freeTotal : t.total, receipt.totalCents, '', true));
  if (receipt.refundedCents > 0) {
    lines.push(row(t.refunded, receipt.refundedCents, '−'));
    lines.push(row(t.net, receipt.totalCents - receipt.refundedCents, '', true));
  }
  return `<table class="totals">${lines.join('')}</table>`;
}

function payment(receipt: Receipt): string {
  const t = RECEIPT_COPY[receipt.locale];
  const { method, provider, reference, testMode } = receipt.payment;
  const colon = receipt.locale === 'fr' ? ' : ' : ': ';
  const how =
    method === 'mobile_money' && provider ? `${t.methods[method]} (${provider})` : t.methods[method];
  const lines = [`${t.method}${colon}${typed(how)}`];
  if (method !== 'free' && reference) lines.push(`${t.references[method]}${colon}${typed(reference)}`);
  if (testMode) lines.push(t.testMode);
  return `<h2>${t.payment}</h2>${lines.map((line) => `<p>${line}</p>`).join('')}`;
}

/** The receipt as one HTML document, set in type by the shop's typesetter; every text is escaped. */
export function receiptHtml(receipt: Receipt): string {
  const t = RECEIPT_COPY[receipt.locale];
  return (
    `<!DOCTYPE html><html lang="${receipt.locale}"><head><meta charset="utf-8"><style>${STYLE}</style></head><body>` +
    header(receipt) +
    items(receipt) +
    totals(receipt) +
    payment(receipt) +
    `<p class="note">${text(t.rate)}</p></body></html>`
  );
}

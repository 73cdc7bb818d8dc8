import { escapeHtml } from '../../../shared/escape-html';
import type { Locale } from '../../../shared/locale';
import { formatEuros, formatFcfa } from '../../../shared/money';
import { formatTaxRate } from '../../../shared/tax';
import { SHOP_FONT_FAMILY } from '../downloads/typesetter';
import type { CreditNoteDocument, InvoiceDocument } from '../invoices/invoice-document';
import { A4, RECEIPT_FONT_SIZE } from '../receipts/receipt-html';
import { INVOICE_COPY } from './invoice-copy';

const STYLE = `@page{size:${A4.width}pt ${A4.height}pt;margin:40pt 44pt}
body{font-family:${SHOP_FONT_FAMILY};font-size:${RECEIPT_FONT_SIZE}pt;color:#1c1917;margin:0}
table{width:100%;border-collapse:collapse}td,th{vertical-align:top;padding:3pt 4pt;text-align:left}
.head td{padding:0}.shop{font-size:15pt;font-weight:bold;color:#115e59}.muted{color:#57534e}
h1{font-size:20pt;margin:0;text-align:right;color:#115e59}.right{text-align:right}
.items{margin-top:16pt}.items th{border-bottom:1.5pt solid #115e59;font-weight:bold}
.items td{border-bottom:0.5pt solid #d6d3d1}.n{text-align:right;white-space:nowrap}
.totals{margin-top:10pt}.totals td{padding:2pt 4pt}.grand td{font-weight:bold;border-top:1pt solid #1c1917}
h2{font-size:11pt;margin:14pt 0 4pt 0}.note{margin-top:18pt;font-size:8pt;color:#57534e}p{margin:0 0 2pt 0}`;

const typed = (value: string) => `<span dir="auto">${escapeHtml(value)}</span>`;

function money(locale: Locale) {
  const glue = (text: string) => text.replace(/ /g, locale === 'fr' ? '\u202f' : '\u00a0');
  return {
    euros: (cents: number) => glue(formatEuros(cents, locale)),
    fcfa: (cents: number) => glue(formatFcfa(cents, locale)),
  };
}

function taxLabel(doc: { locale: Locale; tax: InvoiceDocument['tax'] }): string {
  const t = INVOICE_COPY[doc.locale];
  if (doc.tax.rateBp === 0) return t.noTax;
  return doc.tax.label ?? `${t.tax} ${formatTaxRate(doc.tax.rateBp, doc.locale)}`;
}

function parties(doc: InvoiceDocument | CreditNoteDocument, title: string, refs: string[]): string {
  const t = INVOICE_COPY[doc.locale];
  const day = new Intl.DateTimeFormat(t.dateLocale, { dateStyle: 'long', timeZone: 'UTC' });
  const colon = doc.locale === 'fr' ? ' : ' : ': ';
  const { seller, buyer } = doc;
  return `<table class="head"><tr><td>
<p class="shop">${typed(seller.legalName)}</p>${seller.address
    .split(/\r?\n/)
    .map((line) => `<p class="muted">${typed(line)}</p>`)
    .join('')}${seller.taxId ? `<p class="muted">${t.taxId}${colon}${typed(seller.taxId)}</p>` : ''}
</td><td class="right"><h1>${title}</h1><p><b>${t.number} ${escapeHtml(doc.number)}</b></p>
<p class="muted">${t.issuedAt}${colon}${day.format(new Date(doc.issuedAt))}</p>${refs.map((r) => `<p class="muted">${r}</p>`).join('')}
</td></tr></table>
<h2>${t.buyer}</h2>${buyer.businessName ? `<p><b>${typed(buyer.businessName)}</b></p>` : ''}<p>${typed(buyer.name)}</p>
<p class="muted">${typed(buyer.email)}</p>${buyer.taxId ? `<p class="muted">${t.taxId}${colon}${typed(buyer.taxId)}</p>` : ''}`;
}

function page(locale: Locale, body: string): string {
  return `<!DOCTYPE html><html lang="${locale}"><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${body}<p class="note">${escapeHtml(INVOICE_COPY[locale].rate)}</p></body></html>`;
}

const row = (m: ReturnType<typeof money>, label: string, cents: number, sign = '', grand = false) =>
  `<tr${grand ? ' class="grand"' : ''}><td class="right">${label}</td>` +
  `<td class="n">${sign}${m.fcfa(cents)}</td><td class="n">${sign}${m.euros(cents)}</td></tr>`;

/** The invoice as one HTML document for the shop's typesetter; every text is escaped. */
export function invoiceHtml(doc: InvoiceDocument): string {
  const t = INVOICE_COPY[doc.locale];
  const m = money(doc.locale);
  const colon = doc.locale === 'fr' ? ' : ' : ': ';
  const lines = doc.lines
    .map(
      (line) =>
        `<tr><td>${typed(line.title)}</td><td class="n">${line.quantity}</td><td class="n">${m.euros(line.unitCents)}</td><td class="n">${m.euros(line.unitCents * line.quantity)}</td></tr>`,
    )
    .join('');
  const totals = [
    ...(doc.discountCents > 0
      ? [
          row(
            m,
            t.subtotal,
            doc.lines.reduce((s, l) => s + l.unitCents * l.quantity, 0),
          ),
          row(m, typed(t.discount(doc.discountCode ?? '')), doc.discountCents, '−'),
        ]
      : []),
    row(m, t.taxable, doc.netCents),
    row(m, typed(taxLabel(doc)), doc.tax.cents),
    row(m, t.total, doc.totalCents, '', true),
  ].join('');
  const day = new Intl.DateTimeFormat(t.dateLocale, { dateStyle: 'long', timeZone: 'UTC' });
  const method = t.methods[doc.payment.method] ?? doc.payment.method;
  const payment = [
    `${t.paidBy} ${method} ${t.paidAt} ${day.format(new Date(doc.payment.paidAt))}`,
    ...(doc.payment.reference ? [`${t.reference}${colon}${typed(doc.payment.reference)}`] : []),
    ...(doc.testMode ? [t.testMode] : []),
  ];
  return page(
    doc.locale,
    parties(doc, t.invoice, [`${t.order} ${escapeHtml(doc.orderNumber)}`]) +
      `<table class="items"><tr><th>${t.guide}</th><th class="n">${t.quantity}</th><th class="n">${t.unitPrice}</th><th class="n">${t.amount}</th></tr>${lines}</table>` +
      `<table class="totals">${totals}</table>${payment.map((p) => `<p>${p}</p>`).join('')}`,
  );
}

/** The credit note: the invoice it corrects, the amount refunded and its tax. */
export function creditNoteHtml(doc: CreditNoteDocument): string {
  const t = INVOICE_COPY[doc.locale];
  const m = money(doc.locale);
  const colon = doc.locale === 'fr' ? ' : ' : ': ';
  const totals = [
    row(m, t.taxable, doc.netCents, '−'),
    row(m, `${t.taxRefunded} (${typed(taxLabel(doc))})`, doc.taxCents, '−'),
    row(m, t.refunded, doc.amountCents, '−', true),
  ].join('');
  return page(
    doc.locale,
    parties(doc, t.creditNote, [
      `${t.correcting} ${escapeHtml(doc.invoiceNumber)}`,
      `${t.order} ${escapeHtml(doc.orderNumber)}`,
    ]) +
      `<table class="totals">${totals}</table>` +
      (doc.reason ? `<p>${t.reason}${colon}${typed(doc.reason)}</p>` : ''),
  );
}

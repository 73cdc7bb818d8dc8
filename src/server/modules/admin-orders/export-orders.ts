import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { OrderFilters } from '../../../shared/contracts/admin/orders';
import { centsToDecimal, centsToFcfa, toCents } from '../../../shared/money';
import { orderStatusWord } from '../../../shared/refund-state';
import type { Db } from '../../db/client';
import { neutraliseFormula } from '../admin-emails/csv-cells';
import { type Cursor, guideTitles, type PagedOrder, selectOrderPage } from './list-orders';
import { methodOf, orderWhere } from './order-filters';

/** The methods as the Orders tab names them. */
const METHOD_WORDS = {
  card: 'Card',
  mobile_money: 'Mobile Money',
  cinetpay: 'CinetPay',
  free: 'Free',
} as const;

const CSV_COLUMNS = [
  'Order Number',
  'Created (UTC)',
  'Status',
  'Method',
  'Provider',
  'Payment Id',
  'Email',
  'First Name',
  'Last Name',
  'Mobile Number',
  'Language',
  'Guides',
  'Subtotal (EUR)',
  'Discount Code',
  'Discount (EUR)',
  'Total (EUR)',
  'Total (FCFA)',
  'Refunded (EUR)',
  'Access Revoked',
] as const;

/** Rows read per query: memory holds one batch, whatever the number of orders. */
export const EXPORT_BATCH = 1000;

const CSV_OPTIONS = { quoted_string: true, record_delimiter: 'windows' } as const;

function csvRecord(order: PagedOrder, guides: string[]): string[] {
  const total = toCents(order.total);
  const discount = toCents(order.discountAmount);
  return [
    order.orderNumber,
    order.createdAt.toISOString(),
    orderStatusWord(order),
    METHOD_WORDS[methodOf(order)],
    order.paymentProvider ?? '',
    order.paymentIntentId ?? order.providerTransactionId ?? order.mobileMoneyReference ?? '',
    order.email,
    order.firstName,
    order.lastName,
    order.phoneNumber,
    order.locale,
    guides.join('; '),
    centsToDecimal(total + discount),
    order.discountCode ?? '',
    order.discountAmount,
    order.total,
    String(centsToFcfa(total)),
    order.refundedAmount,
    order.accessRevokedAt ? 'yes' : 'no',
  ].map(neutraliseFormula);
}

/**
 * The filtered orders as CSV for Excel, as the Emails tab's export writes it (BOM, CRLF, quoted text,
 * formulas neutralised), streamed a batch at a time along the list's keyset: the stream pulls the
 * next batch only when the client has taken the previous one.
 */
export function exportOrdersCsv(db: Db, filters: OrderFilters): Readable {
  const where = orderWhere(filters);
  async function* batches() {
    yield `\uFEFF${stringify([[...CSV_COLUMNS]], CSV_OPTIONS)}`;
    let after: Cursor | undefined;
    for (;;) {
      const rows = await selectOrderPage(db, where, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      const titles = await guideTitles(
        db,
        rows.map((r) => r.order.id),
      );
      yield stringify(
        rows.map((r) => csvRecord(r.order, titles.get(r.order.id) ?? [])),
        CSV_OPTIONS,
      );
      const last = rows.at(-1)!;
      after = { createdAt: last.createdAtText, id: last.order.id };
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return Readable.from(batches(), { objectMode: false });
}

export const ordersExportFileName = (now = new Date()) => `orders-${now.toISOString().slice(0, 10)}.csv`;

import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { OrderFilters } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { centsToDecimal, centsToFcfa, toCents } from '../../../shared/money';
import { orderStatusWord } from '../../../shared/refund-state';
import type { Db } from '../../db/client';
import { neutraliseFormula } from '../messages/csv-cells';
import { type Cursor, guideTitles, type PagedOrder, selectOrderPage } from './list-orders';
import { methodOf, orderWhere } from './order-filters';

/** The methods as the Orders tab names them. */
const METHOD_WORDS = {
  card: 'Card',
  mobile_money: 'Mobile Money',
  cinetpay: 'CinetPay',
  wave: 'Wave',
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
    // An order a code took nothing off (placed before such codes were refused) shows none.
    discount > 0 ? (order.discountCode ?? '') : '',
    order.discountAmount,
    order.total,
    String(centsToFcfa(total)),
    order.refundedAmount,
    order.accessRevokedAt ? 'yes' : 'no',
  ].map(neutraliseFormula);
}

/** The last line of an export that an error stopped: whatever keeps the file, it says so. */
export const EXPORT_CUT_SHORT = 'EXPORT INCOMPLETE: an error stopped it here. Export again.';

/**
 * The filtered orders as CSV for Excel, as the Emails tab's export writes it (BOM, CRLF, quoted text,
 * formulas neutralised), streamed a batch at a time along the list's keyset: the stream pulls the
 * next batch only when the client has taken the previous one. The first batch is read before
 * anything is sent, so a failure there is an error answer, not a 200 with a header and nothing
 * after. A failure after the first byte ends the file with EXPORT_CUT_SHORT and then fails the
 * stream, so the connection is cut without its last chunk and a browser reports the download
 * failed (docs/decisions/025-export-failures.md).
 */
export async function exportOrdersCsv(
  db: Db,
  filters: OrderFilters,
  options: { batchSize?: number } = {},
): Promise<Readable> {
  const batchSize = options.batchSize ?? EXPORT_BATCH;
  const where = orderWhere(filters);
  const batchAfter = async (after: Cursor | undefined) => {
    const rows = await selectOrderPage(db, where, after, batchSize);
    const titles = await guideTitles(
      db,
      rows.map((r) => r.order.id),
    );
    return { rows, titles };
  };
  let batch = await batchAfter(undefined);
  async function* batches() {
    yield `\uFEFF${stringify([[...CSV_COLUMNS]], CSV_OPTIONS)}`;
    for (;;) {
      const { rows, titles } = batch;
      if (rows.length === 0) return;
      yield stringify(
        rows.map((r) => csvRecord(r.order, titles.get(r.order.id) ?? [])),
        CSV_OPTIONS,
      );
      if (rows.length < batchSize) return;
      const last = rows.at(-1)!;
      try {
        batch = await batchAfter({ createdAt: last.createdAtText, id: last.order.id });
      } catch (error) {
        yield stringify([[EXPORT_CUT_SHORT]], CSV_OPTIONS);
        throw error;
      }
    }
  }
  return Readable.from(batches(), { objectMode: false });
}

export const ordersExportFileName = (now = new Date()) => `orders-${now.toISOString().slice(0, 10)}.csv`;

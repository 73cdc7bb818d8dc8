import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { and, asc, gt } from 'drizzle-orm';
import { refundStateOf } from '../../../shared/refund-state';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { neutraliseFormula } from '../messages/csv-cells';
import { customerColumns, customerKey, customersOf, notErased } from './customer-rows';

const BATCH = 1000;
const REFUND_WORDS = { none: '', refunded: 'Refunded', partially_refunded: 'Partially refunded' } as const;

const CSV_COLUMNS = [
  'Email',
  'Name',
  'Language',
  'Orders',
  'Paid Orders',
  'Guides',
  'Total Paid (EUR)',
  'Refunded (EUR)',
  'Refund Status',
  'Test Mode (EUR)',
  'Unpaid (EUR)',
  'First Order',
  'Last Order',
] as const;

/**
 * Every customer, a thousand at a time in email order (keyset on lower(email), so each batch
 * starts where the index left off and memory stays flat whatever the number of orders).
 */
async function* customerRecords(db: Db): AsyncGenerator<string[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select(customerColumns)
      .from(orders)
      .where(after === undefined ? notErased : and(notErased, gt(customerKey, after)))
      .groupBy(customerKey)
      .orderBy(asc(customerKey))
      .limit(BATCH);
    if (rows.length === 0) return;
    for (const c of await customersOf(db, rows)) {
      yield [
        c.email,
        c.name,
        c.locale,
        String(c.orders),
        String(c.paidOrders),
        String(c.guides),
        c.totalPaid,
        c.refunded,
        REFUND_WORDS[refundStateOf({ total: c.totalPaid, refundedAmount: c.refunded })],
        c.testModeTotal,
        c.unpaidTotal,
        c.firstOrderAt,
        c.lastOrderAt,
      ].map(neutraliseFormula);
    }
    after = rows[rows.length - 1]!.key;
    if (rows.length < BATCH) return;
  }
}

/**
 * The customer list as CSV for Excel, written as the Emails tab's export is (UTF-8 with a BOM,
 * CRLF rows, every text cell quoted, formula-looking cells neutralised), but streamed.
 */
export function customerCsvStream(db: Db): Readable {
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...CSV_COLUMNS],
    quoted_string: true,
    record_delimiter: 'windows',
  });
  const source = Readable.from(customerRecords(db));
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

export const customerCsvName = (now = new Date()) => `customers-${now.toISOString().slice(0, 10)}.csv`;

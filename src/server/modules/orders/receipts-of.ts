import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentReceipts, storedFiles } from '../../db/schema';

/** The receipts shoppers uploaded for these orders, oldest first (so the last one of an order is its latest). */
export async function receiptsOf(
  db: Db,
  orderIds: string[],
): Promise<{ orderId: string; contentType: string }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: paymentReceipts.orderId, contentType: storedFiles.contentType })
    .from(paymentReceipts)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentReceipts.fileId))
    .where(inArray(paymentReceipts.orderId, orderIds))
    .orderBy(asc(paymentReceipts.createdAt), asc(paymentReceipts.id));
}

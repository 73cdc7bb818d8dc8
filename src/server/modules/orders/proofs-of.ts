import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentProofs, storedFiles } from '../../db/schema';

/** The payment proofs shoppers uploaded for these orders, oldest first (so the last one of an order is its latest). */
export async function proofsOf(
  db: Db,
  orderIds: string[],
): Promise<{ orderId: string; contentType: string }[]> {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: paymentProofs.orderId, contentType: storedFiles.contentType })
    .from(paymentProofs)
    .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.fileId))
    .where(inArray(paymentProofs.orderId, orderIds))
    .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id));
}

import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { orderItems, stampedCopies, travelGuides } from '../../src/server/db/schema';

/** The stamped copies an order's items hold, each with its guide and the slot it was made from. */
export async function stampedCopiesOf(db: Db, orderId: string) {
  return db
    .select({
      guideId: orderItems.guideId,
      fileId: stampedCopies.fileId,
      slot: sql<'primary' | 'secondary' | 'other'>`case
        when ${stampedCopies.sourceFileId} = ${travelGuides.pdfPrimaryFileId} then 'primary'
        when ${stampedCopies.sourceFileId} = ${travelGuides.pdfSecondaryFileId} then 'secondary'
        else 'other' end`,
    })
    .from(stampedCopies)
    .innerJoin(orderItems, eq(orderItems.id, stampedCopies.orderItemId))
    .innerJoin(travelGuides, eq(travelGuides.id, orderItems.guideId))
    .where(eq(orderItems.orderId, orderId));
}

/** The stamped copy's file id of one guide's slot in an order, if made. */
export async function stampedFileIdOf(
  db: Db,
  orderId: string,
  guideId: string,
  slot: 'primary' | 'secondary',
) {
  const copies = await stampedCopiesOf(db, orderId);
  return copies.find((copy) => copy.guideId === guideId && copy.slot === slot)?.fileId ?? null;
}

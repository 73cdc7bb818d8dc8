import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders, travelGuides } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

export interface DeliveryItem {
  item: OrderItemRow;
  guide: {
    id: string;
    slug: string;
    title: string;
    pdfPrimaryFileId: string | null;
    pdfSecondaryFileId: string | null;
  };
}

export interface DeliveryOrder {
  order: OrderRow;
  items: DeliveryItem[];
}

/** An order with its items and the guides' source PDFs: what stamping, mail and downloads read. */
export async function findDeliveryOrder(
  db: Db,
  by: { id: string } | { publicId: string },
): Promise<DeliveryOrder | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where('id' in by ? eq(orders.id, by.id) : eq(orders.publicId, by.publicId))
    .limit(1);
  if (!order) return undefined;
  const rows = await db
    .select({
      item: orderItems,
      guide: {
        id: travelGuides.id,
        slug: travelGuides.slug,
        title: travelGuides.title,
        pdfPrimaryFileId: travelGuides.pdfPrimaryFileId,
        pdfSecondaryFileId: travelGuides.pdfSecondaryFileId,
      },
    })
    .from(orderItems)
    .innerJoin(travelGuides, eq(travelGuides.id, orderItems.guideId))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  return { order, items: rows };
}

import { and, asc, desc, sql } from 'drizzle-orm';
import type { LibraryGuide } from '../../../shared/contracts/library';
import { dataPriceRegion } from '../../../shared/data-cost';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { guideAccessCondition } from '../../domain/guide-access';
import { coverUrl, orderedAt, selectItemsWithFiles } from '../orders/order-item-files';
import { libraryEmail } from './library-tokens';

/** More rows than any buyer has; the bound keeps one answer small whatever the table holds. */
export const LIBRARY_MAX_GUIDES = 500;

/** The orders of this email whose guides the buyer may download, by the shop's one access rule. */
export const downloadableOrderOf = (email: string) =>
  and(sql`lower(${orders.email}) = ${libraryEmail(email)}`, guideAccessCondition());

/**
 * "My guides": every guide bought with this email, whatever its case, across all orders
 * and payment methods, newest order first. One row per guide per order: a guide bought twice shows
 * under each order, each with its own stamped copy.
 */
export async function listLibrary(db: Db, email: string): Promise<LibraryGuide[]> {
  const rows = await selectItemsWithFiles(db)
    .where(downloadableOrderOf(email))
    .orderBy(desc(orderedAt), desc(orders.id), asc(orderItems.title), asc(orderItems.id))
    .limit(LIBRARY_MAX_GUIDES);
  return rows.map(
    ({ item, order, slug, guideLocale, description, secondaryFileId, coverName, pdfSize, lightSize }) => ({
      orderId: order.publicId,
      orderNumber: order.orderNumber,
      orderedAt: new Date(order.orderedAt).toISOString(),
      orderLocale: order.locale,
      hasInvoice: Number(order.total) > 0,
      guideId: item.guideId,
      slug,
      title: item.title,
      guideLocale,
      fileSize: pdfSize,
      lightFileSize: lightSize,
      // Sizes and whose data prices, as the order page has them: the same choice and cost lines.
      dataRegion: dataPriceRegion({ title: item.title, description }),
      imageUrl: coverUrl(coverName),
      hasSecondary: secondaryFileId !== null,
    }),
  );
}

/** Whether a sign-in link is worth sending: the email has at least one guide to show. */
export async function hasLibrary(db: Db, email: string): Promise<{ to: string } | undefined> {
  const [latest] = await db
    .select({ to: orders.email })
    .from(orders)
    .where(downloadableOrderOf(email))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return latest;
}

import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pathOf } from '../../../shared/contracts/endpoints/path-of';
import * as storefront from '../../../shared/contracts/endpoints/storefront';
import type { LibraryGuide } from '../../../shared/contracts/library';
import { dataPriceRegion } from '../../../shared/data-cost';
import type { Db } from '../../db/client';
import { orderItems, orders, storedFiles, travelGuides } from '../../db/schema';
import { libraryEmail } from './library-tokens';

/** More rows than any buyer has; the bound keeps one answer small whatever the table holds. */
export const LIBRARY_MAX_GUIDES = 500;

const cover = alias(storedFiles, 'library_cover');
const pdf = alias(storedFiles, 'library_pdf');
const light = alias(storedFiles, 'library_light');
const orderedAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.createdAt})`;

/**
 * The orders whose guides a buyer may download: completed, access not revoked by the shop, not
 * refunded in full (a full refund also revokes access; both are read so neither alone is trusted).
 * Free orders (total 0) count.
 */
export const downloadableOrderOf = (email: string) =>
  and(
    sql`lower(${orders.email}) = ${libraryEmail(email)}`,
    eq(orders.status, 'completed'),
    isNull(orders.accessRevokedAt),
    sql`(${orders.total} = 0 or ${orders.refundedAmount} < ${orders.total})`,
  );

/**
 * "My guides" (issue 19): every guide bought with this email, whatever its case, across all orders
 * and payment methods, newest order first. One row per guide per order: a guide bought twice shows
 * under each order, each with its own stamped copy.
 */
export async function listLibrary(db: Db, email: string): Promise<LibraryGuide[]> {
  const rows = await db
    .select({
      orderId: orders.publicId,
      orderNumber: orders.orderNumber,
      orderedAt,
      orderLocale: orders.locale,
      guideId: travelGuides.id,
      slug: travelGuides.slug,
      title: orderItems.title,
      guideLocale: travelGuides.locale,
      coverName: cover.publicName,
      secondaryFileId: travelGuides.pdfSecondaryFileId,
      fileSize: pdf.size,
      lightFileSize: light.size,
      description: travelGuides.description,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .innerJoin(travelGuides, eq(travelGuides.id, orderItems.guideId))
    .leftJoin(cover, eq(cover.id, travelGuides.coverFileId))
    .leftJoin(pdf, eq(pdf.id, travelGuides.pdfPrimaryFileId))
    .leftJoin(light, eq(light.id, pdf.lightFileId))
    .where(downloadableOrderOf(email))
    .orderBy(desc(orderedAt), desc(orders.id), asc(orderItems.title), asc(orderItems.id))
    .limit(LIBRARY_MAX_GUIDES);
  return rows.map(({ coverName, secondaryFileId, description, orderedAt: at, ...row }) => ({
    ...row,
    // Sizes and whose data prices, as the order page has them (issue 20): the same choice and cost lines.
    dataRegion: dataPriceRegion({ title: row.title, description }),
    orderedAt: new Date(at).toISOString(),
    imageUrl: coverName ? pathOf(storefront.image, { name: coverName }) : null,
    hasSecondary: secondaryFileId !== null,
  }));
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

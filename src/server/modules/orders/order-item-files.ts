import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pathOf } from '../../../shared/contracts/endpoints/path-of';
import * as storefront from '../../../shared/contracts/endpoints/storefront';
import type { Db } from '../../db/client';
import { orderItems, orders, storedFiles, travelGuides } from '../../db/schema';

const cover = alias(storedFiles, 'item_cover');
const pdf = alias(storedFiles, 'item_pdf');
const light = alias(storedFiles, 'item_light');

/** When an order was bought: completed, else created. */
export const orderedAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.createdAt})`;

/**
 * The bought guides with their order, guide and files (cover, PDF, light copy), as the order page
 * and the library show them: one query shape for both, so a guide reads the same on either page.
 * The caller adds its own `where`, `orderBy` and `limit`.
 */
export function selectItemsWithFiles(db: Db) {
  return db
    .select({
      item: orderItems,
      order: {
        publicId: orders.publicId,
        orderNumber: orders.orderNumber,
        locale: orders.locale,
        orderedAt,
        total: orders.total,
      },
      slug: travelGuides.slug,
      guideLocale: travelGuides.locale,
      description: travelGuides.description,
      secondaryFileId: travelGuides.pdfSecondaryFileId,
      coverName: cover.publicName,
      pdfName: pdf.originalName,
      pdfSize: pdf.size,
      lightSize: light.size,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(travelGuides, eq(travelGuides.id, orderItems.guideId))
    .leftJoin(cover, eq(cover.id, travelGuides.coverFileId))
    .leftJoin(pdf, eq(pdf.id, travelGuides.pdfPrimaryFileId))
    .leftJoin(light, eq(light.id, pdf.lightFileId));
}

/** A cover's public address, or null when the guide has none. */
export const coverUrl = (coverName: string | null) =>
  coverName ? pathOf(storefront.image, { name: coverName }) : null;

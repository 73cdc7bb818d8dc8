import { asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { OrderEditions } from '../../../shared/contracts/editions';
import type { AdminEdition, EditionMailingRow } from '../../../shared/contracts/endpoints/editions.schemas';
import type { Db } from '../../db/client';
import { guideEditions, orderItems, orders, storedFiles, travelGuides } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { type EditionRow, editionSummary, latestEdition } from './edition-rows';
import { mailingProgress } from './notify-buyers';

/** Every edition of a guide, newest first, with how far the emails to its buyers have got. */
export async function listEditions(db: Db, guideId: string): Promise<AdminEdition[]> {
  const rows = await db
    .select({ edition: guideEditions, fileName: storedFiles.originalName, fileSize: storedFiles.size })
    .from(guideEditions)
    .innerJoin(storedFiles, eq(storedFiles.id, guideEditions.pdfPrimaryFileId))
    .where(eq(guideEditions.guideId, guideId))
    .orderBy(desc(guideEditions.number));
  return Promise.all(
    rows.map(({ edition, fileName, fileSize }) => adminEdition(db, edition, fileName, fileSize)),
  );
}

export async function adminEdition(
  db: Db,
  edition: EditionRow,
  fileName: string,
  fileSize: number,
): Promise<AdminEdition> {
  const mailing =
    edition.notifyTotal === null
      ? null
      : { total: edition.notifyTotal, ...(await mailingProgress(db, edition.id)) };
  return {
    ...editionSummary(edition)!,
    id: edition.id,
    fileName,
    fileSize,
    hasSecondary: edition.pdfSecondaryFileId !== null,
    pageCount: edition.pageCount,
    changesFr: edition.changesFr,
    changesEn: edition.changesEn,
    mailing,
  };
}

/** The Emails tab's progress lines: the 20 latest editions whose buyers were told. */
export async function listEditionMailings(db: Db): Promise<EditionMailingRow[]> {
  const rows = await db
    .select({ edition: guideEditions, guideTitle: travelGuides.title })
    .from(guideEditions)
    .innerJoin(travelGuides, eq(travelGuides.id, guideEditions.guideId))
    .where(isNotNull(guideEditions.notifyTotal))
    .orderBy(desc(guideEditions.publishedAt))
    .limit(20);
  return Promise.all(
    rows.map(async ({ edition, guideTitle }) => ({
      editionId: edition.id,
      guideTitle,
      labelFr: edition.labelFr,
      labelEn: edition.labelEn,
      publishedAt: edition.publishedAt.toISOString(),
      total: edition.notifyTotal ?? 0,
      ...(await mailingProgress(db, edition.id)),
    })),
  );
}

/** For the library: the edition an order item bought and the guide's latest. */
export async function editionsOfItem(db: Db, orderItemId: string) {
  const [item] = await db
    .select({ guideId: orderItems.guideId, bought: guideEditions })
    .from(orderItems)
    .leftJoin(guideEditions, eq(guideEditions.id, orderItems.editionId))
    .where(eq(orderItems.id, orderItemId))
    .limit(1);
  if (!item) return undefined;
  return {
    bought: editionSummary(item.bought),
    latest: editionSummary(await latestEdition(db, item.guideId)),
  };
}

/** The order page's edition lines: per guide of the order, the edition bought and the latest. */
export async function orderEditions(db: Db, publicId: string): Promise<OrderEditions> {
  const items = await db
    .select({ guideId: orderItems.guideId, bought: guideEditions })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(guideEditions, eq(guideEditions.id, orderItems.editionId))
    .where(sql`${orders.publicId} = ${publicId} and ${orders.status} = 'completed'`)
    .orderBy(asc(orderItems.title), asc(orderItems.id));
  if (items.length === 0) throw notFound('Order not found');
  return Promise.all(
    items.map(async ({ guideId, bought }) => ({
      guideId,
      bought: editionSummary(bought),
      latest: editionSummary(await latestEdition(db, guideId)),
    })),
  );
}

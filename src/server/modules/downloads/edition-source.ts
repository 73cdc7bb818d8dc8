import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { guideEditions, orderItems, stampedCopies, storedFiles } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { StoredFile } from '../files/files.service';
import type { DeliveryItem } from './delivery-order';
import type { PdfSlot } from './stamped-files.service';

/**
 * The PDF of one edition of the item's guide, for a buyer who wants the edition they
 * bought rather than the latest: only that guide's editions are found, so a number names nothing
 * else.
 */
export async function editionSourceOf(
  db: Db,
  entry: DeliveryItem,
  slot: PdfSlot,
  number: number,
): Promise<StoredFile> {
  const [edition] = await db
    .select({ primary: guideEditions.pdfPrimaryFileId, secondary: guideEditions.pdfSecondaryFileId })
    .from(guideEditions)
    .where(and(eq(guideEditions.guideId, entry.guide.id), eq(guideEditions.number, number)))
    .limit(1);
  if (!edition) throw notFound(`This guide has no edition ${number}`);
  const sourceId = slot === 'primary' ? edition.primary : edition.secondary;
  if (!sourceId) throw notFound(`Edition ${number} of this guide has no companion PDF`);
  const [source] = await db.select().from(storedFiles).where(eq(storedFiles.id, sourceId)).limit(1);
  if (!source) throw notFound('This edition’s PDF no longer exists');
  return source;
}

/** A stamped copy by its own file id, with the order it belongs to. */
export async function findStampedCopy(db: Db, fileId: string) {
  const [row] = await db
    .select({ file: storedFiles, orderId: orderItems.orderId })
    .from(stampedCopies)
    .innerJoin(storedFiles, eq(storedFiles.id, stampedCopies.fileId))
    .innerJoin(orderItems, eq(orderItems.id, stampedCopies.orderItemId))
    .where(eq(stampedCopies.fileId, fileId))
    .limit(1);
  return row;
}

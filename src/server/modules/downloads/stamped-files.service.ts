import { and, eq, isNull } from 'drizzle-orm';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { orderItems, storedFiles } from '../../db/schema';
import { type StoredFile, storeFile } from '../files/files.service';
import type { DeliveryItem, DeliveryOrder, OrderRow } from './delivery-order';
import { stampedFileName } from './file-names';
import { stampLine, stampPdf } from './stamp-pdf';

export type PdfSlot = 'primary' | 'secondary';

export interface StampDeps {
  db: Db;
  files: FileStore;
}

/** The guide has no PDF in that slot: nothing to stamp until the operator uploads one. */
export class MissingGuidePdfError extends Error {}

async function findStoredFile(db: Db, id: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row;
}

const stampedIdOf = (item: DeliveryItem['item'], slot: PdfSlot) =>
  slot === 'primary' ? item.stampedPrimaryFileId : item.stampedSecondaryFileId;

/** The PDFs an order delivers: every item's primary, and its secondary where the guide has one. */
export function deliverableSlots(entry: DeliveryItem): PdfSlot[] {
  return entry.guide.pdfSecondaryFileId ? ['primary', 'secondary'] : ['primary'];
}

/**
 * The buyer's stamped copy of one PDF of one order item, made on first need and kept: the job and
 * a download can both ask, and whichever records its copy first wins; the other's copy is removed.
 */
export async function ensureStampedFile(
  deps: StampDeps,
  order: OrderRow,
  entry: DeliveryItem,
  slot: PdfSlot,
): Promise<StoredFile> {
  const existingId = stampedIdOf(entry.item, slot);
  if (existingId) {
    const existing = await findStoredFile(deps.db, existingId);
    if (existing) return existing;
  }
  const sourceId = slot === 'primary' ? entry.guide.pdfPrimaryFileId : entry.guide.pdfSecondaryFileId;
  const source = sourceId ? await findStoredFile(deps.db, sourceId) : undefined;
  if (!source) throw new MissingGuidePdfError(`The guide "${entry.guide.title}" has no ${slot} PDF`);

  const stamped = await stampPdf(await deps.files.read(source.storageKey), stampLine(order));
  const file = await storeFile(deps, {
    purpose: 'stamped-pdf',
    data: stamped,
    contentType: 'application/pdf',
    originalName: stampedFileName({
      slot,
      guideTitle: entry.item.title,
      sourceName: source.originalName,
      orderNumber: order.orderNumber,
    }),
  });
  const column = slot === 'primary' ? orderItems.stampedPrimaryFileId : orderItems.stampedSecondaryFileId;
  const recorded = await deps.db
    .update(orderItems)
    .set(slot === 'primary' ? { stampedPrimaryFileId: file.id } : { stampedSecondaryFileId: file.id })
    .where(and(eq(orderItems.id, entry.item.id), isNull(column)))
    .returning({ id: orderItems.id });
  if (recorded.length > 0) return file;

  // Another worker or request stamped the same PDF meanwhile: keep theirs, leave no orphan.
  await deps.db.delete(storedFiles).where(eq(storedFiles.id, file.id));
  await deps.files.delete(file.storageKey);
  const [current] = await deps.db
    .select({ id: column })
    .from(orderItems)
    .where(eq(orderItems.id, entry.item.id))
    .limit(1);
  const winner = current?.id ? await findStoredFile(deps.db, current.id) : undefined;
  if (!winner) throw new Error(`Stamped ${slot} PDF of order item ${entry.item.id} vanished`);
  return winner;
}

/** Stamps every PDF of the order that is not stamped yet; already stamped ones are left alone. */
export async function stampOrder(deps: StampDeps, delivery: DeliveryOrder): Promise<StoredFile[]> {
  const stamped: StoredFile[] = [];
  for (const entry of delivery.items) {
    for (const slot of deliverableSlots(entry)) {
      stamped.push(await ensureStampedFile(deps, delivery.order, entry, slot));
    }
  }
  return stamped;
}

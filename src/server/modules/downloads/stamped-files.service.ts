import { and, eq } from 'drizzle-orm';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { stampedCopies, storedFiles } from '../../db/schema';
import { type StoredFile, storeFile } from '../files/files.service';
import { LIGHT_PURPOSE } from '../light/light-copies.service';
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

/** The guide has that slot's PDF: the file a buyer's copy is stamped from. */
export async function sourceFileOf(deps: StampDeps, entry: DeliveryItem, slot: PdfSlot): Promise<StoredFile> {
  const sourceId = slot === 'primary' ? entry.guide.pdfPrimaryFileId : entry.guide.pdfSecondaryFileId;
  const source = sourceId ? await findStoredFile(deps.db, sourceId) : undefined;
  if (!source) throw new MissingGuidePdfError(`The guide "${entry.guide.title}" has no ${slot} PDF`);
  return source;
}

/** The PDFs an order delivers: every item's primary, and its secondary where the guide has one. */
export function deliverableSlots(entry: DeliveryItem): PdfSlot[] {
  return entry.guide.pdfSecondaryFileId ? ['primary', 'secondary'] : ['primary'];
}

async function recordedCopy(db: Db, itemId: string, sourceId: string) {
  const [row] = await db
    .select({ fileId: stampedCopies.fileId })
    .from(stampedCopies)
    .where(and(eq(stampedCopies.orderItemId, itemId), eq(stampedCopies.sourceFileId, sourceId)))
    .limit(1);
  return row ? findStoredFile(db, row.fileId) : undefined;
}

/**
 * The buyer's stamped copy of one source PDF of one order item, made on first need and kept: the
 * job and a download can both ask, and whichever records its copy first wins; the other's copy
 * is removed.
 */
export async function ensureStampedCopy(
  deps: StampDeps,
  order: OrderRow,
  entry: DeliveryItem,
  slot: PdfSlot,
  source: StoredFile,
): Promise<StoredFile> {
  const existing = await recordedCopy(deps.db, entry.item.id, source.id);
  if (existing) return existing;

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
      light: source.purpose === LIGHT_PURPOSE,
    }),
  });
  const recorded = await deps.db
    .insert(stampedCopies)
    .values({ orderItemId: entry.item.id, sourceFileId: source.id, fileId: file.id })
    .onConflictDoNothing()
    .returning({ fileId: stampedCopies.fileId });
  if (recorded.length > 0) return file;

  // Another worker or request stamped the same PDF meanwhile: keep theirs, leave no orphan.
  await deps.db.delete(storedFiles).where(eq(storedFiles.id, file.id));
  await deps.files.delete(file.storageKey);
  const winner = await recordedCopy(deps.db, entry.item.id, source.id);
  if (!winner) throw new Error(`Stamped ${slot} PDF of order item ${entry.item.id} vanished`);
  return winner;
}

/** The buyer's stamped copy of the guide's current PDF in that slot. */
export async function ensureStampedFile(
  deps: StampDeps,
  order: OrderRow,
  entry: DeliveryItem,
  slot: PdfSlot,
): Promise<StoredFile> {
  return ensureStampedCopy(deps, order, entry, slot, await sourceFileOf(deps, entry, slot));
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

import { and, eq } from 'drizzle-orm';
import type { CoverWidth } from '../../../shared/contracts/catalogue';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { storedFiles, travelGuides } from '../../db/schema';
import { findPublicFile, type StoredFile, storeFile } from '../files/files.service';
import { makeCoverWebp, renderTocPreview } from './guide-assets';

interface Deps {
  db: Db;
  files: FileStore;
}

const variantName = (name: string, width: number) => `${name.replace(/\.[a-z0-9]+$/, '')}-w${width}.webp`;

/**
 * A public image at one of the fixed widths. Variants are made once, on first request, and kept
 * in the store like any other file; concurrent first requests agree on one row.
 */
export async function findImage(
  deps: Deps,
  name: string,
  width?: CoverWidth,
): Promise<StoredFile | undefined> {
  const original = await findPublicFile(deps.db, name);
  if (!original || width === undefined || !original.contentType.startsWith('image/')) return original;
  const wanted = variantName(name, width);
  const existing = await findPublicFile(deps.db, wanted);
  if (existing) return existing;
  // A stored original, already re-encoded on upload: it waits for a slot rather than being refused.
  const resized = await makeCoverWebp(await deps.files.read(original.storageKey), width, {
    whenBusy: 'wait',
  });
  try {
    return await storeFile(deps, {
      purpose: original.purpose === 'media' ? 'media' : 'cover',
      data: resized,
      contentType: 'image/webp',
      originalName: wanted,
      publicName: wanted,
    });
  } catch (error) {
    // Another request made the same variant first: use theirs.
    const made = await findPublicFile(deps.db, wanted);
    if (made) return made;
    throw error;
  }
}

/**
 * The table-of-contents image of an active guide: rendered from its PDF the first time it is
 * asked for (or when the seed or an upload already did), then kept.
 */
export async function findGuidePreview(deps: Deps, guideId: string): Promise<StoredFile | undefined> {
  const [guide] = await deps.db
    .select({
      id: travelGuides.id,
      previewFileId: travelGuides.previewFileId,
      pdfFileId: travelGuides.pdfPrimaryFileId,
    })
    .from(travelGuides)
    .where(and(eq(travelGuides.id, guideId), eq(travelGuides.isActive, true)))
    .limit(1);
  if (!guide) return undefined;
  const fileById = async (id: string) =>
    (await deps.db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1))[0];
  if (guide.previewFileId) return fileById(guide.previewFileId);
  if (!guide.pdfFileId) return undefined;
  const pdf = await fileById(guide.pdfFileId);
  if (!pdf) return undefined;
  const image = await renderTocPreview(await deps.files.read(pdf.storageKey));
  const stored = await storeFile(deps, {
    purpose: 'preview',
    data: image,
    contentType: 'image/webp',
    originalName: `preview-${guide.id}.webp`,
  });
  await deps.db.update(travelGuides).set({ previewFileId: stored.id }).where(eq(travelGuides.id, guide.id));
  return stored;
}

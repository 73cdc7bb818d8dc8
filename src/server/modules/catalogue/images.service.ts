import { and, eq } from 'drizzle-orm';
import type { CoverWidth } from '../../../shared/contracts/catalogue';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { media, storedFiles, travelGuides } from '../../db/schema';
import { findPublicFile, type StoredFile, storeFile } from '../files/files.service';
import { makeCoverWebp, renderTocPreview } from './guide-assets';

interface Deps {
  db: Db;
  files: FileStore;
}

const variantName = (name: string, width: number) => `${name.replace(/\.[a-z0-9]+$/, '')}-w${width}.webp`;

/** A guide's cover or a media-library image, as uploaded: the only images variants are made from. */
async function isOriginalImage(db: Db, fileId: string): Promise<boolean> {
  const [cover] = await db
    .select({ id: travelGuides.id })
    .from(travelGuides)
    .where(eq(travelGuides.coverFileId, fileId))
    .limit(1);
  if (cover) return true;
  const [item] = await db.select({ id: media.id }).from(media).where(eq(media.fileId, fileId)).limit(1);
  return item !== undefined;
}

/**
 * A public image at one of the fixed widths. Variants are made once, on first request, and kept
 * in the store like any other file; concurrent first requests agree on one row. A variant is made
 * only from an original: asking for a variant of a variant (`…-w320.webp?w=480`, then
 * `…-w320-w480.webp?w=640`…) would otherwise store a new file on every request.
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
  if (!(await isOriginalImage(deps.db, original.id))) return undefined;
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

import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { COVER_WIDTHS } from '../../../shared/contracts/catalogue';
import { COVER_TYPES, guideMessages } from '../../../shared/contracts/endpoints/guides.schemas';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { invalid } from '../../domain/errors';
import { type StoredFile, type StoreFileInput, storeFile } from '../files/files.service';
import { InvalidPdfError, inspectGuidePdf, makeCoverWebp, renderTocPreview } from './guide-assets';
import { cleanFileName, detectedMime, type UploadedFile } from './guide-upload';

/**
 * A guide's files: the uploads checked by their bytes, what the storefront needs derived from them
 * (cover, preview, page count), stored all or none, and removed with their cover variants.
 */

export interface Deps {
  db: Db;
  files: FileStore;
  log?: { warn(obj: object, msg: string): void };
}

const COVER_WIDTH = 960;

export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

export interface GuideFiles {
  coverImage?: UploadedFile;
  pdfPrimary?: UploadedFile;
  pdfSecondary?: UploadedFile;
}

/** Types come from the bytes: a PNG renamed .pdf, or a PDF declared image/jpeg, is refused. */
export async function assertFileTypes(files: GuideFiles, pdfTypeMessage: string = guideMessages.pdfType) {
  if (files.coverImage) {
    const mime = await detectedMime(files.coverImage.data);
    if (!COVER_TYPES.some((type) => type === mime)) throw invalid(guideMessages.coverType);
  }
  for (const file of [files.pdfPrimary, files.pdfSecondary]) {
    if (file && (await detectedMime(file.data)) !== 'application/pdf') throw invalid(pdfTypeMessage);
  }
}

async function readablePdf<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidPdfError) throw invalid(message);
    throw error;
  }
}

export interface DerivedFiles {
  cover?: StoreFileInput;
  primary?: StoreFileInput;
  preview?: StoreFileInput;
  secondary?: StoreFileInput;
  pageCount?: number;
}

/** Everything the storefront needs from the uploads, computed before anything is stored. */
export async function deriveGuideFiles(
  files: GuideFiles,
  slug: string,
  pdfTypeMessage: string,
): Promise<DerivedFiles> {
  const derived: DerivedFiles = {};
  if (files.coverImage) {
    const image = files.coverImage.data;
    const webp = await makeCoverWebp(image, COVER_WIDTH, { refusal: guideMessages.coverType });
    // A new public name for every upload: covers are served as immutable.
    const publicName = `cover-${slug}-${randomHex(4)}.webp`;
    derived.cover = {
      purpose: 'cover',
      data: webp,
      contentType: 'image/webp',
      originalName: publicName,
      publicName,
    };
  }
  if (files.pdfPrimary) {
    const data = files.pdfPrimary.data;
    const { pageCount } = await readablePdf(() => inspectGuidePdf(data), pdfTypeMessage);
    const preview = await readablePdf(() => renderTocPreview(data), pdfTypeMessage);
    derived.pageCount = pageCount;
    derived.primary = {
      purpose: 'pdf',
      data,
      contentType: 'application/pdf',
      originalName: cleanFileName(files.pdfPrimary.fileName, `${slug}.pdf`),
    };
    derived.preview = {
      purpose: 'preview',
      data: preview,
      contentType: 'image/webp',
      originalName: `preview-${slug}.webp`,
    };
  }
  if (files.pdfSecondary) {
    const data = files.pdfSecondary.data;
    await readablePdf(() => inspectGuidePdf(data), pdfTypeMessage);
    derived.secondary = {
      purpose: 'pdf',
      data,
      contentType: 'application/pdf',
      originalName: cleanFileName(files.pdfSecondary.fileName, `${slug}-2.pdf`),
    };
  }
  return derived;
}

export interface StoredSet {
  cover?: StoredFile;
  primary?: StoredFile;
  preview?: StoredFile;
  secondary?: StoredFile;
}

/** Stores the derived files; if one fails, those already stored are removed before the error goes on. */
export async function storeDerived(deps: Deps, derived: DerivedFiles): Promise<StoredSet> {
  const stored: StoredSet = {};
  try {
    for (const key of ['cover', 'primary', 'preview', 'secondary'] as const) {
      const input = derived[key];
      if (input) stored[key] = await storeFile(deps, input);
    }
    return stored;
  } catch (error) {
    await removeStoredFiles(deps, idsOf(stored));
    throw error;
  }
}

export const idsOf = (stored: StoredSet): string[] =>
  Object.values(stored)
    .filter((file): file is StoredFile => file !== undefined)
    .map((file) => file.id);

/**
 * Deletes stored files (row, then bytes), with the width variants made from a cover. Called only
 * once nothing references them; a failure is logged, never raised, since the change itself stands.
 */
export async function removeStoredFiles(deps: Deps, ids: (string | null | undefined)[]): Promise<void> {
  const wanted = ids.filter((id): id is string => typeof id === 'string');
  if (wanted.length === 0) return;
  try {
    const rows = await deps.db.select().from(storedFiles).where(inArray(storedFiles.id, wanted));
    const variantNames = rows.flatMap((row) =>
      row.publicName
        ? COVER_WIDTHS.map((w) => `${row.publicName!.replace(/\.[a-z0-9]+$/, '')}-w${w}.webp`)
        : [],
    );
    const variants = variantNames.length
      ? await deps.db.select().from(storedFiles).where(inArray(storedFiles.publicName, variantNames))
      : [];
    // A PDF's light copy goes with it.
    const lightIds = rows.map((row) => row.lightFileId).filter((id): id is string => id !== null);
    const lights = lightIds.length
      ? await deps.db.select().from(storedFiles).where(inArray(storedFiles.id, lightIds))
      : [];
    const all = [...rows, ...variants, ...lights];
    await deps.db.delete(storedFiles).where(
      inArray(
        storedFiles.id,
        all.map((row) => row.id),
      ),
    );
    for (const row of all) {
      await deps.files.delete(row.storageKey).catch((error: unknown) => {
        deps.log?.warn({ err: error, storageKey: row.storageKey }, 'could not delete a stored file');
      });
    }
  } catch (error) {
    deps.log?.warn({ err: error, ids: wanted }, 'could not remove stored files');
  }
}

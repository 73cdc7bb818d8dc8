import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AdminGuide,
  type CanDelete,
  COVER_TYPES,
  type GuideFields,
  guideFieldsSchema,
  guideMessages,
} from '../../../shared/contracts/admin/guides';
import { COVER_WIDTHS } from '../../../shared/contracts/catalogue';
import type { Locale } from '../../../shared/locale';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { orderItems, storedFiles, travelGuides } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { InvalidPdfError, inspectGuidePdf, makeCoverWebp, renderTocPreview } from '../catalogue/guide-assets';
import { slugify } from '../downloads/file-names';
import { type StoredFile, type StoreFileInput, storeFile } from '../files/files.service';
import { cleanFileName, detectedMime, type UploadedFile } from './guide-upload';

export interface Deps {
  db: Db;
  files: FileStore;
  log?: { warn(obj: object, msg: string): void };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COVER_WIDTH = 960;

const cover = alias(storedFiles, 'cover');
const pdf = alias(storedFiles, 'pdf');

/** Malformed and unknown ids read the same to the caller: 404. */
export function assertGuideId(id: string): void {
  if (!UUID.test(id)) throw notFound('Guide not found');
}

/** Field values, or 400 with the first of the spec's validation texts that applies. */
export function parseGuideFields(input: unknown): GuideFields {
  const parsed = guideFieldsSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid guide');
  return parsed.data;
}

const ORDERED_REASON =
  'This guide has been ordered: buyers keep their downloads, so it cannot be deleted. It stays unpublished instead.';
const ACTIVE_REASON = 'This guide is still published: unpublish it before deleting it permanently.';

async function queryAdminGuides(db: Db, where?: SQL): Promise<AdminGuide[]> {
  const rows = await db
    .select({
      guide: travelGuides,
      coverName: cover.publicName,
      pdfName: pdf.originalName,
      pdfSize: pdf.size,
      ordered: sql<boolean>`exists (select 1 from ${orderItems} where ${orderItems.guideId} = ${travelGuides.id})`,
    })
    .from(travelGuides)
    .leftJoin(cover, eq(cover.id, travelGuides.coverFileId))
    .leftJoin(pdf, eq(pdf.id, travelGuides.pdfPrimaryFileId))
    .where(where)
    .orderBy(desc(travelGuides.createdAt), desc(travelGuides.id));
  return rows.map(({ guide: g, coverName, pdfName, pdfSize, ordered }) => ({
    id: g.id,
    slug: g.slug,
    title: g.title,
    description: g.description,
    price: g.price,
    rating: g.rating,
    reviewCount: g.reviewCount,
    imageUrl: coverName ? `/api/images/${coverName}` : null,
    locale: g.locale,
    isActive: g.isActive,
    fileName: pdfName,
    fileSize: pdfSize,
    pageCount: g.pageCount,
    createdAt: g.createdAt.toISOString(),
    hasSecondary: g.pdfSecondaryFileId !== null,
    deleteBlockedReason: ordered ? ORDERED_REASON : g.isActive ? ACTIVE_REASON : null,
  }));
}

/** Every guide, active or not, newest first. */
export function listAdminGuides(db: Db, locale: Locale | 'all'): Promise<AdminGuide[]> {
  return queryAdminGuides(db, locale === 'all' ? undefined : eq(travelGuides.locale, locale));
}

export async function findAdminGuide(db: Db, id: string): Promise<AdminGuide> {
  assertGuideId(id);
  const [guide] = await queryAdminGuides(db, eq(travelGuides.id, id));
  if (!guide) throw notFound('Guide not found');
  return guide;
}

const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The title's slug; on a collision the locale, then a short random suffix, are appended. */
async function uniqueSlug(db: Db, title: string, locale: Locale): Promise<string> {
  const base = slugify(title);
  for (const candidate of [base, `${base}-${locale}`]) {
    const [taken] = await db
      .select({ id: travelGuides.id })
      .from(travelGuides)
      .where(eq(travelGuides.slug, candidate))
      .limit(1);
    if (!taken) return candidate;
  }
  return `${base}-${locale}-${randomHex(3)}`;
}

export interface GuideFiles {
  coverImage?: UploadedFile;
  pdfPrimary?: UploadedFile;
  pdfSecondary?: UploadedFile;
}

/** Types come from the bytes: a PNG renamed .pdf, or a PDF declared image/jpeg, is refused. */
async function assertFileTypes(files: GuideFiles, pdfTypeMessage: string = guideMessages.pdfType) {
  if (files.coverImage) {
    const mime = await detectedMime(files.coverImage.data);
    if (!COVER_TYPES.some((type) => type === mime)) throw badRequest(guideMessages.coverType);
  }
  for (const file of [files.pdfPrimary, files.pdfSecondary]) {
    if (file && (await detectedMime(file.data)) !== 'application/pdf') throw badRequest(pdfTypeMessage);
  }
}

async function readablePdf<T>(work: () => Promise<T>, message: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidPdfError) throw badRequest(message);
    throw error;
  }
}

interface DerivedFiles {
  cover?: StoreFileInput;
  primary?: StoreFileInput;
  preview?: StoreFileInput;
  secondary?: StoreFileInput;
  pageCount?: number;
}

/** Everything the storefront needs from the uploads, computed before anything is stored. */
async function deriveGuideFiles(
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

interface StoredSet {
  cover?: StoredFile;
  primary?: StoredFile;
  preview?: StoredFile;
  secondary?: StoredFile;
}

/** Stores the derived files; if one fails, those already stored are removed before the error goes on. */
async function storeDerived(deps: Deps, derived: DerivedFiles): Promise<StoredSet> {
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

const idsOf = (stored: StoredSet): string[] =>
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
    const all = [...rows, ...variants];
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

/** Creates a guide from the dialog's fields and files: all of it, or nothing (no row, no file). */
export async function createGuide(deps: Deps, fieldsInput: unknown, files: GuideFiles): Promise<AdminGuide> {
  const fields = parseGuideFields(fieldsInput);
  if (!files.coverImage || !files.pdfPrimary) throw badRequest(guideMessages.filesRequired);
  await assertFileTypes(files);
  const locale = fields.locale ?? 'fr';
  const slug = await uniqueSlug(deps.db, fields.title, locale);
  const derived = await deriveGuideFiles(files, slug, guideMessages.pdfType);
  const stored = await storeDerived(deps, derived);
  try {
    const [row] = await deps.db.transaction((tx) =>
      tx
        .insert(travelGuides)
        .values({
          slug,
          title: fields.title,
          description: fields.description,
          price: fields.price,
          locale,
          isActive: fields.isActive ?? true,
          coverFileId: stored.cover?.id,
          pdfPrimaryFileId: stored.primary?.id,
          previewFileId: stored.preview?.id,
          pdfSecondaryFileId: stored.secondary?.id,
          pageCount: derived.pageCount,
        })
        .returning({ id: travelGuides.id }),
    );
    return await findAdminGuide(deps.db, row!.id);
  } catch (error) {
    await removeStoredFiles(deps, idsOf(stored));
    throw error;
  }
}

/**
 * Updates a guide's fields and replaces the files given. Old files are removed only after the row
 * points at the new ones; if the update fails, the new files are removed instead.
 */
export async function updateGuide(
  deps: Deps,
  id: string,
  fieldsInput: unknown,
  files: GuideFiles = {},
): Promise<AdminGuide> {
  assertGuideId(id);
  const fields = parseGuideFields(fieldsInput);
  await assertFileTypes(files);
  const [current] = await deps.db
    .select({ slug: travelGuides.slug })
    .from(travelGuides)
    .where(eq(travelGuides.id, id))
    .limit(1);
  if (!current) throw notFound('Guide not found');
  const derived = await deriveGuideFiles(files, current.slug, guideMessages.pdfType);
  const stored = await storeDerived(deps, derived);
  let replaced: (string | null)[];
  try {
    replaced = await deps.db.transaction(async (tx) => {
      const [old] = await tx
        .select()
        .from(travelGuides)
        .where(eq(travelGuides.id, id))
        .for('update')
        .limit(1);
      if (!old) throw notFound('Guide not found');
      await tx
        .update(travelGuides)
        .set({
          title: fields.title,
          description: fields.description,
          price: fields.price,
          ...(fields.locale ? { locale: fields.locale } : {}),
          ...(fields.isActive === undefined ? {} : { isActive: fields.isActive }),
          ...(stored.cover ? { coverFileId: stored.cover.id } : {}),
          ...(stored.primary
            ? {
                pdfPrimaryFileId: stored.primary.id,
                previewFileId: stored.preview?.id,
                pageCount: derived.pageCount,
              }
            : {}),
          ...(stored.secondary ? { pdfSecondaryFileId: stored.secondary.id } : {}),
          updatedAt: new Date(),
        })
        .where(eq(travelGuides.id, id));
      return [
        stored.cover ? old.coverFileId : null,
        stored.primary ? old.pdfPrimaryFileId : null,
        stored.primary ? old.previewFileId : null,
        stored.secondary ? old.pdfSecondaryFileId : null,
      ];
    });
  } catch (error) {
    await removeStoredFiles(deps, idsOf(stored));
    throw error;
  }
  await removeStoredFiles(deps, replaced);
  return findAdminGuide(deps.db, id);
}

/** The row upload: a PDF for a guide that has none yet. */
export async function attachGuidePdf(deps: Deps, id: string, file: UploadedFile): Promise<AdminGuide> {
  assertGuideId(id);
  await assertFileTypes({ pdfPrimary: file });
  const [current] = await deps.db
    .select({ slug: travelGuides.slug, pdf: travelGuides.pdfPrimaryFileId })
    .from(travelGuides)
    .where(eq(travelGuides.id, id))
    .limit(1);
  if (!current) throw notFound('Guide not found');
  const alreadyHasPdf = 'This guide already has a PDF; replace it from the edit dialog';
  if (current.pdf) throw conflict(alreadyHasPdf);
  const derived = await deriveGuideFiles({ pdfPrimary: file }, current.slug, guideMessages.pdfType);
  const stored = await storeDerived(deps, derived);
  let oldPreview: string | null | undefined;
  try {
    oldPreview = await deps.db.transaction(async (tx) => {
      const [old] = await tx
        .select({ preview: travelGuides.previewFileId })
        .from(travelGuides)
        .where(and(eq(travelGuides.id, id), isNull(travelGuides.pdfPrimaryFileId)))
        .for('update')
        .limit(1);
      if (!old) throw conflict(alreadyHasPdf);
      await tx
        .update(travelGuides)
        .set({
          pdfPrimaryFileId: stored.primary?.id,
          previewFileId: stored.preview?.id,
          pageCount: derived.pageCount,
          updatedAt: new Date(),
        })
        .where(eq(travelGuides.id, id));
      return old.preview;
    });
  } catch (error) {
    await removeStoredFiles(deps, idsOf(stored));
    throw error;
  }
  await removeStoredFiles(deps, [oldPreview]);
  return findAdminGuide(deps.db, id);
}

/** Unpublishing hides the guide from the storefront; it can be republished with the Active checkbox. */
export async function unpublishGuide(db: Db, id: string): Promise<AdminGuide> {
  assertGuideId(id);
  const updated = await db
    .update(travelGuides)
    .set({ isActive: false, updatedAt: new Date() })
    .where(eq(travelGuides.id, id))
    .returning({ id: travelGuides.id });
  if (updated.length === 0) throw notFound('Guide not found');
  return findAdminGuide(db, id);
}

/** Why a guide cannot be deleted permanently, or null when it can. */
async function deletionBlocker(db: Pick<Db, 'select'>, guide: { id: string; isActive: boolean }) {
  const [ordered] = await db
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.guideId, guide.id))
    .limit(1);
  if (ordered) return ORDERED_REASON;
  if (guide.isActive) return ACTIVE_REASON;
  return null;
}

export async function canDeleteGuide(db: Db, id: string): Promise<CanDelete> {
  assertGuideId(id);
  const [guide] = await db
    .select({ id: travelGuides.id, isActive: travelGuides.isActive })
    .from(travelGuides)
    .where(eq(travelGuides.id, id))
    .limit(1);
  if (!guide) throw notFound('Guide not found');
  const reason = await deletionBlocker(db, guide);
  return { canDelete: reason === null, reason };
}

/** Postgres error code, wherever the driver or drizzle wrapped it. */
function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** Deletes an inactive, never-ordered guide and then its files; 409 with the reason otherwise. */
export async function deleteGuidePermanently(deps: Deps, id: string): Promise<void> {
  assertGuideId(id);
  let fileIds: (string | null)[];
  try {
    fileIds = await deps.db.transaction(async (tx) => {
      const [guide] = await tx
        .select()
        .from(travelGuides)
        .where(eq(travelGuides.id, id))
        .for('update')
        .limit(1);
      if (!guide) throw notFound('Guide not found');
      const reason = await deletionBlocker(tx, guide);
      if (reason) throw conflict(reason);
      await tx.delete(travelGuides).where(eq(travelGuides.id, id));
      return [guide.coverFileId, guide.pdfPrimaryFileId, guide.previewFileId, guide.pdfSecondaryFileId];
    });
  } catch (error) {
    // An order placed for it in the meantime: the foreign key keeps the row.
    if (pgCode(error) === '23503') throw conflict(ORDERED_REASON);
    throw error;
  }
  await removeStoredFiles(deps, fileIds);
}

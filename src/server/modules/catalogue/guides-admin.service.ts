import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type AdminGuide,
  type GuideFields,
  guideFieldsSchema,
  guideMessages,
} from '../../../shared/contracts/endpoints/guides.schemas';
import type { Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { orderItems, storedFiles, travelGuides } from '../../db/schema';
import { conflict, invalid, notFound } from '../../domain/errors';
import { slugify } from '../downloads/file-names';
import { correctLatestEdition, filesNoLongerNeeded, recordFirstEdition } from '../editions/edition-rows';
import { queueLightCopies } from '../light/light-copies.service';
import { ratingSummaries } from '../reviews/published-reviews';
import { recordGuideChange } from './guide-activity';
import {
  assertFileTypes,
  type Deps,
  deriveGuideFiles,
  type GuideFiles,
  idsOf,
  randomHex,
  removeStoredFiles,
  storeDerived,
} from './guide-files';
import type { UploadedFile } from './guide-upload';

export type { Deps, GuideFiles } from './guide-files';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const cover = alias(storedFiles, 'cover');
const pdf = alias(storedFiles, 'pdf');

/** Malformed and unknown ids read the same to the caller: 404. */
export function assertGuideId(id: string): void {
  if (!UUID.test(id)) throw notFound('Guide not found');
}

/** Field values, or 400 with the first of the spec's validation texts that applies. */
export function parseGuideFields(input: unknown): GuideFields {
  const parsed = guideFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw invalid(issue?.message ?? 'Invalid guide', issue ? { field: String(issue.path[0]) } : {});
  }
  return parsed.data;
}

/** Why a guide cannot be deleted permanently (shown in the list, and sent with a 409). */
export const ORDERED_REASON =
  'This guide has been ordered: buyers keep their downloads, so it cannot be deleted. It stays unpublished instead.';
export const ACTIVE_REASON = 'This guide is still published: unpublish it before deleting it permanently.';

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
  // The spec's read-only rating and review count: published buyers' reviews, computed.
  const ratings = await ratingSummaries(
    db,
    rows.map((row) => row.guide.id),
  );
  return rows.map(({ guide: g, coverName, pdfName, pdfSize, ordered }) => ({
    id: g.id,
    slug: g.slug,
    title: g.title,
    description: g.description,
    price: g.price,
    rating: ratings.get(g.id)?.average ?? null,
    reviewCount: ratings.get(g.id)?.count ?? 0,
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

/** Creates a guide from the dialog's fields and files: all of it, or nothing (no row, no file). */
export async function createGuide(
  deps: Deps,
  actor: string,
  fieldsInput: unknown,
  files: GuideFiles,
): Promise<AdminGuide> {
  const fields = parseGuideFields(fieldsInput);
  if (!files.coverImage || !files.pdfPrimary) throw invalid(guideMessages.filesRequired, { field: 'files' });
  await assertFileTypes(files);
  const locale = fields.locale ?? 'fr';
  const slug = await uniqueSlug(deps.db, fields.title, locale);
  const derived = await deriveGuideFiles(files, slug, guideMessages.pdfType);
  const stored = await storeDerived(deps, derived);
  try {
    const row = await deps.db.transaction(async (tx) => {
      const [created] = await tx
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
        .returning();
      await recordFirstEdition(tx, created!);
      await recordGuideChange(tx, { actor, verb: 'create', after: created!, files });
      await queueLightCopies(tx, [stored.primary?.id, stored.secondary?.id]);
      return created!;
    });
    return await findAdminGuide(deps.db, row.id);
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
  actor: string,
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
      const [updated] = await tx
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
        .where(eq(travelGuides.id, id))
        .returning();
      // A PDF replaced here corrects the latest edition; publishing a new one is guide-editions.ts.
      if (stored.primary || stored.secondary) await correctLatestEdition(tx, updated!);
      await recordGuideChange(tx, { actor, verb: 'update', before: old, after: updated!, files });
      await queueLightCopies(tx, [stored.primary?.id, stored.secondary?.id]);
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
  // An earlier edition's file, or one a buyer's copy was stamped from, stays.
  await removeStoredFiles(deps, await filesNoLongerNeeded(deps.db, replaced));
  return findAdminGuide(deps.db, id);
}

/** The row upload: a PDF for a guide that has none yet. */
export async function attachGuidePdf(
  deps: Deps,
  actor: string,
  id: string,
  file: UploadedFile,
): Promise<AdminGuide> {
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
        .select()
        .from(travelGuides)
        .where(and(eq(travelGuides.id, id), isNull(travelGuides.pdfPrimaryFileId)))
        .for('update')
        .limit(1);
      if (!old) throw conflict(alreadyHasPdf);
      const [updated] = await tx
        .update(travelGuides)
        .set({
          pdfPrimaryFileId: stored.primary?.id,
          previewFileId: stored.preview?.id,
          pageCount: derived.pageCount,
          updatedAt: new Date(),
        })
        .where(eq(travelGuides.id, id))
        .returning();
      await recordFirstEdition(tx, updated!);
      await recordGuideChange(tx, {
        actor,
        verb: 'upload_pdf',
        before: old,
        after: updated!,
        files: { pdfPrimary: file },
      });
      await queueLightCopies(tx, [stored.primary?.id]);
      return old.previewFileId;
    });
  } catch (error) {
    await removeStoredFiles(deps, idsOf(stored));
    throw error;
  }
  await removeStoredFiles(deps, [oldPreview]);
  return findAdminGuide(deps.db, id);
}

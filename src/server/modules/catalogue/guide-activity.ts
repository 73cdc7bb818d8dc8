import type { DbOrTx } from '../../db/client';
import type { travelGuides } from '../../db/schema';
import { recordActivity } from '../activity/activity';
import type { GuideFiles } from './guide-files';

type GuideRow = typeof travelGuides.$inferSelect;

/**
 * What the activity record keeps of a guide: its fields and the ids of its
 * files, never a file's bytes.
 */
export function guideValues(row: GuideRow) {
  return {
    title: row.title,
    slug: row.slug,
    description: row.description,
    price: row.price,
    locale: row.locale,
    isActive: row.isActive,
    coverFileId: row.coverFileId,
    pdfPrimaryFileId: row.pdfPrimaryFileId,
    pdfSecondaryFileId: row.pdfSecondaryFileId,
    previewFileId: row.previewFileId,
    pageCount: row.pageCount,
  };
}

/** The files a request brought, by field: their names and sizes. */
export function uploadedFiles(files: GuideFiles): Record<string, { name: string; size: number }> {
  const named: Record<string, { name: string; size: number }> = {};
  for (const [field, file] of Object.entries(files)) {
    if (file) named[field] = { name: file.fileName, size: file.data.length };
  }
  return named;
}

/** A guide's values after a change, with the files the change uploaded, when it uploaded any. */
function guideValuesWithUploads(row: GuideRow, files: GuideFiles) {
  const uploaded = uploadedFiles(files);
  return Object.keys(uploaded).length > 0 ? { ...guideValues(row), uploaded } : guideValues(row);
}

/** Records a change to a guide (`guide.<verb>`) in the change's transaction. */
export function recordGuideChange(
  tx: DbOrTx,
  change: { actor: string; verb: string; before?: GuideRow; after?: GuideRow; files?: GuideFiles },
) {
  const subject = change.after ?? change.before;
  return recordActivity(tx, {
    actor: change.actor,
    action: `guide.${change.verb}`,
    subjectType: 'guide',
    subjectId: subject?.id,
    before: change.before ? guideValues(change.before) : undefined,
    after: change.after ? guideValuesWithUploads(change.after, change.files ?? {}) : undefined,
  });
}

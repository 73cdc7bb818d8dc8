import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { EditionSummary } from '../../../shared/contracts/editions';
import type { Db, DbOrTx } from '../../db/client';
import { guideEditions, stampedCopies } from '../../db/schema';

export type EditionRow = typeof guideEditions.$inferSelect;

/** An edition as buyers see it: label and date. */
export const editionSummary = (row: EditionRow | undefined | null): EditionSummary | null =>
  row
    ? {
        number: row.number,
        labelFr: row.labelFr,
        labelEn: row.labelEn,
        publishedAt: row.publishedAt.toISOString(),
      }
    : null;

/** The default labels of an edition published in `year`: "Édition 2027" / "2027 edition". */
export function defaultLabels(year: number) {
  return { labelFr: `Édition ${year}`, labelEn: `${year} edition` };
}

/** The guide's latest edition, the one downloads give by default; undefined before its first PDF. */
export async function latestEdition(
  db: Pick<Db, 'select'>,
  guideId: string,
): Promise<EditionRow | undefined> {
  const [row] = await db
    .select()
    .from(guideEditions)
    .where(eq(guideEditions.guideId, guideId))
    .orderBy(desc(guideEditions.number))
    .limit(1);
  return row;
}

interface GuideFilesRow {
  id: string;
  pdfPrimaryFileId: string | null;
  pdfSecondaryFileId: string | null;
  pageCount: number | null;
}

/**
 * A guide's first PDF makes its edition 1 (created with a PDF, or one attached later); a guide
 * that already has an edition is left alone. In the caller's transaction.
 */
export async function recordFirstEdition(tx: DbOrTx, guide: GuideFilesRow, now = new Date()): Promise<void> {
  if (!guide.pdfPrimaryFileId) return;
  await tx
    .insert(guideEditions)
    .values({
      guideId: guide.id,
      number: 1,
      ...defaultLabels(now.getUTCFullYear()),
      pdfPrimaryFileId: guide.pdfPrimaryFileId,
      pdfSecondaryFileId: guide.pdfSecondaryFileId,
      pageCount: guide.pageCount,
      publishedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The edit dialog replaced the guide's PDF: that corrects its latest edition (same number, new
 * file), so the edition and the guide keep naming the same files.
 */
export async function correctLatestEdition(tx: DbOrTx, guide: GuideFilesRow): Promise<void> {
  if (!guide.pdfPrimaryFileId) return;
  await tx
    .update(guideEditions)
    .set({
      pdfPrimaryFileId: guide.pdfPrimaryFileId,
      pdfSecondaryFileId: guide.pdfSecondaryFileId,
      pageCount: guide.pageCount,
    })
    .where(
      and(
        eq(guideEditions.guideId, guide.id),
        sql`${guideEditions.number} = (select max(e.number) from ${guideEditions} e where e.guide_id = ${guide.id})`,
      ),
    );
  await recordFirstEdition(tx, guide);
}

/**
 * Of these stored files, the ones nothing needs any more: no edition names them and no buyer's
 * stamped copy was made from them. Only those may be deleted when a guide's file is replaced.
 */
export async function filesNoLongerNeeded(db: Db, ids: (string | null | undefined)[]): Promise<string[]> {
  const wanted = ids.filter((id): id is string => typeof id === 'string');
  if (wanted.length === 0) return [];
  const [editions, copies] = await Promise.all([
    db
      .select({ a: guideEditions.pdfPrimaryFileId, b: guideEditions.pdfSecondaryFileId })
      .from(guideEditions)
      .where(
        or(
          inArray(guideEditions.pdfPrimaryFileId, wanted),
          inArray(guideEditions.pdfSecondaryFileId, wanted),
        ),
      ),
    db
      .select({ a: stampedCopies.sourceFileId })
      .from(stampedCopies)
      .where(inArray(stampedCopies.sourceFileId, wanted)),
  ]);
  const needed = new Set([...editions.flatMap((row) => [row.a, row.b]), ...copies.map((row) => row.a)]);
  return wanted.filter((id) => !needed.has(id));
}

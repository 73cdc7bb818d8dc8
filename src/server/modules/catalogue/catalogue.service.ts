import { and, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Guide, GuideDetail } from '../../../shared/contracts/catalogue';
import type { Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { storedFiles, travelGuides } from '../../db/schema';
import { editionSummary, latestEdition } from '../editions/edition-rows';

const cover = alias(storedFiles, 'cover');
const pdf = alias(storedFiles, 'pdf');

const guideColumns = {
  guide: travelGuides,
  coverName: cover.publicName,
  pdfName: pdf.originalName,
  pdfSize: pdf.size,
};

type GuideRow = {
  guide: typeof travelGuides.$inferSelect;
  coverName: string | null;
  pdfName: string | null;
  pdfSize: number | null;
};

function baseQuery(db: Db) {
  return db
    .select(guideColumns)
    .from(travelGuides)
    .leftJoin(cover, eq(cover.id, travelGuides.coverFileId))
    .leftJoin(pdf, eq(pdf.id, travelGuides.pdfPrimaryFileId));
}

export function toGuide(row: GuideRow): Guide {
  const g = row.guide;
  return {
    id: g.id,
    slug: g.slug,
    title: g.title,
    description: g.description,
    price: g.price,
    imageUrl: row.coverName ? `/api/images/${row.coverName}` : null,
    fileName: row.pdfName,
    fileSize: row.pdfSize,
    pageCount: g.pageCount,
    hasPreview: g.previewFileId !== null || g.pdfPrimaryFileId !== null,
    locale: g.locale,
    rating: g.rating,
    reviewCount: g.reviewCount,
    createdAt: g.createdAt.toISOString(),
  };
}

/** Lower-case, unaccented, punctuation turned into spaces: the same on both sides of a search. */
const normalised = (expr: SQL) => sql`regexp_replace(lower(unaccent(${expr})), '[^a-z0-9]+', ' ', 'g')`;

export function searchWords(q: string): string[] {
  return q
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/**
 * The word appears in the text; a word of five letters or more may also differ from one of the
 * text's words by one typo (a letter added, dropped or changed).
 */
function wordMatches(text: SQL, word: string): SQL {
  const exact = sql`${text} like ${`%${word}%`}`;
  if (word.length < 5) return exact;
  return sql`(${exact} or exists (select 1 from unnest(string_to_array(${text}, ' ')) as w(word) where levenshtein(w.word, ${word}) <= 1))`;
}

/** Active guides of one locale, newest first, optionally filtered by a search. */
export async function listActiveGuides(db: Db, options: { locale: Locale; q?: string }): Promise<Guide[]> {
  const words = options.q ? searchWords(options.q) : [];
  // A search of only punctuation (`%`, `_`) has no word to look for: it finds nothing, not everything.
  if (options.q?.trim() && words.length === 0) return [];
  const conditions: SQL[] = [eq(travelGuides.locale, options.locale), eq(travelGuides.isActive, true)];
  const title = normalised(sql`${travelGuides.title}`);
  const body = normalised(sql`${travelGuides.title} || ' ' || ${travelGuides.description}`);
  for (const word of words) conditions.push(wordMatches(body, word));
  // Title matches rank first: count how many search words the title holds.
  const titleHits = sql.join(
    words.map((w) => sql`(case when ${wordMatches(title, w)} then 1 else 0 end)`),
    sql` + `,
  );
  const newestFirst = [desc(travelGuides.createdAt), desc(travelGuides.id)];
  const rows = await baseQuery(db)
    .where(and(...conditions))
    .orderBy(...(words.length ? [desc(titleHits), ...newestFirst] : newestFirst));
  return rows.map(toGuide);
}

export async function findActiveGuideBySlug(db: Db, slug: string): Promise<GuideDetail | undefined> {
  const [row] = await baseQuery(db)
    .where(and(eq(travelGuides.slug, slug), eq(travelGuides.isActive, true)))
    .limit(1);
  if (!row) return undefined;
  const group = row.guide.translationGroup;
  const translations = group
    ? await db
        .select({ locale: travelGuides.locale, slug: travelGuides.slug, title: travelGuides.title })
        .from(travelGuides)
        .where(
          and(
            eq(travelGuides.translationGroup, group),
            eq(travelGuides.isActive, true),
            ne(travelGuides.id, row.guide.id),
          ),
        )
    : [];
  const edition = await latestEdition(db, row.guide.id);
  return { ...toGuide(row), translations, edition: editionSummary(edition) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Which of these guides are still sold, and at what price: a stored cart is checked against it. */
export async function activeGuidesAmong(db: Db, ids: string[]) {
  const valid = [...new Set(ids.filter((id) => UUID.test(id)))].slice(0, 100);
  if (valid.length === 0) return [];
  return db
    .select({ id: travelGuides.id, price: travelGuides.price, title: travelGuides.title })
    .from(travelGuides)
    .where(and(inArray(travelGuides.id, valid), eq(travelGuides.isActive, true)));
}

import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Guide, GuideDetail } from '../../../shared/contracts/catalogue';
import type { RatingSummary } from '../../../shared/contracts/reviews';
import { dataPriceRegion, downloadCostLines } from '../../../shared/data-cost';
import type { Locale } from '../../../shared/locale';
import { REVIEWS_ON_GUIDE_PAGE } from '../../../shared/review-limits';
import type { Db } from '../../db/client';
import { storedFiles, travelGuides } from '../../db/schema';
import { editionSummary, latestEdition } from '../editions/edition-rows';
import { pdfSizes } from '../light/light-copies.service';
import { publishedReviewPage, ratingSummaries } from '../reviews/published-reviews';

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

/** `rating`: computed from the guide's published reviews (reviews/published-reviews.ts), never stored. */
export function toGuide(row: GuideRow, rating: RatingSummary | null = null): Guide {
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
    rating,
    createdAt: g.createdAt.toISOString(),
  };
}

/** Active guides of one locale, newest first: what the search index is built from (search-index.ts). */
export async function listActiveGuides(db: Db, locale: Locale): Promise<Guide[]> {
  const rows = await baseQuery(db)
    .where(and(eq(travelGuides.locale, locale), eq(travelGuides.isActive, true)))
    .orderBy(desc(travelGuides.createdAt), desc(travelGuides.id));
  const ratings = await ratingSummaries(db);
  return rows.map((row) => toGuide(row, ratings.get(row.guide.id) ?? null));
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
  const pdfId = row.guide.pdfPrimaryFileId;
  const sizes = pdfId ? (await pdfSizes(db, [pdfId])).get(pdfId) : undefined;
  const ratings = await ratingSummaries(db, [row.guide.id]);
  const guide = toGuide(row, ratings.get(row.guide.id) ?? null);
  const reviews = await publishedReviewPage(db, guide, 1, REVIEWS_ON_GUIDE_PAGE);
  const region = dataPriceRegion(guide);
  const costs = { fullBytes: guide.fileSize, lightBytes: sizes?.lightBytes ?? null };
  return {
    ...guide,
    translations,
    lightFileSize: costs.lightBytes,
    downloadCost: { fr: downloadCostLines(costs, region, 'fr'), en: downloadCostLines(costs, region, 'en') },
    edition: editionSummary(await latestEdition(db, row.guide.id)),
    reviews: reviews.reviews,
    reviewsHasMore: reviews.hasMore,
  };
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

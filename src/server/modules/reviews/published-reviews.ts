import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PublicReview, RatingSummary, ReviewPage } from '../../../shared/contracts/reviews';
import { REVIEWS_PAGE_SIZE } from '../../../shared/contracts/reviews';
import type { Locale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { guideEditions, guideReviews, travelGuides } from '../../db/schema';

/**
 * Whether a review's writer still holds the guide: a completed order of it with their email whose
 * access is not revoked and that is not refunded in full (the library's rule). A full refund or a
 * revocation hides the review with no write; restoring access shows it again.
 */
export const buyerStillHoldsGuide: SQL = sql`exists (
  select 1 from orders o join order_items i on i.order_id = o.id
  where lower(o.email) = ${guideReviews.buyerEmail} and i.guide_id = ${guideReviews.guideId}
    and o.status = 'completed' and o.access_revoked_at is null
    and (o.total = 0 or o.refunded_amount < o.total))`;

/** A review shoppers read: not hidden by the operator, and its writer still holds the guide. */
export const isPublished: SQL = sql`(${guideReviews.hiddenAt} is null and ${buyerStillHoldsGuide})`;

/** "4.5" from the exact average: one decimal, halves rounded up. */
export const oneDecimal = (average: number): string => (Math.round(average * 10 + 1e-9) / 10).toFixed(1);

/** Each guide's average and count of published reviews; guides without any are absent. */
export async function ratingSummaries(db: Db, guideIds?: string[]): Promise<Map<string, RatingSummary>> {
  if (guideIds && guideIds.length === 0) return new Map();
  const rows = await db
    .select({
      guideId: guideReviews.guideId,
      average: sql<string>`avg(${guideReviews.rating})::float8`,
      count: sql<number>`count(*)::int`,
    })
    .from(guideReviews)
    .where(and(isPublished, guideIds ? inArray(guideReviews.guideId, guideIds) : undefined))
    .groupBy(guideReviews.guideId);
  return new Map(
    rows.map((row) => [row.guideId, { average: oneDecimal(Number(row.average)), count: Number(row.count) }]),
  );
}

const publicColumns = {
  review: guideReviews,
  editionFr: guideEditions.labelFr,
  editionEn: guideEditions.labelEn,
};

type PublicRow = {
  review: typeof guideReviews.$inferSelect;
  editionFr: string | null;
  editionEn: string | null;
};

export const toPublicReview = ({ review, editionFr, editionEn }: PublicRow): PublicReview => ({
  id: review.id,
  rating: review.rating,
  title: review.title,
  text: review.body,
  locale: review.locale,
  reviewer: review.reviewerName,
  edition: editionFr !== null && editionEn !== null ? { fr: editionFr, en: editionEn } : null,
  createdAt: review.createdAt.toISOString(),
  reply: review.reply,
});

/** A page of a guide's published reviews: those in the guide's language first, then newest first. */
export async function publishedReviewPage(
  db: Db,
  guide: { id: string; locale: Locale },
  page: number,
  size = REVIEWS_PAGE_SIZE,
): Promise<ReviewPage> {
  const rows = await db
    .select(publicColumns)
    .from(guideReviews)
    .leftJoin(guideEditions, eq(guideEditions.id, guideReviews.editionId))
    .where(and(eq(guideReviews.guideId, guide.id), isPublished))
    .orderBy(
      desc(sql`(${guideReviews.locale} = ${guide.locale})`),
      desc(guideReviews.createdAt),
      desc(guideReviews.id),
    )
    .limit(size + 1)
    .offset((page - 1) * size);
  return { reviews: rows.slice(0, size).map(toPublicReview), hasMore: rows.length > size };
}

/** A published guide's id and language, or undefined. */
export async function activeGuideLocale(
  db: Db,
  id: string,
): Promise<{ id: string; locale: Locale } | undefined> {
  const [guide] = await db
    .select({ id: travelGuides.id, locale: travelGuides.locale })
    .from(travelGuides)
    .where(and(eq(travelGuides.id, id), eq(travelGuides.isActive, true)))
    .limit(1);
  return guide;
}

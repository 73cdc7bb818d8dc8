import { and, count, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReview,
  type AdminReviewListQuery,
  type AdminReviewPage,
} from '../../../shared/contracts/endpoints/admin-reviews.schemas';
import type { Db } from '../../db/client';
import { guideReviews, orders, travelGuides } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { buyerStillHoldsGuide, isPublished } from './published-reviews';
import { reviewText } from './review-text';

/** Stars at or under which a published review needs the operator (a reply, or a look). */
export const LOW_RATING = 2;

/** Published reviews of 2 stars or fewer with no reply yet: one of the things that need the operator. */
const needsOperator: SQL = sql`(${isPublished} and ${guideReviews.rating} <= ${LOW_RATING} and ${guideReviews.reply} is null)`;

/** How many reviews need the operator now (the "Needs you" list counts them). */
export async function countReviewsNeedingYou(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(guideReviews).where(needsOperator);
  return Number(row?.n ?? 0);
}

const columns = {
  review: guideReviews,
  guideTitle: travelGuides.title,
  orderNumber: orders.orderNumber,
  withdrawn: sql<boolean>`not ${buyerStillHoldsGuide}`,
};

type Row = {
  review: typeof guideReviews.$inferSelect;
  guideTitle: string;
  orderNumber: string;
  withdrawn: boolean;
};

const toAdminReview = ({ review: r, guideTitle, orderNumber, withdrawn }: Row): AdminReview => ({
  id: r.id,
  guideId: r.guideId,
  guideTitle,
  rating: r.rating,
  title: r.title,
  text: r.body,
  locale: r.locale,
  reviewer: r.reviewerName,
  email: r.buyerEmail,
  orderNumber,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  hidden: r.hiddenAt !== null,
  hiddenReason: r.hiddenReason,
  withdrawn: Boolean(withdrawn),
  reply: r.reply,
  demo: r.demo,
});

const selectReviews = (db: Db) =>
  db
    .select(columns)
    .from(guideReviews)
    .innerJoin(travelGuides, eq(travelGuides.id, guideReviews.guideId))
    .innerJoin(orders, eq(orders.id, guideReviews.orderId));

const SHOW: Record<AdminReviewListQuery['show'], SQL | undefined> = {
  all: undefined,
  published: isPublished,
  hidden: sql`not ${isPublished}`,
  low: lte(guideReviews.rating, LOW_RATING),
};

/** The Reviews tab: every review, newest first, filtered by guide, stars and visibility. */
export async function listAdminReviews(db: Db, query: AdminReviewListQuery): Promise<AdminReviewPage> {
  const where = and(
    query.guideId ? eq(guideReviews.guideId, query.guideId) : undefined,
    query.stars ? eq(guideReviews.rating, query.stars) : undefined,
    SHOW[query.show],
  );
  const [rows, [total], needsYou, guides] = await Promise.all([
    selectReviews(db)
      .where(where)
      .orderBy(desc(guideReviews.createdAt), desc(guideReviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE),
    db.select({ n: count() }).from(guideReviews).where(where),
    countReviewsNeedingYou(db),
    db
      .selectDistinct({ id: travelGuides.id, title: travelGuides.title, locale: travelGuides.locale })
      .from(travelGuides)
      .innerJoin(guideReviews, eq(guideReviews.guideId, travelGuides.id))
      .orderBy(travelGuides.title),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    reviews: rows.map(toAdminReview),
    total: n,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(n / ADMIN_REVIEWS_PAGE_SIZE)),
    needsYou,
    guides,
  };
}

async function findAdminReview(db: Db, id: string): Promise<AdminReview> {
  const [row] = await selectReviews(db).where(eq(guideReviews.id, id)).limit(1);
  if (!row) throw notFound('Review not found');
  return toAdminReview(row);
}

/** Hides or shows a review; the reason is kept in the activity log with the change. */
export async function setReviewVisibility(
  db: Db,
  input: { id: string; hidden: boolean; reason: string; actor: string },
): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ hiddenAt: guideReviews.hiddenAt, hiddenReason: guideReviews.hiddenReason })
      .from(guideReviews)
      .where(eq(guideReviews.id, input.id))
      .for('update');
    if (!before) throw notFound('Review not found');
    const [after] = await tx
      .update(guideReviews)
      .set(
        input.hidden
          ? { hiddenAt: sql`coalesce(${guideReviews.hiddenAt}, now())`, hiddenReason: input.reason }
          : { hiddenAt: null, hiddenReason: null },
      )
      .where(eq(guideReviews.id, input.id))
      .returning({ hiddenAt: guideReviews.hiddenAt });
    await recordActivity(tx, {
      actor: input.actor,
      action: input.hidden ? 'review.hide' : 'review.show',
      subjectType: 'review',
      subjectId: input.id,
      before: { hidden: before.hiddenAt !== null, reason: before.hiddenReason },
      after: { hidden: after?.hiddenAt !== null, reason: input.reason },
    });
  });
  return findAdminReview(db, input.id);
}

/** The shop's public answer under a review (null removes it), recorded in the activity log. */
export async function replyToReview(
  db: Db,
  input: { id: string; reply: string | null; actor: string },
): Promise<AdminReview> {
  const reply = reviewText(input.reply) ?? null;
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ reply: guideReviews.reply })
      .from(guideReviews)
      .where(eq(guideReviews.id, input.id))
      .for('update');
    if (!before) throw notFound('Review not found');
    await tx
      .update(guideReviews)
      .set({ reply, repliedAt: reply === null ? null : sql`now()` })
      .where(eq(guideReviews.id, input.id));
    await recordActivity(tx, {
      actor: input.actor,
      action: 'review.reply',
      subjectType: 'review',
      subjectId: input.id,
      before: { reply: before.reply },
      after: { reply },
    });
  });
  return findAdminReview(db, input.id);
}

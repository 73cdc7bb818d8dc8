import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BuyerReview, OrderReviews, ReviewBody } from '../../../shared/contracts/reviews';
import type { Db, Tx } from '../../db/client';
import { guideReviews, orderItems, orders, reviewWriteWindows } from '../../db/schema';
import { forbidden, notFound, tooMany } from '../../domain/errors';
import { reviewerName, reviewText, reviewTitle } from './review-text';

type OrderRow = typeof orders.$inferSelect;

const HOUR_SECONDS = 3600;

/** Completed, access not revoked, not refunded in full: the order proves its buyer holds the guides. */
export const mayReview = (order: Pick<OrderRow, 'status' | 'accessRevokedAt' | 'total' | 'refundedAmount'>) =>
  order.status === 'completed' &&
  order.accessRevokedAt === null &&
  (Number(order.total) === 0 || Number(order.refundedAmount) < Number(order.total));

export const NOT_A_BUYER = 'Only the buyer of a completed order that is not refunded can review its guides.';

async function orderByPublicId(db: Db | Tx, publicId: string): Promise<OrderRow> {
  const [order] = await db.select().from(orders).where(eq(orders.publicId, publicId)).limit(1);
  // Unknown and malformed ids answer alike, as the order page does.
  if (!order) throw notFound('Order not found');
  return order;
}

async function orderedItem(tx: Tx, orderId: string, guideId: string) {
  const [item] = await tx
    .select({ guideId: orderItems.guideId, editionId: orderItems.editionId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.guideId, guideId)))
    .limit(1);
  if (!item) throw notFound('This guide is not in this order.', { field: 'guideId' });
  return item;
}

/**
 * Counts one write of this order's reviews in its one-hour window (shared by every instance);
 * past `max`, refuses it. In the write's transaction: a refused or failed write counts nothing.
 */
async function countWrite(tx: Tx, orderId: string, max: number): Promise<void> {
  const [row] = await tx
    .insert(reviewWriteWindows)
    .values({ orderId, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: reviewWriteWindows.orderId,
      set: {
        count: sql`case when ${reviewWriteWindows.windowStart} <= now() - interval '1 hour' then 1 else ${reviewWriteWindows.count} + 1 end`,
        windowStart: sql`case when ${reviewWriteWindows.windowStart} <= now() - interval '1 hour' then now() else ${reviewWriteWindows.windowStart} end`,
      },
    })
    .returning({ count: reviewWriteWindows.count });
  if ((row?.count ?? 0) > max) {
    throw tooMany(
      `Too many changes to this order's reviews: at most ${max} an hour. Please try again later.`,
      HOUR_SECONDS,
      { code: 'review_limit' },
    );
  }
}

const toBuyerReview = (row: typeof guideReviews.$inferSelect): BuyerReview => ({
  guideId: row.guideId,
  rating: row.rating,
  title: row.title,
  text: row.body,
  locale: row.locale,
  updatedAt: row.updatedAt.toISOString(),
  hidden: row.hiddenAt !== null,
  reply: row.reply,
});

/** The buyer's reviews of this order's guides (written from any of their orders), and whether they may write. */
export async function listOrderReviews(db: Db, publicId: string): Promise<OrderReviews> {
  const order = await orderByPublicId(db, publicId);
  const guideIds = db
    .select({ id: orderItems.guideId })
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id));
  const rows = await db
    .select()
    .from(guideReviews)
    .where(
      and(
        eq(guideReviews.buyerEmail, order.email.trim().toLowerCase()),
        inArray(guideReviews.guideId, guideIds),
      ),
    );
  return { canReview: mayReview(order), reviews: rows.map(toBuyerReview) };
}

/**
 * Writes (or changes) the buyer's review of one guide of the order: one per guide per buyer email.
 * Stars alone save it; a title or text left out keeps the one kept. A review the operator hid
 * stays hidden when its buyer edits it.
 */
export async function saveReview(
  db: Db,
  input: { orderId: string; guideId: string; body: ReviewBody },
  limits: { writesPerOrderPerHour: number },
): Promise<BuyerReview> {
  return db.transaction(async (tx) => {
    const order = await orderByPublicId(tx, input.orderId);
    if (!mayReview(order)) throw forbidden(NOT_A_BUYER, { code: 'not_a_buyer' });
    const item = await orderedItem(tx, order.id, input.guideId);
    await countWrite(tx, order.id, limits.writesPerOrderPerHour);
    const title = reviewTitle(input.body.title);
    const text = reviewText(input.body.text);
    const words = {
      ...(title !== undefined ? { title } : {}),
      ...(text !== undefined ? { body: text } : {}),
    };
    const [row] = await tx
      .insert(guideReviews)
      .values({
        guideId: item.guideId,
        orderId: order.id,
        editionId: item.editionId,
        buyerEmail: order.email.trim().toLowerCase(),
        reviewerName: reviewerName(order.firstName, order.lastName),
        rating: input.body.rating,
        locale: input.body.locale,
        ...words,
      })
      .onConflictDoUpdate({
        target: [guideReviews.guideId, guideReviews.buyerEmail],
        set: { rating: input.body.rating, locale: input.body.locale, ...words, updatedAt: sql`now()` },
      })
      .returning();
    if (!row) throw new Error('The review was not written');
    return toBuyerReview(row);
  });
}

/** Deletes the buyer's review of one guide of the order; true when there was one. */
export async function deleteReview(
  db: Db,
  input: { orderId: string; guideId: string },
  limits: { writesPerOrderPerHour: number },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const order = await orderByPublicId(tx, input.orderId);
    // A buyer may remove their words whatever became of the order; a stranger has no order.
    await orderedItem(tx, order.id, input.guideId);
    await countWrite(tx, order.id, limits.writesPerOrderPerHour);
    const deleted = await tx
      .delete(guideReviews)
      .where(
        and(
          eq(guideReviews.guideId, input.guideId),
          eq(guideReviews.buyerEmail, order.email.trim().toLowerCase()),
        ),
      )
      .returning({ id: guideReviews.id });
    return deleted.length > 0;
  });
}

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { localeEnum, travelGuides } from './catalogue';
import { guideEditions } from './editions';
import { orders } from './orders';

/**
 * A buyer's review of a guide (docs/features/reviews.md): one per guide per buyer email. Shown
 * while the operator has not hidden it and the buyer still has a completed order of the guide that
 * is neither revoked nor refunded in full; every figure is computed from these rows, never stored.
 */
export const guideReviews = pgTable(
  'guide_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => travelGuides.id, { onDelete: 'cascade' }),
    /** The order it was written from (the proof of purchase), and the edition that order bought. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    editionId: uuid('edition_id').references(() => guideEditions.id, { onDelete: 'set null' }),
    /** Trimmed and lower-cased, as the library matches orders' emails. */
    buyerEmail: text('buyer_email').notNull(),
    /** "Aïssatou D.": first name and initial, from the order, fixed when written. */
    reviewerName: text('reviewer_name').notNull(),
    rating: smallint('rating').notNull(),
    title: text('title'),
    body: text('body'),
    locale: localeEnum('locale').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The operator's public answer, shown under the review. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Written by the demo seed from its demo orders; a real shop (SEED_DEMO_DATA=false) has none. */
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('guide_reviews_guide_buyer_uq').on(t.guideId, t.buyerEmail),
    index('guide_reviews_guide_created_idx').on(t.guideId, t.createdAt),
    index('guide_reviews_order_idx').on(t.orderId),
    index('guide_reviews_created_idx').on(t.createdAt),
    check('guide_reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * Review writes per order in a fixed one-hour window, shared by every instance: a flood from one
 * order (each write refreshes the shop's pages everywhere) is refused past the limit.
 */
export const reviewWriteWindows = pgTable('review_write_windows', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

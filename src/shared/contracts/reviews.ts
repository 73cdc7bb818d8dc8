import { z } from 'zod';
import { LOCALES } from '../locale';

const localeSchema = z.enum(LOCALES);

import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../review-limits';

export { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../review-limits';
/** Reviews on a guide's page at first, and per "more". */
export const REVIEWS_PAGE_SIZE = 5;

/** What the shop says of a guide's published reviews: the average to one decimal and the count. */
export const ratingSummarySchema = z.object({
  /** "4.5": one decimal. */
  average: z.string(),
  count: z.int(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** A published review as shoppers read it. */
export const publicReviewSchema = z.object({
  id: z.string(),
  rating: z.int().min(1).max(5),
  title: z.string().nullable(),
  text: z.string().nullable(),
  locale: localeSchema,
  /** "Aïssatou D." */
  reviewer: z.string(),
  /** The edition the reviewer bought, in both languages. */
  edition: z.object({ fr: z.string(), en: z.string() }).nullable(),
  createdAt: z.string(),
  /** The shop's public answer. */
  reply: z.string().nullable(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A page of a guide's published reviews, the guide's own language first, newest first. */
export const reviewPageSchema = z.object({
  reviews: z.array(publicReviewSchema),
  hasMore: z.boolean(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewPageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1 to 1000' })
    .int({ error: 'page must be a whole number from 1 to 1000' })
    .min(1, { error: 'page must be a whole number from 1 to 1000' })
    .max(1000, { error: 'page must be a whole number from 1 to 1000' })
    .default(1),
});

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .nullable()
    .optional();

/**
 * A buyer's review as written: the stars alone save it (a tap); title and text, when given, replace
 * the ones kept (null or an empty text clears them), and when left out keep them.
 */
export const reviewBodySchema = z.object({
  rating: z
    .number({ error: 'rating must be a whole number of stars from 1 to 5' })
    .int({ error: 'rating must be a whole number of stars from 1 to 5' })
    .min(1, { error: 'rating must be a whole number of stars from 1 to 5' })
    .max(5, { error: 'rating must be a whole number of stars from 1 to 5' }),
  title: optionalText('title', REVIEW_TITLE_MAX),
  text: optionalText('text', REVIEW_TEXT_MAX),
  locale: localeSchema,
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/** The buyer's own review of one guide, as they can change it. */
export const buyerReviewSchema = z.object({
  guideId: z.string(),
  rating: z.int(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  locale: localeSchema,
  updatedAt: z.string(),
  /** The operator hid it: the buyer still sees it, shoppers do not. */
  hidden: z.boolean(),
  reply: z.string().nullable(),
});
export type BuyerReview = z.infer<typeof buyerReviewSchema>;

/** The reviews of an order's guides by its buyer, and whether the order lets them review. */
export const orderReviewsSchema = z.object({
  canReview: z.boolean(),
  reviews: z.array(buyerReviewSchema),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

export const orderReviewParamsSchema = z.object({
  orderId: z.string().min(1).max(200),
  guideId: z.uuid('guideId must be a guide id (a UUID)'),
});

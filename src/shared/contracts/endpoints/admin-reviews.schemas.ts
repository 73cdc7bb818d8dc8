import { z } from 'zod';
import { LOCALES } from '../../locale';

export const REVIEW_REASON_MAX = 500;
export const REVIEW_REPLY_MAX = 2000;
export const ADMIN_REVIEWS_PAGE_SIZE = 50;

/** The Reviews tab's filters: a guide, a number of stars, shown or hidden; newest first, paged. */
export const adminReviewListQuerySchema = z.object({
  guideId: z.uuid('guideId must be a guide id (a UUID)').optional(),
  stars: z.coerce
    .number({ error: 'stars must be a whole number from 1 to 5' })
    .int({ error: 'stars must be a whole number from 1 to 5' })
    .min(1, { error: 'stars must be a whole number from 1 to 5' })
    .max(5, { error: 'stars must be a whole number from 1 to 5' })
    .optional(),
  /** `low`: 2 stars or fewer, the ones that need the operator. */
  show: z.enum(['all', 'published', 'hidden', 'low']).default('all'),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1 to 10000' })
    .int({ error: 'page must be a whole number from 1 to 10000' })
    .min(1, { error: 'page must be a whole number from 1 to 10000' })
    .max(10_000, { error: 'page must be a whole number from 1 to 10000' })
    .default(1),
});
export type AdminReviewListQuery = z.infer<typeof adminReviewListQuerySchema>;

export const adminReviewSchema = z.object({
  id: z.string(),
  guideId: z.string(),
  guideTitle: z.string(),
  rating: z.int(),
  title: z.string().nullable(),
  text: z.string().nullable(),
  locale: z.enum(LOCALES),
  reviewer: z.string(),
  email: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Hidden by the operator, with the reason given. */
  hidden: z.boolean(),
  hiddenReason: z.string().nullable(),
  /** Hidden because the buyer's order was refunded in full or its access revoked. */
  withdrawn: z.boolean(),
  reply: z.string().nullable(),
  demo: z.boolean(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewPageSchema = z.object({
  reviews: z.array(adminReviewSchema),
  total: z.int(),
  page: z.int(),
  pageCount: z.int(),
  /** Published reviews of 2 stars or fewer that have no reply yet: they need the operator. */
  needsYou: z.int(),
  /** Every guide with at least one review, for the filter. */
  guides: z.array(z.object({ id: z.string(), title: z.string(), locale: z.enum(LOCALES) })),
});
export type AdminReviewPage = z.infer<typeof adminReviewPageSchema>;

export const reviewVisibilityBodySchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
  reason: z
    .string({ error: 'reason must be text' })
    .trim()
    .min(1, { error: 'reason is required: say why, for the activity log' })
    .max(REVIEW_REASON_MAX, { error: `reason must be at most ${REVIEW_REASON_MAX} characters` }),
});

export const reviewReplyBodySchema = z.object({
  reply: z
    .string({ error: 'reply must be text or null' })
    .max(REVIEW_REPLY_MAX, { error: `reply must be at most ${REVIEW_REPLY_MAX} characters` })
    .nullable(),
});

export const reviewIdParamsSchema = z.object({ id: z.uuid('id must be a review id (a UUID)') });

export const adminReviewsSchemas = {
  listReviews: {
    summary: 'Buyers’ reviews, newest first, filtered by guide, stars and visibility',
    querystring: adminReviewListQuerySchema,
    response: { 200: adminReviewPageSchema },
  },
  setReviewVisibility: {
    summary: 'Hide or show a review, with a reason kept in the activity log',
    params: reviewIdParamsSchema,
    body: reviewVisibilityBodySchema,
    response: { 200: adminReviewSchema },
  },
  replyToReview: {
    summary: 'The shop’s public reply under a review (null removes it)',
    params: reviewIdParamsSchema,
    body: reviewReplyBodySchema,
    response: { 200: adminReviewSchema },
  },
};

import {
  adminReviewListQuerySchema,
  adminReviewPageSchema,
  adminReviewSchema,
  reviewIdParamsSchema,
  reviewReplyBodySchema,
  reviewVisibilityBodySchema,
} from '../admin/reviews';

export const adminReviewsSchemas = {
  listReviews: { querystring: adminReviewListQuerySchema, response: { 200: adminReviewPageSchema } },
  setReviewVisibility: {
    params: reviewIdParamsSchema,
    body: reviewVisibilityBodySchema,
    response: { 200: adminReviewSchema },
  },
  replyToReview: {
    params: reviewIdParamsSchema,
    body: reviewReplyBodySchema,
    response: { 200: adminReviewSchema },
  },
};

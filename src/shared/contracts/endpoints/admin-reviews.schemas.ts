import {
  adminReviewListQuerySchema,
  adminReviewPageSchema,
  adminReviewSchema,
  reviewIdParamsSchema,
  reviewReplyBodySchema,
  reviewVisibilityBodySchema,
} from '../admin/reviews';

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

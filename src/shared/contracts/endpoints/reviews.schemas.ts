import { z } from 'zod';
import {
  buyerReviewSchema,
  orderReviewParamsSchema,
  orderReviewsSchema,
  reviewBodySchema,
  reviewPageQuerySchema,
  reviewPageSchema,
} from '../reviews';
import { noContentResponse } from './answers';

export const reviewsSchemas = {
  guideReviews: {
    summary: 'A page of a guide’s published buyers’ reviews, its language first, newest first',
    params: z.object({ id: z.uuid('id must be a guide id (a UUID)') }),
    querystring: reviewPageQuerySchema,
    response: { 200: reviewPageSchema },
  },
  orderReviews: {
    summary: 'The buyer’s own reviews of an order’s guides, and whether the order lets them review',
    params: z.object({ orderId: z.string().min(1).max(200) }),
    response: { 200: orderReviewsSchema },
  },
  saveOrderReview: {
    summary: 'Write or change the buyer’s review of one guide of the order (stars alone save it)',
    errors: [403, 429],
    params: orderReviewParamsSchema,
    body: reviewBodySchema,
    response: { 200: buyerReviewSchema },
  },
  deleteOrderReview: {
    summary: 'Delete the buyer’s review of one guide of the order',
    errors: [429],
    params: orderReviewParamsSchema,
    response: noContentResponse('The review is deleted (or there was none)'),
  },
};

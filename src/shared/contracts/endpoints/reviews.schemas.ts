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
    params: z.object({ id: z.uuid('id must be a guide id (a UUID)') }),
    querystring: reviewPageQuerySchema,
    response: { 200: reviewPageSchema },
  },
  orderReviews: {
    params: z.object({ orderId: z.string().min(1).max(200) }),
    response: { 200: orderReviewsSchema },
  },
  saveOrderReview: {
    params: orderReviewParamsSchema,
    body: reviewBodySchema,
    response: { 200: buyerReviewSchema },
  },
  deleteOrderReview: {
    params: orderReviewParamsSchema,
    response: noContentResponse('The review is deleted (or there was none)'),
  },
};

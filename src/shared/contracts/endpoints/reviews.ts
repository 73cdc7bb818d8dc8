/**
 * Buyers' reviews (docs/features/reviews.md): a guide's published reviews, and a buyer's own through
 * the order's public id (the order page and "My guides" both hold it). Schemas in ./reviews.schemas.ts.
 */
import { del, get, put } from './declare';

export const guideReviews = get('/api/travel-guides/:id/reviews');
export const orderReviews = get('/api/orders/:orderId/reviews');
export const saveOrderReview = put('/api/orders/:orderId/reviews/:guideId');
export const deleteOrderReview = del('/api/orders/:orderId/reviews/:guideId');

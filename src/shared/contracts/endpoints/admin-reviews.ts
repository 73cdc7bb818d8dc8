/** The Reviews tab's calls, behind the admin key; schemas in ./admin-reviews.schemas.ts. */
import { ADMIN, get, put } from './declare';

export const listReviews = get('/api/admin/reviews', ADMIN);
export const setReviewVisibility = put('/api/admin/reviews/:id/visibility', ADMIN);
export const replyToReview = put('/api/admin/reviews/:id/reply', ADMIN);

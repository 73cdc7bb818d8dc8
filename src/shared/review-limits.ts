/** Limits of a review's words (docs/features/reviews.md), without zod, for the browser's forms. */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 2000;
/** Reviews a guide's page shows at first; up to REVIEWS_ON_GUIDE_PAGE more open on demand. */
export const REVIEWS_SHOWN_FIRST = 5;
export const REVIEWS_ON_GUIDE_PAGE = 30;

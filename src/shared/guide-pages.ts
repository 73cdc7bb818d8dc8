/**
 * The storefront's list pages, without zod: the pages' first-load JavaScript imports
 * these, the API's schemas (contracts/catalogue.ts) are built on them.
 */

/** Guides a list page shows at once (`/guides` and a country page stay light at 1,000 guides). */
export const GUIDE_PAGE_SIZE = 24;
/** A country page shows 12, then 12 more at each "Load More" (spec: country page pagination). */
export const COUNTRY_PAGE_SIZE = 12;
/** The highest page number the API takes: far beyond any catalogue, small enough to stay exact. */
export const GUIDE_PAGE_MAX = 1_000_000;
export const GUIDE_SORTS = [
  'newest',
  'oldest',
  'price-asc',
  'price-desc',
  'title-asc',
  'title-desc',
] as const;
export type GuideSort = (typeof GUIDE_SORTS)[number];

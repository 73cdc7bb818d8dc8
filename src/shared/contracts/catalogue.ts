import { z } from 'zod';
import { COUNTRY_SLUGS } from '../countries';
import { GUIDE_PAGE_MAX, GUIDE_PAGE_SIZE, GUIDE_SORTS } from '../guide-pages';
import { SEARCH_TEXT_MAX } from '../search';

import { editionSummarySchema } from './editions';
import { publicReviewSchema, ratingSummarySchema } from './reviews';

export { GUIDE_PAGE_MAX, GUIDE_PAGE_SIZE, GUIDE_SORTS, type GuideSort } from '../guide-pages';

export const localeSchema = z.enum(['fr', 'en']);

/** A guide as the storefront reads it (spec: storefront §3, plus what the guide page needs). */
export const guideSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Decimal string in euros, e.g. "12.00". */
  price: z.string(),
  imageUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  hasPreview: z.boolean(),
  locale: localeSchema,
  /** Computed from published buyers' reviews; null when there are none (docs/features/reviews.md). */
  rating: ratingSummarySchema.nullable(),
  createdAt: z.string(),
});
export type Guide = z.infer<typeof guideSchema>;

export const guideListQuerySchema = z.object({
  locale: localeSchema,
  q: z.string().max(SEARCH_TEXT_MAX).optional(),
});

export const guideListSchema = z.array(guideSchema);

/** What a guide card shows (and the cart keeps): no file or date. */
export const guideCardSchema = guideSchema.pick({
  id: true,
  slug: true,
  title: true,
  description: true,
  price: true,
  imageUrl: true,
  hasPreview: true,
  locale: true,
  rating: true,
});
export type GuideCard = z.infer<typeof guideCardSchema>;

export const guidePageQuerySchema = z.object({
  locale: localeSchema,
  q: z.string().max(SEARCH_TEXT_MAX).optional(),
  country: z.enum(COUNTRY_SLUGS).optional(),
  /** Without it: the best matches first for a search, else the newest first. */
  sort: z.enum(GUIDE_SORTS).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int({ error: 'page must be a whole number from 1' })
    .min(1, { error: 'page must be a whole number from 1' })
    .max(GUIDE_PAGE_MAX, { error: `page must be at most ${GUIDE_PAGE_MAX}` })
    .default(1),
  /** Fewer than a page (the home page shows the latest three). */
  size: z.coerce
    .number({ error: `size must be a whole number from 1 to ${GUIDE_PAGE_SIZE}` })
    .int({ error: `size must be a whole number from 1 to ${GUIDE_PAGE_SIZE}` })
    .min(1, { error: `size must be a whole number from 1 to ${GUIDE_PAGE_SIZE}` })
    .max(GUIDE_PAGE_SIZE, { error: `size must be a whole number from 1 to ${GUIDE_PAGE_SIZE}` })
    .default(GUIDE_PAGE_SIZE),
});
export type GuidePageQuery = z.infer<typeof guidePageQuerySchema>;

/** One page of a list or a search: past the last page, no guides and the same totals. */
export const guidePageSchema = z.object({
  guides: z.array(guideCardSchema),
  /** Guides in the whole list or search. */
  total: z.number().int(),
  page: z.number().int(),
  /** At least 1, also when the list is empty. */
  pageCount: z.number().int(),
  pageSize: z.number().int(),
});
export type GuidePage = z.infer<typeof guidePageSchema>;

const downloadCostLinesSchema = z.object({ full: z.string().optional(), light: z.string().optional() });

export const guideDetailSchema = guideSchema.extend({
  /** The same guide in the other language, when one exists. */
  translations: z.array(z.object({ locale: localeSchema, slug: z.string(), title: z.string() })),
  /** The light edition's size, when the guide has one. */
  lightFileSize: z.number().int().nullable(),
  /**
   * What each edition costs in data, as said in each language ("Version légère : 3,1 Mo ≈ 4 FCFA
   * de données"): written by the server so the prices and their formatter stay out of the page's
   * first-load JavaScript.
   */
  downloadCost: z.object({ fr: downloadCostLinesSchema, en: downloadCostLinesSchema }),
  /** The latest edition, which a purchase gives; null before the guide's first PDF. */
  edition: editionSummarySchema.nullable(),
  /**
   * The latest published reviews (up to 30, the guide's language first), exactly as the page shows
   * them (the first 5, the rest on demand) and its structured data lists them; more through
   * GET /api/travel-guides/:id/reviews when `reviewsHasMore`.
   */
  reviews: z.array(publicReviewSchema),
  reviewsHasMore: z.boolean(),
});
export type GuideDetail = z.infer<typeof guideDetailSchema>;

export const COVER_WIDTHS = [320, 480, 640, 960] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

export const imageQuerySchema = z.object({
  w: z.coerce
    .number()
    .int()
    .refine((w): w is CoverWidth => COVER_WIDTHS.includes(w as CoverWidth), {
      message: `must be one of ${COVER_WIDTHS.join(', ')}`,
    })
    .transform((w) => w as CoverWidth)
    .optional(),
});

export const availabilityQuerySchema = z.object({
  /** Comma-separated guide ids from a stored cart. */
  ids: z.string().max(2000),
});

/** The guides of a stored cart that are still sold, at today's price. */
export const availabilitySchema = z.array(z.object({ id: z.string(), price: z.string(), title: z.string() }));
export type Availability = z.infer<typeof availabilitySchema>;

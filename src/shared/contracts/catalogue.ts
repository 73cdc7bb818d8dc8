import { z } from 'zod';
import { SEARCH_TEXT_MAX } from '../search';
import { editionSummarySchema } from './editions';

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
  rating: z.string(),
  reviewCount: z.number().int(),
  createdAt: z.string(),
});
export type Guide = z.infer<typeof guideSchema>;

export const guideListQuerySchema = z.object({
  locale: localeSchema,
  q: z.string().max(SEARCH_TEXT_MAX).optional(),
});

export const guideListSchema = z.array(guideSchema);

const downloadCostLinesSchema = z.object({ full: z.string().optional(), light: z.string().optional() });

export const guideDetailSchema = guideSchema.extend({
  /** The same guide in the other language, when one exists. */
  translations: z.array(z.object({ locale: localeSchema, slug: z.string(), title: z.string() })),
  /** The light edition's size, when the guide has one (issue 20). */
  lightFileSize: z.number().int().nullable(),
  /**
   * What each edition costs in data, as said in each language ("Version légère : 3,1 Mo ≈ 4 FCFA
   * de données"): written by the server so the prices and their formatter stay out of the page's
   * first-load JavaScript.
   */
  downloadCost: z.object({ fr: downloadCostLinesSchema, en: downloadCostLinesSchema }),
  /** The latest edition (issue 19), which a purchase gives; null before the guide's first PDF. */
  edition: editionSummarySchema.nullable(),
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

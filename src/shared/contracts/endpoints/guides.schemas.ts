import { z } from 'zod';
import { localeSchema } from '../catalogue';

/** Upload limits of the Guides tab (spec: seed 001 §5, §9). */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
export const GUIDE_PDF_MAX_BYTES = 50 * 1024 * 1024;
export const COVER_TYPES = ['image/jpeg', 'image/png'] as const;

export const guideMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be an amount of at most 99999999.99 with up to two decimals',
  localeInvalid: 'Language must be fr or en',
  filesRequired: 'Cover image and primary PDF are required',
  coverType: 'Please select a JPEG or PNG image',
  coverSize: 'Image size must be less than 10MB',
  pdfType: 'Please select a PDF file',
  pdfSize: 'PDF size must be less than 50MB',
  rowPdfSize: 'File size must be less than 50MB',
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/**
 * The guide form's fields, as the dialog sends them (multipart strings) or as JSON.
 * isActive and locale stay undefined when absent: create defaults them, update keeps the stored value.
 */
export const guideFieldsSchema = z.object({
  title: required(guideMessages.titleRequired).pipe(
    z.string().max(200, 'Title must be at most 200 characters'),
  ),
  description: required(guideMessages.descriptionRequired).pipe(
    z.string().max(20_000, 'Description must be at most 20000 characters'),
  ),
  price: z
    .union([z.string(), z.number()], { error: guideMessages.priceRequired })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, guideMessages.priceRequired)
        .regex(/^\d{1,8}(\.\d{1,2})?$/, guideMessages.priceInvalid)
        .transform((value) => Number(value).toFixed(2)),
    ),
  isActive: z
    .union([z.boolean(), z.enum(['true', 'false'])], { error: 'isActive must be true or false' })
    .transform((value) => value === true || value === 'true')
    .optional(),
  /** The dialog sends the list filter's value; 'all' means the default language. */
  locale: z
    .enum(['fr', 'en', 'all'], { error: guideMessages.localeInvalid })
    .transform((value) => (value === 'all' ? 'fr' : value))
    .optional(),
});
export type GuideFields = z.output<typeof guideFieldsSchema>;

export const adminGuideListQuerySchema = z.object({
  locale: z.enum(['all', 'fr', 'en']).default('all'),
});

/** A guide as the Guides tab lists it: active and inactive, with its files. */
export const adminGuideSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  price: z.string(),
  /** Average of the published buyers' reviews, one decimal; null when there are none. */
  rating: z.string().nullable(),
  reviewCount: z.number().int(),
  imageUrl: z.string().nullable(),
  locale: localeSchema,
  isActive: z.boolean(),
  fileName: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  pageCount: z.number().int().nullable(),
  createdAt: z.string(),
  hasSecondary: z.boolean(),
  /** Why Delete (permanent) would be refused, as can-delete says it; null when it would not. */
  deleteBlockedReason: z.string().nullable(),
});
export type AdminGuide = z.infer<typeof adminGuideSchema>;
export const adminGuideListSchema = z.array(adminGuideSchema);

export const guideIdParamsSchema = z.object({ id: z.string().max(100) });

export const canDeleteSchema = z.object({ canDelete: z.boolean(), reason: z.string().nullable() });
export type CanDelete = z.infer<typeof canDeleteSchema>;

export const permanentDeleteSchema = z.object({ id: z.string(), deleted: z.literal(true) });

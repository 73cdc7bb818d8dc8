import { z } from 'zod';
import { localeSchema } from './catalogue';
import { dataRegionSchema } from './orders';

/** "My guides": its page addresses are in ../library-pages.ts. */

/** 32 random bytes, base64url: the sign-in link's and the session's secret. */
export const libraryTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be the 43-character code from the sign-in link');

export const librarySignInBodySchema = z.object({
  email: z.email().max(254),
  /** The language of the page the buyer typed it on: the email is written in it. */
  locale: localeSchema,
});

export const librarySessionBodySchema = z.object({ token: libraryTokenSchema });

/** One guide of the library: what its row shows and what its downloads need (the order's public id). */
export const libraryGuideSchema = z.object({
  /** The order's public id: the existing download links take it. */
  orderId: z.string(),
  orderNumber: z.string(),
  /** When the order was paid (or placed, for an order completed without a date). */
  orderedAt: z.string(),
  orderLocale: localeSchema,
  /** The order had something to pay, so it has an invoice (docs/features/invoices.md). */
  hasInvoice: z.boolean(),
  guideId: z.string(),
  slug: z.string(),
  title: z.string(),
  guideLocale: localeSchema,
  imageUrl: z.string().nullable(),
  hasSecondary: z.boolean(),
  /** The current PDF's size, and its light edition's when it has one. */
  fileSize: z.int().nullable(),
  lightFileSize: z.int().nullable(),
  /** Whose data prices say what a download costs, as on the order page. */
  dataRegion: dataRegionSchema,
});
export type LibraryGuide = z.infer<typeof libraryGuideSchema>;

export const librarySchema = z.object({
  email: z.string(),
  /** Newest order first; an order's guides together, by title. */
  guides: z.array(libraryGuideSchema),
});
export type Library = z.infer<typeof librarySchema>;

/** Machine-readable refusals the page words in its own language. */
export const LIBRARY_REFUSALS = ['signed_out', 'link_invalid', 'link_expired', 'link_used'] as const;

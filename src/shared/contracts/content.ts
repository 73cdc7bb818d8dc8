import { z } from 'zod';
import { localeSchema } from './catalogue';

export const contentTypeSchema = z.enum(['plain', 'html', 'markdown']);

export const publicContentBlockSchema = z.object({
  key: z.string(),
  type: contentTypeSchema,
  value: z.string(),
  /** Safe HTML for display: markdown rendered, html sanitised, plain escaped. */
  html: z.string(),
  updatedAt: z.string(),
});
export type PublicContentBlock = z.infer<typeof publicContentBlockSchema>;

export const contentQuerySchema = z.object({
  locale: localeSchema,
  /** Comma-separated keys or key prefixes ending in '*', e.g. "page.about.*,announcement". */
  keys: z.string().min(1).max(500),
});

export const contentResponseSchema = z.record(z.string(), publicContentBlockSchema);
export type ContentMap = z.infer<typeof contentResponseSchema>;

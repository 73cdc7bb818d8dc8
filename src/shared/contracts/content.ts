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

/** The outside services the shop hands personal data to, as its configuration has them (docs/features/consent.md). */
export const PROCESSOR_KINDS = ['stripe', 'cinetpay', 'wave', 'whatsapp', 'email', 'files'] as const;
export const processorSchema = z.object({
  kind: z.enum(PROCESSOR_KINDS),
  /** The provider's host for the email and file services, which any provider may run. */
  host: z.string().nullable(),
  /** ISO 3166-1 alpha-2 codes; empty when the operator has not said where the provider is. */
  countries: z.array(z.string().length(2)),
});
export const processorsResponseSchema = z.object({ processors: z.array(processorSchema) });
export type Processor = z.infer<typeof processorSchema>;

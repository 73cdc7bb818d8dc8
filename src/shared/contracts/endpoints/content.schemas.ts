import { z } from 'zod';
import { localeSchema } from '../catalogue';
import { contentTypeSchema } from '../content';

/** One content block as the admin Content tab lists it. */
export const adminContentBlockSchema = z.object({
  key: z.string(),
  value: z.string(),
  type: contentTypeSchema,
  locale: localeSchema,
  version: z.number().int(),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type AdminContentBlock = z.infer<typeof adminContentBlockSchema>;

export const adminContentListQuerySchema = z.object({ locale: localeSchema.optional() });
export const adminContentListSchema = z.array(adminContentBlockSchema);

export const adminContentKeyParamsSchema = z.object({ key: z.string().max(200) });

/** PUT /api/admin/content/{key}: creates the block (version 1) or saves a new version. */
export const saveContentBodySchema = z.object({
  /** Blank or missing is refused with 'Value is required'. */
  value: z.string().max(200_000).default(''),
  type: contentTypeSchema.default('plain'),
  locale: localeSchema.default('fr'),
});
export type SaveContentBody = z.infer<typeof saveContentBodySchema>;

export const contentVersionsQuerySchema = z.object({ locale: localeSchema.default('fr') });

export const contentVersionSchema = z.object({
  version: z.number().int(),
  createdAt: z.string(),
  updatedBy: z.string(),
  value: z.string(),
  type: contentTypeSchema,
});
export type ContentVersion = z.infer<typeof contentVersionSchema>;
export const contentVersionListSchema = z.array(contentVersionSchema);

/** POST /api/admin/content/{key}/rollback: that version's value becomes current as a new version. */
export const rollbackContentBodySchema = z.object({
  version: z.number().int().positive(),
  locale: localeSchema.default('fr'),
});

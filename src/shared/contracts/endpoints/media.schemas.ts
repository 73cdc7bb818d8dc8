import { z } from 'zod';

/** One uploaded image as the admin Media tab lists it. */
export const mediaItemSchema = z.object({
  id: z.string(),
  /** /api/images/{publicName}: usable as <img src> inside html content blocks. */
  url: z.string(),
  alt: z.string(),
  fileName: z.string(),
  /** Bytes of the stored (re-encoded) image. */
  fileSize: z.number().int(),
  /** The content blocks whose current text shows this image, as "key (fr)". */
  usedBy: z.array(z.string()),
});
export type MediaItem = z.infer<typeof mediaItemSchema>;

export const mediaListSchema = z.array(mediaItemSchema);

export const mediaIdParamsSchema = z.object({ id: z.string().max(100) });

export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

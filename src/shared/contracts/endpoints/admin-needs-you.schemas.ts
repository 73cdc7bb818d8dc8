import { z } from 'zod';

/**
 * "Needs you": what waits for the operator, counted from the database on each request (so every
 * instance answers the same). Each kind names the admin tab where it is dealt with; the tab shows
 * the sum of its kinds, the Analytics tab lists them (docs/features/needs-you.md).
 */
export const needSchema = z.object({
  /** Stable name of the kind, e.g. receipts-to-check. */
  key: z.string(),
  /** The admin tab where the operator deals with it (its address /admin/<tab>). */
  tab: z.string(),
  count: z.int().min(0),
  /** The English words for one and for several: "payment proof to check", "payment proofs to check". */
  one: z.string(),
  other: z.string(),
});
export type Need = z.infer<typeof needSchema>;

export const needsYouSchema = z.object({ needs: z.array(needSchema) });
export type NeedsYou = z.infer<typeof needsYouSchema>;

export const adminNeedsYouSchemas = {
  needsYou: {
    summary: 'What waits for the operator, counted per kind with the admin tab where it is dealt with',
    response: { 200: needsYouSchema },
  },
};

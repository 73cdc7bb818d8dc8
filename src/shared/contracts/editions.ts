import { z } from 'zod';

/** An edition as a buyer sees it: "Édition 2027 — mise à jour le 3 mars". */
export const editionSummarySchema = z.object({
  number: z.int(),
  labelFr: z.string(),
  labelEn: z.string(),
  publishedAt: z.string(),
});
export type EditionSummary = z.infer<typeof editionSummarySchema>;

/** Per guide of an order: the edition bought and the latest (the default download). */
export const orderEditionsSchema = z.array(
  z.object({
    guideId: z.string(),
    bought: editionSummarySchema.nullable(),
    latest: editionSummarySchema.nullable(),
  }),
);
export type OrderEditions = z.infer<typeof orderEditionsSchema>;

import { z } from 'zod';

/** A new edition's texts: what changed in both languages, bounded so a paste cannot flood a mail. */
export const EDITION_CHANGES_MAX = 5000;
export const EDITION_LABEL_MAX = 60;

export const editionMessages = {
  pdfRequired: 'The new edition’s PDF is required',
  changesFrRequired: 'What changed (French) is required',
  changesEnRequired: 'What changed (English) is required',
  changesTooLong: `What changed must be at most ${EDITION_CHANGES_MAX} characters`,
  labelTooLong: `The edition’s label must be at most ${EDITION_LABEL_MAX} characters`,
  notifyInvalid: 'notifyBuyers must be true or false',
} as const;

/** Required in the guide's own language only (the service checks it); the other language takes that text. */
const changes = z.string().trim().max(EDITION_CHANGES_MAX, editionMessages.changesTooLong).optional();
const label = z.string().trim().max(EDITION_LABEL_MAX, editionMessages.labelTooLong).optional();

/** The publish form's fields, as multipart strings. An empty label takes the year's default. */
export const editionFieldsSchema = z.object({
  changesFr: changes,
  changesEn: changes,
  labelFr: label,
  labelEn: label,
  notifyBuyers: z
    .enum(['true', 'false', 'on'], { error: editionMessages.notifyInvalid })
    .transform((value) => value !== 'false')
    .optional(),
});
export type EditionFields = z.output<typeof editionFieldsSchema>;

/** How far the "new edition" emails have got: sent and failed of total addresses. */
export const editionMailingSchema = z.object({
  total: z.int(),
  sent: z.int(),
  failed: z.int(),
});

/** One edition as the admin lists it under its guide. */
export const adminEditionSchema = z.object({
  id: z.string(),
  number: z.int(),
  labelFr: z.string(),
  labelEn: z.string(),
  fileName: z.string(),
  fileSize: z.int(),
  hasSecondary: z.boolean(),
  pageCount: z.int().nullable(),
  changesFr: z.string(),
  changesEn: z.string(),
  publishedAt: z.string(),
  /** Null when past buyers were not told. */
  mailing: editionMailingSchema.nullable(),
});
export type AdminEdition = z.infer<typeof adminEditionSchema>;
export const adminEditionListSchema = z.array(adminEditionSchema);

/** The Emails tab's progress lines: each edition whose buyers are being (or were) told. */
export const editionMailingRowSchema = editionMailingSchema.extend({
  editionId: z.string(),
  guideTitle: z.string(),
  labelFr: z.string(),
  labelEn: z.string(),
  publishedAt: z.string(),
});
export type EditionMailingRow = z.infer<typeof editionMailingRowSchema>;

import {
  COVER_MAX_BYTES,
  COVER_TYPES,
  GUIDE_PDF_MAX_BYTES,
  guideFieldsSchema,
  guideMessages,
} from '../../../shared/contracts/endpoints/guides.schemas';

/** The dialog's text fields, as typed. */
export interface GuideFormValues {
  title: string;
  description: string;
  price: string;
  locale: 'fr' | 'en';
  isActive: boolean;
}

/** The files picked in the dialog; a browser File in the app, any sized and typed thing in tests. */
export interface PickedFile {
  type: string;
  size: number;
}
export interface GuideFormFiles<F extends PickedFile = PickedFile> {
  coverImage?: F;
  pdfPrimary?: F;
  pdfSecondary?: F;
}

export type GuideFormField = keyof GuideFormValues | keyof GuideFormFiles | 'files';
export type GuideFormProblems = Partial<Record<GuideFormField, string>>;

export function coverProblem(file: PickedFile): string | null {
  if (!(COVER_TYPES as readonly string[]).includes(file.type)) return guideMessages.coverType;
  if (file.size > COVER_MAX_BYTES) return guideMessages.coverSize;
  return null;
}

/** A PDF picked in the dialog ('PDF size…') or from a row ('File size…'): spec admin §5. */
export function pdfProblem(file: PickedFile, where: 'form' | 'row'): string | null {
  if (file.type !== 'application/pdf') return guideMessages.pdfType;
  if (file.size > GUIDE_PDF_MAX_BYTES)
    return where === 'form' ? guideMessages.pdfSize : guideMessages.rowPdfSize;
  return null;
}

/**
 * The browser-side checks of the guide dialog, with the spec's texts (admin §5): the text fields by
 * the server's own `guideFieldsSchema` (one schema per form), the files by type and size.
 * The server checks all of it again, and decides a file's type by its content.
 */
export function guideFormProblems(
  values: GuideFormValues,
  files: GuideFormFiles,
  creating: boolean,
): GuideFormProblems {
  const problems: GuideFormProblems = {};
  const fields = guideFieldsSchema.safeParse(values);
  for (const issue of fields.success ? [] : fields.error.issues) {
    const field = issue.path[0] as keyof GuideFormValues;
    problems[field] ??= issue.message;
  }
  if (creating && (!files.coverImage || !files.pdfPrimary)) problems.files = guideMessages.filesRequired;
  const cover = files.coverImage && coverProblem(files.coverImage);
  if (cover) problems.coverImage = cover;
  const primary = files.pdfPrimary && pdfProblem(files.pdfPrimary, 'form');
  if (primary) problems.pdfPrimary = primary;
  const secondary = files.pdfSecondary && pdfProblem(files.pdfSecondary, 'form');
  if (secondary) problems.pdfSecondary = secondary;
  return problems;
}

/** The multipart body of POST /api/admin/guides and PUT /api/admin/guides/{id}; text fields first. */
export function guideFormData(values: GuideFormValues, files: GuideFormFiles<Blob & PickedFile>): FormData {
  const body = new FormData();
  body.append('title', values.title.trim());
  body.append('description', values.description.trim());
  body.append('price', values.price.trim());
  body.append('locale', values.locale);
  body.append('isActive', String(values.isActive));
  for (const field of ['coverImage', 'pdfPrimary', 'pdfSecondary'] as const) {
    const file = files[field];
    if (file) body.append(field, file);
  }
  return body;
}

import { useId } from 'react';
import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { Modal } from '../../components/ui/modal';
import { DialogButtons } from '../shell/dialog-buttons';
import { UploadProgress } from '../shell/upload-progress';
import { coverProblem, type GuideFormField, pdfProblem } from './guide-form';
import { type FileField, type GuideDialogProps, type GuideForm, useGuideForm } from './use-guide-form';

const FILE_INPUTS: { field: FileField; label: string; accept: string; check(file: File): string | null }[] = [
  {
    field: 'coverImage',
    label: 'Cover image (JPEG or PNG, max 10MB)',
    accept: 'image/jpeg,image/png',
    check: coverProblem,
  },
  {
    field: 'pdfPrimary',
    label: 'Primary PDF (max 50MB)',
    accept: 'application/pdf',
    check: (file) => pdfProblem(file, 'form'),
  },
  {
    field: 'pdfSecondary',
    label: 'Secondary PDF guide (optional)',
    accept: 'application/pdf',
    check: (file) => pdfProblem(file, 'form'),
  },
];

const inputClass = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2';

function FieldProblem({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/**
 * 'Add New Travel Guide' / 'Edit Travel Guide' (spec admin §2 Guides tab, §5, §7). With files the
 * form goes as multipart with a progress bar and can be cancelled; an edit without files is JSON.
 */
export function GuideDialog(props: GuideDialogProps) {
  const { guide } = props;
  const form = useGuideForm(props);
  const { creating, problems } = form;
  const id = useId();
  const describedBy = (field: GuideFormField) => (problems[field] ? `${id}-${field}-problem` : undefined);
  const titleId = `${id}-title`;

  return (
    <Modal open onClose={form.close} labelledBy={titleId} wide>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <h3 id={titleId} className="text-lg font-semibold">
          {creating ? 'Add New Travel Guide' : 'Edit Travel Guide'}
        </h3>
        <GuideDetails form={form} describedBy={describedBy} problemId={(field) => `${id}-${field}-problem`} />
        <GuideFiles
          form={form}
          guide={guide}
          describedBy={describedBy}
          problemId={(field) => `${id}-${field}-problem`}
        />
        <DialogButtons onCancel={form.close} saving={form.saving} creating={creating} />
      </form>
    </Modal>
  );
}

/** The cover and the PDFs: each checked when chosen; an edit keeps the current file when left empty. */
function GuideFiles(props: {
  form: GuideForm;
  guide: AdminGuide | null;
  describedBy(field: GuideFormField): string | undefined;
  problemId(field: GuideFormField): string;
}) {
  return (
    <fieldset className="space-y-3 rounded-md border border-stone-200 p-3">
      <legend className="px-1 text-sm font-semibold">File uploads</legend>
      {!props.form.creating && (
        <p className="text-xs text-stone-600">
          Leave a file empty to keep the current one
          {props.guide?.fileName ? ` (${props.guide?.fileName})` : ''}.
        </p>
      )}
      {FILE_INPUTS.map(({ field, label, accept, check }) => (
        <div key={field}>
          <label className="block text-sm font-medium">
            {label}
            <input
              type="file"
              name={field}
              accept={accept}
              onChange={props.form.pick(field, check)}
              aria-invalid={Boolean(props.form.problems[field])}
              aria-describedby={props.describedBy(field)}
              className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2"
            />
          </label>
          <FieldProblem id={props.problemId(field)} message={props.form.problems[field]} />
        </div>
      ))}
      <FieldProblem id={props.problemId('files')} message={props.form.problems.files} />
      <UploadProgress control={props.form.upload} label="Upload progress" />
    </fieldset>
  );
}

/** Title, description, price, language and whether the guide is on sale. */
function GuideDetails(props: {
  form: GuideForm;
  describedBy(field: GuideFormField): string | undefined;
  problemId(field: GuideFormField): string;
}) {
  const { values, set, problems } = props.form;
  return (
    <>
      <label className="block text-sm font-medium">
        Title
        <input
          name="title"
          value={values.title}
          onChange={(e) => set('title', e.target.value)}
          aria-invalid={Boolean(problems.title)}
          aria-describedby={props.describedBy('title')}
          className={inputClass}
        />
      </label>
      <FieldProblem id={props.problemId('title')} message={problems.title} />
      <label className="block text-sm font-medium">
        Description
        <textarea
          name="description"
          rows={3}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          aria-invalid={Boolean(problems.description)}
          aria-describedby={props.describedBy('description')}
          className={inputClass}
        />
      </label>
      <FieldProblem id={props.problemId('description')} message={problems.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label className="block text-sm font-medium">
            Price (EUR)
            <input
              name="price"
              type="number"
              inputMode="decimal"
              min="0"
              step="0.01"
              value={values.price}
              onChange={(e) => set('price', e.target.value)}
              aria-invalid={Boolean(problems.price)}
              aria-describedby={props.describedBy('price')}
              className={inputClass}
            />
          </label>
          <FieldProblem id={props.problemId('price')} message={problems.price} />
        </div>
        <label className="block text-sm font-medium">
          Language
          <select
            name="locale"
            value={values.locale}
            onChange={(e) => set('locale', e.target.value as 'fr' | 'en')}
            className={`${inputClass} bg-white`}
          >
            <option value="fr">Français</option>
            <option value="en">English</option>
          </select>
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="isActive"
          checked={values.isActive}
          onChange={(e) => set('isActive', e.target.checked)}
          className="h-4 w-4"
        />
        Active (visible to customers)
      </label>
    </>
  );
}

import { type ChangeEvent, type FormEvent, useId, useState } from 'react';
import type { AdminGuide } from '../../../shared/contracts/admin/guides';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { adminFetch, adminUpload, isAbortError } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { UploadProgress, useUploadControl } from '../shell/upload-progress';
import {
  coverProblem,
  type GuideFormField,
  type GuideFormFiles,
  type GuideFormProblems,
  type GuideFormValues,
  guideFormData,
  guideFormProblems,
  pdfProblem,
} from './guide-form';

type FileField = keyof GuideFormFiles;

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

function initialValues(guide: AdminGuide | null, defaultLocale: 'fr' | 'en'): GuideFormValues {
  return guide
    ? {
        title: guide.title,
        description: guide.description,
        price: guide.price,
        locale: guide.locale,
        isActive: guide.isActive,
      }
    : { title: '', description: '', price: '0.00', locale: defaultLocale, isActive: true };
}

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
export function GuideDialog(props: {
  guide: AdminGuide | null;
  defaultLocale: 'fr' | 'en';
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const { guide } = props;
  const creating = guide === null;
  const id = useId();
  const [values, setValues] = useState(() => initialValues(guide, props.defaultLocale));
  const [files, setFiles] = useState<GuideFormFiles<File>>({});
  const [problems, setProblems] = useState<GuideFormProblems>({});
  const [saving, setSaving] = useState(false);
  const upload = useUploadControl();

  const set = <K extends keyof GuideFormValues>(field: K, value: GuideFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const pick =
    (field: FileField, check: (file: File) => string | null) => (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      const problem = file ? check(file) : null;
      if (problem) event.target.value = '';
      setFiles((current) => ({ ...current, [field]: problem ? undefined : file }));
      setProblems((current) => ({ ...current, [field]: problem ?? undefined, files: undefined }));
    };

  const save = async () => {
    const hasFiles = Boolean(files.coverImage || files.pdfPrimary || files.pdfSecondary);
    if (hasFiles) {
      await adminUpload(
        creating ? '/api/admin/guides' : `/api/admin/guides/${encodeURIComponent(guide.id)}`,
        {
          method: creating ? 'POST' : 'PUT',
          body: guideFormData(values, files),
          ...upload.begin(),
        },
      );
      return creating
        ? 'Travel guide created successfully with files'
        : 'Travel guide updated successfully with files';
    }
    await adminFetch(`/api/travel-guides/${encodeURIComponent(guide?.id ?? '')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...values, title: values.title.trim(), description: values.description.trim() }),
    });
    return 'Travel guide updated successfully';
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = guideFormProblems(values, files, creating);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const message = await save();
      toast({ title: message });
      await props.onSaved();
      props.onClose();
    } catch (error) {
      if (isAbortError(error)) toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
      else showAdminError(error);
    } finally {
      upload.end();
      setSaving(false);
    }
  };

  const close = () => {
    upload.cancel();
    props.onClose();
  };

  const describedBy = (field: GuideFormField) => (problems[field] ? `${id}-${field}-problem` : undefined);
  const titleId = `${id}-title`;

  return (
    <Modal open onClose={close} labelledBy={titleId} wide>
      <form onSubmit={submit} noValidate className="space-y-4">
        <h3 id={titleId} className="text-lg font-semibold">
          {creating ? 'Add New Travel Guide' : 'Edit Travel Guide'}
        </h3>
        <label className="block text-sm font-medium">
          Title
          <input
            name="title"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            aria-invalid={Boolean(problems.title)}
            aria-describedby={describedBy('title')}
            className={inputClass}
          />
        </label>
        <FieldProblem id={`${id}-title-problem`} message={problems.title} />
        <label className="block text-sm font-medium">
          Description
          <textarea
            name="description"
            rows={3}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            aria-invalid={Boolean(problems.description)}
            aria-describedby={describedBy('description')}
            className={inputClass}
          />
        </label>
        <FieldProblem id={`${id}-description-problem`} message={problems.description} />
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
                aria-describedby={describedBy('price')}
                className={inputClass}
              />
            </label>
            <FieldProblem id={`${id}-price-problem`} message={problems.price} />
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
        <fieldset className="space-y-3 rounded-md border border-stone-200 p-3">
          <legend className="px-1 text-sm font-semibold">File uploads</legend>
          {!creating && (
            <p className="text-xs text-stone-600">
              Leave a file empty to keep the current one{guide.fileName ? ` (${guide.fileName})` : ''}.
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
                  onChange={pick(field, check)}
                  aria-invalid={Boolean(problems[field])}
                  aria-describedby={describedBy(field)}
                  className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-stone-100 file:px-3 file:py-2"
                />
              </label>
              <FieldProblem id={`${id}-${field}-problem`} message={problems[field]} />
            </div>
          ))}
          <FieldProblem id={`${id}-files-problem`} message={problems.files} />
          <UploadProgress control={upload} label="Upload progress" />
        </fieldset>
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={close}
            className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
          >
            Cancel
          </button>
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
          >
            {saving ? 'Saving...' : creating ? 'Create' : 'Update'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

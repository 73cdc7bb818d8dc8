import { type FormEvent, useId, useState } from 'react';
import type { AdminEdition } from '../../../shared/contracts/admin/editions';
import type { AdminGuide } from '../../../shared/contracts/admin/guides';
import * as editions from '../../../shared/contracts/endpoints/editions';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { formatFileSize } from '../../lib/format';
import { adminUploadTo, isAbortError } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { UploadProgress, useUploadControl } from '../shell/upload-progress';
import { useAdminData } from '../shell/use-admin-data';
import { rowButtonClass } from './guide-actions';
import { pdfProblem } from './guide-form';

const inputClass = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2';

/** "412 of 1,280 sent" (and the failures), as the Emails tab says it too. */
export function mailingLine(mailing: NonNullable<AdminEdition['mailing']>): string {
  const n = (value: number) => value.toLocaleString('en-GB');
  const failed = mailing.failed > 0 ? ` · ${n(mailing.failed)} failed` : '';
  return `${n(mailing.sent)} of ${n(mailing.total)} sent${failed}`;
}

/** 'Editions' on a guide's row: every edition kept, and the form that publishes the next one. */
export function GuideEditionsButton({ guide, onChanged }: { guide: AdminGuide; onChanged(): Promise<void> }) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Editions of ${guide.title}`}
        className={`${rowButtonClass} mt-2 border-stone-300 hover:bg-stone-50`}
      >
        Editions
      </button>
      {open && (
        <Modal open onClose={() => setOpen(false)} labelledBy={titleId} wide>
          <h3 id={titleId} className="text-lg font-semibold">
            Editions of {guide.title}
          </h3>
          <GuideEditions guide={guide} onChanged={onChanged} />
          <div className="mt-4 flex justify-end">
            <button
              type="button"
              onClick={() => setOpen(false)}
              className={`${rowButtonClass} border-stone-300`}
            >
              Close
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}

function GuideEditions({ guide, onChanged }: { guide: AdminGuide; onChanged(): Promise<void> }) {
  const list = useAdminData(editions.listEditions, { params: { id: guide.id } });
  return (
    <div className="mt-3 space-y-4">
      {list.error && (
        <p role="alert" className="text-sm text-red-700">
          {list.error.message}
        </p>
      )}
      <ol className="space-y-2" aria-busy={list.pending} data-testid="edition-list">
        {(list.data ?? []).map((edition) => (
          <EditionItem key={edition.id} edition={edition} />
        ))}
      </ol>
      <PublishEditionForm
        guide={guide}
        onPublished={async () => {
          await Promise.all([list.reload(), onChanged()]);
        }}
      />
    </div>
  );
}

function EditionItem({ edition }: { edition: AdminEdition }) {
  return (
    <li className="rounded-md border border-stone-200 p-3 text-sm" data-testid="edition-item">
      <p className="font-medium">
        {edition.number}. {edition.labelFr} / {edition.labelEn}
        <span className="ml-2 font-normal text-stone-600">
          {new Date(edition.publishedAt).toLocaleDateString('en-GB')}
        </span>
      </p>
      <p className="break-all text-xs text-stone-600">
        {edition.fileName} · {formatFileSize(edition.fileSize, 'en')}
        {edition.pageCount ? ` · ${edition.pageCount} pages` : ''}
        {edition.hasSecondary ? ' · with companion' : ''}
      </p>
      {edition.changesEn && <p className="mt-1 whitespace-pre-line">{edition.changesEn}</p>}
      {edition.mailing && (
        <p className="mt-1 text-xs font-medium text-teal-900" data-testid="edition-mailing">
          Buyers told: {mailingLine(edition.mailing)}
        </p>
      )}
    </li>
  );
}

function PublishEditionForm({ guide, onPublished }: { guide: AdminGuide; onPublished(): Promise<void> }) {
  const upload = useUploadControl();
  const id = useId();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    for (const name of ['pdfPrimary', 'pdfSecondary']) {
      const file = body.get(name);
      const problem = file instanceof File && file.size > 0 ? pdfProblem(file, 'form') : null;
      if (problem) return showAdminError(problem);
    }
    try {
      await adminUploadTo(editions.publishEdition, { params: { id: guide.id }, body }, upload.begin());
    } catch (error) {
      if (isAbortError(error)) toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
      else showAdminError(error);
      return;
    } finally {
      upload.end();
    }
    form.reset();
    toast({ title: 'New edition published' });
    await onPublished();
  };
  const field = (name: string, label: string, multiline = false) => (
    <label className="block text-sm font-medium" htmlFor={`${id}-${name}`}>
      {label}
      {multiline ? (
        <textarea
          id={`${id}-${name}`}
          name={name}
          required
          rows={3}
          maxLength={5000}
          className={inputClass}
        />
      ) : (
        <input id={`${id}-${name}`} name={name} maxLength={60} className={inputClass} />
      )}
    </label>
  );
  return (
    <form onSubmit={submit} className="space-y-3 rounded-md border border-stone-200 p-3">
      <h4 className="font-semibold">Publish a new edition</h4>
      <label className="block text-sm font-medium">
        New PDF (max 50MB)
        <input
          type="file"
          name="pdfPrimary"
          accept="application/pdf"
          required
          className="mt-1 block w-full"
        />
      </label>
      <label className="block text-sm font-medium">
        New companion PDF (optional; else the current one stays)
        <input type="file" name="pdfSecondary" accept="application/pdf" className="mt-1 block w-full" />
      </label>
      <div className="grid gap-3 sm:grid-cols-2">
        {field('labelFr', 'Label in French (e.g. Édition 2027)')}
        {field('labelEn', 'Label in English (e.g. 2027 edition)')}
      </div>
      {field('changesFr', 'What changed, in French', true)}
      {field('changesEn', 'What changed, in English', true)}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="notifyBuyers" value="true" /> Tell past buyers by email
      </label>
      <UploadProgress control={upload} label={`Upload progress for the new edition of ${guide.title}`} />
      <button
        type="submit"
        disabled={upload.progress !== null}
        className="h-10 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
      >
        Publish edition
      </button>
    </form>
  );
}

import { type FormEvent, useId, useState } from 'react';
import type { AdminEdition } from '../../../shared/contracts/admin/editions';
import type { AdminGuide } from '../../../shared/contracts/admin/guides';
import * as editions from '../../../shared/contracts/endpoints/editions';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../components/ui/toast';
import { formatFileSize } from '../../lib/format';
import { AdminApiError, adminUploadTo, isAbortError } from '../auth/admin-session';
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

/** "Published: 37 buyers will be told by email", from the count the server queued. */
export function publishedLine(edition: AdminEdition): string {
  const total = edition.mailing?.total;
  if (total === undefined) return 'New edition published';
  if (total === 0) return 'Published: no past buyer to tell';
  return `Published: ${total.toLocaleString('en-GB')} ${total === 1 ? 'buyer' : 'buyers'} will be told by email`;
}

interface Refusal {
  message: string;
  field?: string;
}

function PublishEditionForm({ guide, onPublished }: { guide: AdminGuide; onPublished(): Promise<void> }) {
  const upload = useUploadControl();
  const id = useId();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // Asked in the guide's own language only: the buyers' notice in the other language says the same.
  const english = { suffix: 'En', name: 'English', example: '2027 edition' };
  const french = { suffix: 'Fr', name: 'French', example: 'Édition 2027' };
  const [language, other] = guide.locale === 'en' ? [english, french] : [french, english];
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = new FormData(form);
    setRefusal(null);
    for (const name of ['pdfPrimary', 'pdfSecondary']) {
      const file = body.get(name);
      const problem = file instanceof File && file.size > 0 ? pdfProblem(file, 'form') : null;
      if (problem) return setRefusal({ message: problem, field: name });
    }
    let published: AdminEdition;
    try {
      published = await adminUploadTo(
        editions.publishEdition,
        { params: { id: guide.id }, body },
        upload.begin(),
      );
    } catch (error) {
      if (isAbortError(error)) toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
      else if (error instanceof AdminApiError) setRefusal({ message: error.message, field: error.field });
      else showAdminError(error);
      return;
    } finally {
      upload.end();
    }
    form.reset();
    toast({ title: publishedLine(published) });
    await onPublished();
  };
  const errorId = `${id}-refusal`;
  const invalid = (name: string) =>
    refusal?.field === name ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const field = (name: string, label: string, multiline = false, required = true) => (
    <label className="block text-sm font-medium" htmlFor={`${id}-${name}`}>
      {label}
      {multiline ? (
        <textarea
          id={`${id}-${name}`}
          name={name}
          required={required}
          rows={3}
          maxLength={5000}
          className={inputClass}
          {...invalid(name)}
        />
      ) : (
        <input id={`${id}-${name}`} name={name} maxLength={60} className={inputClass} {...invalid(name)} />
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
          {...invalid('pdfPrimary')}
        />
      </label>
      <label className="block text-sm font-medium">
        New companion PDF (optional; else the current one stays)
        <input
          type="file"
          name="pdfSecondary"
          accept="application/pdf"
          className="mt-1 block w-full"
          {...invalid('pdfSecondary')}
        />
      </label>
      {field(`label${language.suffix}`, `Label (e.g. ${language.example}; empty: the year)`)}
      {field(`changes${language.suffix}`, `What changed (in ${language.name}, the guide’s language)`, true)}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">Also in {other.name} (optional)</summary>
        <p className="mt-1 text-stone-600">
          Buyers who read the shop in {other.name} get these; left empty, they get the text above.
        </p>
        {field(`label${other.suffix}`, `Label in ${other.name}`)}
        {field(`changes${other.suffix}`, `What changed, in ${other.name}`, true, false)}
      </details>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="notifyBuyers" value="true" /> Tell past buyers by email
      </label>
      {refusal && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {refusal.message}
        </p>
      )}
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

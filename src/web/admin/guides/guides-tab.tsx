import { type ChangeEvent, useId, useRef, useState } from 'react';
import type { AdminGuide, CanDelete } from '../../../shared/contracts/admin/guides';
import { toast } from '../../components/ui/toast';
import { formatFileSize } from '../../lib/format';
import { adminFetch, adminUpload, isAbortError } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { CELL } from '../shell/table-cells';
import { UploadProgress, useUploadControl } from '../shell/upload-progress';
import { useAdminAction, useAdminData } from '../shell/use-admin-data';
import { GuideDialog } from './guide-dialog';
import { pdfProblem } from './guide-form';

type LanguageFilter = 'all' | 'en' | 'fr';
const FILTERS: { value: LanguageFilter; label: string }[] = [
  { value: 'all', label: 'All Languages' },
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
];

const UNPUBLISH_CONFIRM =
  'This will unpublish the travel guide (remove it from the storefront). You can republish it later. Continue?';
const DELETE_CONFIRM =
  'This will permanently delete the travel guide. This action cannot be undone. Are you sure?';

const buttonClass = 'rounded-md border px-3 py-1.5 text-sm font-medium disabled:opacity-60';

/** The admin Guides tab (spec: admin §2 Guides tab, §4 Guide states, §5, §8). */
export function GuidesTab() {
  const [filter, setFilter] = useState<LanguageFilter>('all');
  const guides = useAdminData<AdminGuide[]>(`/api/admin/travel-guides?locale=${filter}`);
  // undefined: closed; null: a new guide; else the guide being edited.
  const [editing, setEditing] = useState<AdminGuide | null | undefined>(undefined);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <label className="text-sm font-medium">
            Language
            <select
              name="languageFilter"
              value={filter}
              onChange={(event) => setFilter(event.target.value as LanguageFilter)}
              className="mt-1 block h-10 rounded-md border border-stone-300 bg-white px-2"
            >
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          {filter !== 'all' && (
            <button
              type="button"
              onClick={() => setFilter('all')}
              className="h-10 rounded-md border border-stone-300 px-3 text-sm font-medium hover:bg-stone-50"
            >
              Clear Filter
            </button>
          )}
        </div>
        <button
          type="button"
          onClick={() => setEditing(null)}
          className="h-10 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700"
        >
          Add New Guide
        </button>
      </div>
      {guides.data === undefined && guides.pending ? (
        <p className="text-sm text-stone-600">Loading…</p>
      ) : guides.error || !guides.data ? (
        <p role="alert" className="text-sm text-red-700">
          {guides.error?.message}
        </p>
      ) : guides.data.length === 0 ? (
        <p className="text-sm text-stone-600">
          No travel guides{filter === 'all' ? '' : ' in this language'}.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-stone-200 bg-white">
          <table className="w-full text-left text-sm max-sm:block sm:min-w-[56rem]">
            <thead className="bg-stone-50 text-xs uppercase tracking-wide text-stone-600 max-sm:hidden">
              <tr>
                {['Product', 'Price', 'Rating', 'Status', 'File', 'Actions'].map((heading) => (
                  <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-200 max-sm:block">
              {guides.data.map((guide) => (
                <GuideRow
                  key={guide.id}
                  guide={guide}
                  onEdit={() => setEditing(guide)}
                  onChanged={guides.reload}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing !== undefined && (
        <GuideDialog
          guide={editing}
          defaultLocale={filter === 'all' ? 'fr' : filter}
          onClose={() => setEditing(undefined)}
          onSaved={guides.reload}
        />
      )}
    </div>
  );
}

function GuideRow({
  guide,
  onEdit,
  onChanged,
}: {
  guide: AdminGuide;
  onEdit(): void;
  onChanged(): Promise<void>;
}) {
  const path = `/api/travel-guides/${encodeURIComponent(guide.id)}`;
  const reasonId = useId();

  const unpublish = useAdminAction(async () => {
    if (!window.confirm(UNPUBLISH_CONFIRM)) return;
    try {
      await adminFetch(path, { method: 'DELETE' });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Travel guide unpublished successfully' });
    await onChanged();
  });

  const remove = useAdminAction(async () => {
    try {
      const verdict = (await (await adminFetch(`${path}/can-delete`)).json()) as CanDelete;
      if (!verdict.canDelete) {
        toast({
          title: 'Cannot Delete',
          description: verdict.reason || 'This guide cannot be permanently deleted',
          variant: 'destructive',
        });
        return;
      }
      if (!window.confirm(DELETE_CONFIRM)) return;
      await adminFetch(`${path}/permanent`, { method: 'DELETE' });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Travel guide permanently deleted' });
    await onChanged();
  });

  return (
    <tr data-testid="guide-row" data-guide-id={guide.id} className="align-top max-sm:block max-sm:py-2">
      <td data-label="Product" className={CELL}>
        <div className="flex items-start gap-3">
          {guide.imageUrl ? (
            <img
              src={`${guide.imageUrl}?w=320`}
              alt=""
              width={48}
              height={64}
              loading="lazy"
              className="h-16 w-12 shrink-0 rounded bg-stone-100 object-cover"
            />
          ) : (
            <div className="h-16 w-12 shrink-0 rounded bg-stone-100" />
          )}
          <div className="min-w-0">
            <p className="font-medium">{guide.title}</p>
            <p className="mt-1 flex items-center gap-2 text-xs text-stone-600">
              <span className="rounded bg-stone-800 px-1.5 py-0.5 font-semibold text-white">
                {guide.locale.toUpperCase()}
              </span>
              Created {new Date(guide.createdAt).toLocaleDateString('en-GB')}
            </p>
          </div>
        </div>
      </td>
      <td data-label="Price" className={`${CELL} whitespace-nowrap`}>
        €{guide.price}
      </td>
      <td data-label="Rating" className={`${CELL} whitespace-nowrap`}>
        ★ {Number(guide.rating).toFixed(1)} <span className="text-stone-600">({guide.reviewCount})</span>
      </td>
      <td data-label="Status" className={CELL}>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${guide.isActive ? 'bg-emerald-100 text-emerald-900' : 'bg-stone-200 text-stone-800'}`}
        >
          {guide.isActive ? 'Active' : 'Inactive'}
        </span>
      </td>
      <td data-label="File" className={CELL}>
        {guide.fileName ? (
          <p className="max-w-[14rem] break-all text-xs">
            {guide.fileName}
            <span className="block text-stone-600">
              {formatFileSize(guide.fileSize, 'en')}
              {guide.pageCount ? ` · ${guide.pageCount} pages` : ''}
            </span>
          </p>
        ) : (
          <RowPdfUpload guide={guide} onChanged={onChanged} />
        )}
      </td>
      <td data-label="Actions" className={CELL}>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit ${guide.title}`}
            className={`${buttonClass} border-stone-300 hover:bg-stone-50`}
          >
            Edit
          </button>
          {guide.isActive ? (
            <button
              type="button"
              onClick={() => unpublish.run()}
              disabled={unpublish.pending}
              aria-label={`Unpublish ${guide.title}`}
              className={`${buttonClass} border-amber-400 text-amber-900 hover:bg-amber-50`}
            >
              Unpublish
            </button>
          ) : (
            <button
              type="button"
              onClick={() => remove.run()}
              disabled={remove.pending || guide.deleteBlockedReason !== null}
              aria-label={`Delete ${guide.title}`}
              aria-describedby={guide.deleteBlockedReason ? reasonId : undefined}
              className={`${buttonClass} border-red-300 text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent`}
            >
              Delete
            </button>
          )}
        </div>
        {!guide.isActive && guide.deleteBlockedReason ? (
          <p
            id={reasonId}
            data-testid="delete-blocked-reason"
            className="mt-1 max-w-[16rem] text-xs text-stone-600"
          >
            {guide.deleteBlockedReason}
          </p>
        ) : null}
      </td>
    </tr>
  );
}

/** 'Upload PDF' for a guide without a file (POST /api/admin/upload/guide), with progress and cancel. */
function RowPdfUpload({ guide, onChanged }: { guide: AdminGuide; onChanged(): Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadControl();

  const send = async (file: File) => {
    const body = new FormData();
    body.append('guideId', guide.id);
    body.append('pdf', file);
    try {
      await adminUpload('/api/admin/upload/guide', { method: 'POST', body, ...upload.begin() });
    } catch (error) {
      if (isAbortError(error)) toast({ title: 'Upload cancelled', description: 'Nothing was saved.' });
      else showAdminError(error);
      return;
    } finally {
      upload.end();
    }
    toast({ title: 'PDF uploaded successfully' });
    await onChanged();
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = pdfProblem(file, 'row');
    if (problem) showAdminError(problem);
    else void send(file);
  };

  return (
    <div className="min-w-[10rem] space-y-2">
      <input
        ref={input}
        type="file"
        accept="application/pdf"
        onChange={onFile}
        className="sr-only"
        aria-label={`PDF file for ${guide.title}`}
        tabIndex={-1}
      />
      {upload.progress === null ? (
        <button
          type="button"
          onClick={() => input.current?.click()}
          className={`${buttonClass} border-teal-700 text-teal-900 hover:bg-teal-50`}
        >
          Upload PDF
        </button>
      ) : (
        <UploadProgress control={upload} label={`Upload progress for ${guide.title}`} />
      )}
    </div>
  );
}

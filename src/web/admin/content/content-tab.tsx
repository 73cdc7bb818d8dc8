import { type FormEvent, useState } from 'react';
import type { AdminContentBlock, ContentVersion } from '../../../shared/contracts/admin/content';
import { toast } from '../../components/ui/toast';
import { adminFetch } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction, useAdminData } from '../shell/use-admin-data';

type Locale = AdminContentBlock['locale'];
type ContentType = AdminContentBlock['type'];

const CONTENT_TYPES: readonly ContentType[] = ['plain', 'html', 'markdown'];
const LOCALE_LABELS: Record<Locale, string> = { en: 'English', fr: 'Français' };

/** Saves a block; `createOnly` refuses (409) a key that already exists instead of saving over it. */
async function saveContent(
  key: string,
  body: { value: string; type: ContentType; locale: Locale },
  createOnly = false,
) {
  const response = await adminFetch(`/api/admin/content/${encodeURIComponent(key)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(createOnly ? { 'if-none-match': '*' } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as AdminContentBlock;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB');
}

/** The admin Content tab (spec: admin §2 Content tab, §5, §8). */
export function ContentTab() {
  const [locale, setLocale] = useState<Locale>('fr');
  const blocks = useAdminData<AdminContentBlock[]>(`/api/admin/content?locale=${locale}`);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 className="text-lg font-semibold">Bilingual Content Management</h3>
        <label className="flex items-center gap-2 text-sm font-medium">
          Locale
          <select
            name="contentLocale"
            value={locale}
            onChange={(event) => setLocale(event.target.value as Locale)}
            className="h-10 rounded-md border border-stone-300 bg-white px-2"
          >
            {(Object.keys(LOCALE_LABELS) as Locale[]).map((l) => (
              <option key={l} value={l}>
                {LOCALE_LABELS[l]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <CreateContentForm locale={locale} onChanged={blocks.reload} />
      {blocks.data === undefined && blocks.pending ? (
        <p className="text-sm text-stone-600">Loading…</p>
      ) : blocks.error || !blocks.data ? (
        <p role="alert" className="text-sm text-red-700">
          {blocks.error?.message}
        </p>
      ) : blocks.data.length === 0 ? (
        <p className="text-sm text-stone-600">No content blocks for this locale.</p>
      ) : (
        <ul className="space-y-3" aria-label="Content blocks">
          {blocks.data.map((block) => (
            <ContentBlockRow key={`${block.locale}:${block.key}`} block={block} onChanged={blocks.reload} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CreateContentForm({ locale, onChanged }: { locale: Locale; onChanged(): Promise<void> }) {
  const [key, setKey] = useState('');
  const [type, setType] = useState<ContentType>('plain');
  const [value, setValue] = useState('');
  const create = useAdminAction(async () => {
    try {
      await saveContent(key.trim(), { value, type, locale }, true);
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Content created successfully' });
    setKey('');
    setValue('');
    setType('plain');
    await onChanged();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!key.trim()) {
      showAdminError('Key is required');
      return;
    }
    if (!value.trim()) {
      showAdminError('Value is required');
      return;
    }
    void create.run();
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="create-content-title"
      className="space-y-3 rounded-lg border border-stone-200 p-4"
    >
      <h4 id="create-content-title" className="font-semibold">
        Create Content
      </h4>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <label className="block text-sm font-medium">
          Key
          <input
            name="contentKey"
            value={key}
            onChange={(event) => setKey(event.target.value)}
            placeholder="e.g. page.about.title"
            className="mt-1 h-10 w-full rounded-md border border-stone-300 px-3"
          />
        </label>
        <label className="block text-sm font-medium">
          Type
          <select
            name="contentType"
            value={type}
            onChange={(event) => setType(event.target.value as ContentType)}
            className="mt-1 h-10 w-full rounded-md border border-stone-300 bg-white px-2"
          >
            {CONTENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="block text-sm font-medium">
        Value
        <textarea
          name="contentValue"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          rows={3}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
        />
      </label>
      <button
        type="submit"
        disabled={create.pending}
        className="rounded-md bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
      >
        Create Content
      </button>
    </form>
  );
}

function Badge({ children }: { children: string }) {
  return (
    <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-medium text-stone-700">
      {children}
    </span>
  );
}

/** html values come sanitised from the server; they are still shown inside a sandboxed frame. */
function ValuePreview({ type, value }: { type: ContentType; value: string }) {
  if (type === 'html') {
    return (
      <iframe
        title="HTML preview"
        sandbox=""
        srcDoc={value}
        className="h-32 w-full rounded-md border border-stone-200 bg-white"
      />
    );
  }
  return <p className="text-sm break-words whitespace-pre-wrap text-stone-800">{value}</p>;
}

function ContentBlockRow({ block, onChanged }: { block: AdminContentBlock; onChanged(): Promise<void> }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(block.value);
  const [showHistory, setShowHistory] = useState(false);
  const update = useAdminAction(async () => {
    try {
      await saveContent(block.key, { value: draft, type: block.type, locale: block.locale });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Content updated successfully' });
    setEditing(false);
    await onChanged();
  });

  const save = () => {
    if (!draft.trim()) {
      showAdminError('Value is required');
      return;
    }
    void update.run();
  };

  return (
    <li
      className="space-y-2 rounded-lg border border-stone-200 p-4"
      data-testid="content-block"
      data-key={block.key}
    >
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold">{block.key}</code>
        <Badge>{block.type}</Badge>
        <Badge>{block.locale}</Badge>
        <span className="text-xs text-stone-600">
          v{block.version} · updated by {block.updatedBy} · {formatDate(block.updatedAt)}
        </span>
        <div className="ml-auto flex gap-2">
          <button
            type="button"
            onClick={() => {
              setDraft(block.value);
              setEditing((e) => !e);
            }}
            className="rounded-md border border-stone-300 px-3 py-1 text-sm hover:bg-stone-50"
          >
            {editing ? 'Cancel' : 'Edit'}
          </button>
          <button
            type="button"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((s) => !s)}
            className="rounded-md border border-stone-300 px-3 py-1 text-sm hover:bg-stone-50"
          >
            History
          </button>
        </div>
      </div>
      {editing ? (
        <div className="space-y-2">
          <label className="block text-sm font-medium">
            Value for {block.key}
            <textarea
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              rows={4}
              className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
            />
          </label>
          <button
            type="button"
            onClick={save}
            disabled={update.pending}
            className="rounded-md bg-teal-800 px-4 py-1.5 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
          >
            Save
          </button>
        </div>
      ) : (
        <ValuePreview type={block.type} value={block.value} />
      )}
      {/* Keyed by version: a new version (edit or restore) fetches the history again. */}
      {showHistory ? <VersionHistory key={block.version} block={block} onChanged={onChanged} /> : null}
    </li>
  );
}

function VersionHistory({ block, onChanged }: { block: AdminContentBlock; onChanged(): Promise<void> }) {
  const versions = useAdminData<ContentVersion[]>(
    `/api/admin/content/${encodeURIComponent(block.key)}/versions?locale=${block.locale}`,
  );
  const rollback = useAdminAction(async (version: number) => {
    try {
      await adminFetch(`/api/admin/content/${encodeURIComponent(block.key)}/rollback`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ version, locale: block.locale }),
      });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Content rolled back successfully' });
    await onChanged();
  });

  if (versions.data === undefined && versions.pending)
    return <p className="text-sm text-stone-600">Loading history…</p>;
  if (versions.error || !versions.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        {versions.error?.message}
      </p>
    );
  return (
    <ol
      className="divide-y divide-stone-100 rounded-md bg-stone-50 px-3"
      aria-label={`History of ${block.key}`}
    >
      {versions.data.map((v) => (
        <li
          key={v.version}
          className="flex flex-wrap items-center gap-3 py-2 text-sm"
          data-testid="content-version"
        >
          <span className="font-semibold">v{v.version}</span>
          <span className="text-stone-600">{formatDate(v.createdAt)}</span>
          <span className="text-stone-600">{v.updatedBy}</span>
          <span className="min-w-0 flex-1 truncate text-stone-800" title={v.value}>
            {v.value.length > 120 ? `${v.value.slice(0, 120)}…` : v.value}
          </span>
          {v.version === block.version ? (
            <span className="text-xs font-medium text-teal-800">Current</span>
          ) : (
            <button
              type="button"
              aria-label={`Restore version ${v.version}`}
              disabled={rollback.pending}
              onClick={() => void rollback.run(v.version)}
              className="rounded-md border border-stone-300 bg-white px-3 py-1 text-sm hover:bg-stone-100 disabled:opacity-60"
            >
              Restore
            </button>
          )}
        </li>
      ))}
    </ol>
  );
}

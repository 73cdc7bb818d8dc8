import { useState } from 'react';
import type { AdminContentBlock } from '../../../shared/contracts/endpoints/content.schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction } from '../shell/use-admin-data';
import { type ContentType, formatDate, saveContent } from './content-save';
import { VersionHistory } from './version-history';

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

export function ContentBlockRow({
  block,
  onChanged,
}: {
  block: AdminContentBlock;
  onChanged(): Promise<void>;
}) {
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
        <BlockEditor block={block} draft={draft} onDraft={setDraft} onSave={save} pending={update.pending} />
      ) : (
        <ValuePreview type={block.type} value={block.value} />
      )}
      {/* Keyed by version: a new version (edit or restore) fetches the history again. */}
      {showHistory ? <VersionHistory key={block.version} block={block} onChanged={onChanged} /> : null}
    </li>
  );
}

function BlockEditor(props: {
  block: AdminContentBlock;
  draft: string;
  onDraft(value: string): void;
  onSave(): void;
  pending: boolean;
}) {
  return (
    <div className="space-y-2">
      <label className="block text-sm font-medium">
        Value for {props.block.key}
        <textarea
          value={props.draft}
          onChange={(event) => props.onDraft(event.target.value)}
          rows={4}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
        />
      </label>
      <Button variant="admin" onClick={props.onSave} disabled={props.pending} className="px-4 py-1.5">
        Save
      </Button>
    </div>
  );
}

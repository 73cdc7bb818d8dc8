import { type ChangeEvent, useRef } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { MediaItem } from '../../../shared/contracts/endpoints/media.schemas';
import { AsyncState } from '../../components/ui/async-state';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { adminCall, adminUploadTo } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction, useAdminData } from '../shell/use-admin-data';

/** Same limit as the server's MEDIA_MAX_BYTES (shared/contracts/endpoints/media.schemas). */
const MEDIA_MAX_BYTES = 10 * 1024 * 1024;

/** The browser-side checks of a chosen file; the message to show, or null when it may be sent. */
export function mediaFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return 'Please select an image file';
  if (file.size >= MEDIA_MAX_BYTES) return 'File size must be less than 10MB';
  return null;
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).toString();
}

/** The admin Media tab (spec: admin §2 Media tab, §5, §8). */
export function MediaTab() {
  const media = useAdminData(admin.listMedia);

  const upload = useAdminAction(async (file: File) => {
    const body = new FormData();
    body.append('image', file);
    try {
      await adminUploadTo(admin.uploadMedia, { body });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Media uploaded successfully' });
    await media.reload();
  });

  const remove = useAdminAction(async (id: string) => {
    try {
      await adminCall(admin.deleteMedia, { params: { id } });
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Media deleted successfully' });
    await media.reload();
  });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = mediaFileProblem(file);
    if (problem) {
      showAdminError(problem);
      return;
    }
    void upload.run(file);
  };

  const copy = async (item: MediaItem) => {
    try {
      await navigator.clipboard.writeText(absoluteUrl(item.url));
      toast({ title: 'Copied', description: 'URL copied to clipboard' });
    } catch (error) {
      showAdminError(error);
    }
  };

  const confirmDelete = (item: MediaItem) => {
    if (window.confirm(deleteQuestion(item))) void remove.run(item.id);
  };

  return (
    <div className="space-y-6">
      <MediaHeader uploading={upload.pending} onFile={onFile} />
      <AsyncState
        state={media}
        isEmpty={(items) => items.length === 0}
        empty={<p className="text-sm text-stone-600">No images uploaded yet.</p>}
      >
        {(items) => (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4" aria-label="Media">
            {items.map((item) => (
              <MediaCard
                key={item.id}
                item={item}
                onCopy={() => copy(item)}
                onDelete={() => confirmDelete(item)}
                deleting={remove.pending}
              />
            ))}
          </ul>
        )}
      </AsyncState>
    </div>
  );
}

function MediaCard(props: { item: MediaItem; onCopy(): void; onDelete(): void; deleting: boolean }) {
  const { item } = props;
  return (
    <li data-testid="media-item" className="overflow-hidden rounded-lg border border-stone-200 bg-white">
      <img
        src={`${item.url}?w=320`}
        alt={item.alt || item.fileName}
        loading="lazy"
        className="aspect-[4/3] w-full bg-stone-100 object-cover"
      />
      <div className="space-y-2 p-3">
        <p className="truncate text-sm font-medium" title={item.fileName}>
          {item.fileName}
        </p>
        <p className="text-xs text-stone-600">{(item.fileSize / 1024).toFixed(1)} KB</p>
        <div className="flex gap-2">
          <Button onClick={props.onCopy} className="flex-1 px-2 py-1">
            Copy URL
          </Button>
          <Button
            variant="danger"
            aria-label={`Delete ${item.fileName}`}
            disabled={props.deleting}
            onClick={props.onDelete}
            className="px-2 py-1"
          >
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}

function MediaHeader(props: { uploading: boolean; onFile(event: ChangeEvent<HTMLInputElement>): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h3 className="text-lg font-semibold">Media Library</h3>
      <div>
        <input
          ref={input}
          id="media-upload"
          type="file"
          accept="image/*"
          onChange={props.onFile}
          className="sr-only"
          aria-label="Image file"
        />
        <Button
          variant="admin"
          disabled={props.uploading}
          onClick={() => input.current?.click()}
          className="px-4 py-2"
        >
          {props.uploading ? 'Uploading…' : 'Upload Image'}
        </Button>
      </div>
    </div>
  );
}

/** An image a text shows would leave a broken picture there: the question names those texts first. */
export function deleteQuestion(item: MediaItem): string {
  if (item.usedBy.length === 0) return `Delete ${item.fileName}?`;
  const blocks =
    item.usedBy.length === 1 ? 'this content block' : `these ${item.usedBy.length} content blocks`;
  return `${item.fileName} is shown in ${blocks}: ${item.usedBy.join(', ')}. Deleting it leaves a broken image there. Delete it anyway?`;
}

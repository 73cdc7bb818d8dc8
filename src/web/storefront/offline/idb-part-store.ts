import type { PartStore } from './resumable-download';

/**
 * Unfinished downloads in IndexedDB: one record per download (bytes kept, ETag) and its parts as
 * Blobs (the browser keeps them on disk), so a download survives a cut, a reload or a closed tab.
 * Each append writes the part and the new count in one transaction.
 */
const DB_NAME = 'guides-downloads';
const DOWNLOADS = 'downloads';
const PARTS = 'parts';

interface DownloadRecord {
  received: number;
  etag: string | null;
  parts: number;
}

let opened: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(DOWNLOADS);
      request.result.createObjectStore(PARTS);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  opened.catch(() => {
    opened = undefined;
  });
  return opened;
}

const asPromise = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

async function transaction<T>(
  mode: IDBTransactionMode,
  work: (downloads: IDBObjectStore, parts: IDBObjectStore) => Promise<T>,
): Promise<T> {
  const tx = (await database()).transaction([DOWNLOADS, PARTS], mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
  const result = await work(tx.objectStore(DOWNLOADS), tx.objectStore(PARTS));
  await done;
  return result;
}

const partsOf = (key: string) => IDBKeyRange.bound([key, 0], [key, Number.MAX_SAFE_INTEGER]);

async function record(downloads: IDBObjectStore, key: string): Promise<DownloadRecord> {
  const found = (await asPromise(downloads.get(key))) as DownloadRecord | undefined;
  return found ?? { received: 0, etag: null, parts: 0 };
}

export const indexedDbPartStore: PartStore = {
  state: (key) =>
    transaction('readonly', async (downloads) => {
      const { received, etag } = await record(downloads, key);
      return { received, etag };
    }),
  append: (key, bytes, etag) =>
    transaction('readwrite', async (downloads, parts) => {
      const current = await record(downloads, key);
      parts.put(bytes, [key, current.parts]);
      downloads.put(
        { received: current.received + bytes.size, etag: etag ?? current.etag, parts: current.parts + 1 },
        key,
      );
    }),
  restart: (key, etag) =>
    transaction('readwrite', async (downloads, parts) => {
      parts.delete(partsOf(key));
      downloads.put({ received: 0, etag, parts: 0 } satisfies DownloadRecord, key);
    }),
  assemble: (key, type) =>
    transaction('readonly', async (_downloads, parts) => {
      const blobs = (await asPromise(parts.getAll(partsOf(key)))) as Blob[];
      return new Blob(blobs, { type });
    }),
  clear: (key) =>
    transaction('readwrite', async (downloads, parts) => {
      parts.delete(partsOf(key));
      downloads.delete(key);
    }),
};

/** What this browser needs for an in-page, resumable download; without it, the plain link. */
export function canDownloadResumably(): boolean {
  return (
    typeof indexedDB !== 'undefined' &&
    typeof ReadableStream !== 'undefined' &&
    typeof Response !== 'undefined' &&
    'body' in Response.prototype &&
    typeof URL.createObjectURL === 'function'
  );
}

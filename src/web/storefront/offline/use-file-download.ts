import { useCallback, useEffect, useRef, useState } from 'react';
import { canDownloadResumably, indexedDbPartStore } from './idb-part-store';
import {
  canKeepOffline,
  handToBuyer,
  keepOffline,
  openSaved,
  type SavedGuide,
  savedGuides,
} from './offline-shelf';
import { type DownloadProgress, downloadResumably, type FileLink } from './resumable-download';

/** Said on window when a guide is kept or removed, so every list and space figure on the page updates. */
export const SHELF_CHANGED = 'guides-offline-changed';

export interface FileDownloadTarget {
  /** The same order, guide, file and variant find their kept bytes again under this key. */
  storageKey: string;
  /** A fresh link each time it is called: the full edition, the companion, or a light variant. */
  fetchLink(): Promise<FileLink>;
  orderId: string;
  title: string;
}

export type DownloadOutcome =
  | { kind: 'handed' | 'kept'; fileName: string; resumedFrom: number; saved: SavedGuide | null }
  | { kind: 'from-phone'; fileName: string }
  | { kind: 'plain-link' };

/** The download of one file of an order, resumable when the browser allows, and its kept copy. */
export function useFileDownload(target: FileDownloadTarget) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [kept, setKept] = useState<number>(0);
  const [saved, setSaved] = useState<SavedGuide | null>(null);
  const running = useRef<AbortController | null>(null);
  const { storageKey, orderId } = target;
  const targetRef = useRef(target);
  targetRef.current = target;

  const refresh = useCallback(async () => {
    const [mine] = (await savedGuides(orderId)).filter((guide) => guide.key === storageKey);
    setSaved(mine ?? null);
    if (canDownloadResumably()) setKept((await indexedDbPartStore.state(storageKey)).received);
  }, [orderId, storageKey]);

  useEffect(() => {
    void refresh().catch(() => undefined);
    const changed = () => void refresh().catch(() => undefined);
    window.addEventListener(SHELF_CHANGED, changed);
    return () => {
      window.removeEventListener(SHELF_CHANGED, changed);
      running.current?.abort();
    };
  }, [refresh]);

  /** Downloads the file (continuing what is kept), then hands it to the buyer and/or keeps it offline. */
  const run = useCallback(
    async (wanted: { handOff: boolean; keep: boolean }): Promise<DownloadOutcome | null> => {
      if (running.current) return null; // a second tap while it runs
      const { fetchLink } = targetRef.current;
      if (wanted.handOff && !wanted.keep && saved) {
        const file = await openSaved(storageKey);
        if (file) {
          handToBuyer(file, saved.fileName);
          return { kind: 'from-phone', fileName: saved.fileName };
        }
      }
      if (!canDownloadResumably()) {
        window.location.assign((await fetchLink()).downloadUrl);
        return { kind: 'plain-link' };
      }
      const controller = new AbortController();
      running.current = controller;
      setProgress({ received: kept, total: null, waiting: false });
      try {
        return await fetchAndKeep({
          ...targetRef.current,
          wanted,
          signal: controller.signal,
          onProgress: setProgress,
        });
      } finally {
        running.current = null;
        setProgress(null);
        void refresh().catch(() => undefined);
      }
    },
    [kept, refresh, saved, storageKey],
  );

  return { progress, kept, saved, run, busy: progress !== null };
}

/** The in-page download to its end, then the file handed to the buyer and/or kept on the phone. */
async function fetchAndKeep(
  options: FileDownloadTarget & {
    wanted: { handOff: boolean; keep: boolean };
    signal: AbortSignal;
    onProgress(progress: DownloadProgress): void;
  },
): Promise<DownloadOutcome> {
  const { storageKey, wanted } = options;
  const result = await downloadResumably({
    key: storageKey,
    fetchLink: options.fetchLink,
    store: indexedDbPartStore,
    signal: options.signal,
    onProgress: options.onProgress,
  });
  if (result.kind === 'plain-link') {
    window.location.assign(result.url);
    return { kind: 'plain-link' };
  }
  let saved: SavedGuide | null = null;
  if (wanted.keep && canKeepOffline()) {
    const guide = {
      key: storageKey,
      orderId: options.orderId,
      title: options.title,
      fileName: result.fileName,
    };
    saved = await keepOffline(guide, result.blob);
  }
  await indexedDbPartStore.clear(storageKey);
  if (wanted.handOff) handToBuyer(result.blob, result.fileName);
  window.dispatchEvent(new Event(SHELF_CHANGED));
  const kind = wanted.handOff ? 'handed' : 'kept';
  return { kind, fileName: result.fileName, resumedFrom: result.resumedFrom, saved };
}

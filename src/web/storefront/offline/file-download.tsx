import { useSyncExternalStore } from 'react';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { formatFileSize } from '../../lib/format';
import { offlineMessages } from './messages';
import { canKeepOffline } from './offline-shelf';
import { DownloadRefused } from './resumable-download';
import { SavedGuideActions } from './saved-guide-actions';
import { type DownloadOutcome, type FileDownloadTarget, useFileDownload } from './use-file-download';

export interface FileDownloadProps extends FileDownloadTarget {
  /** The Download button's text. */
  label: string;
  /** Offer "Save for offline" (the guide's main file; a companion is small and read online). */
  offline?: boolean;
  /** The stamped file's size, shown before anything is downloaded. */
  size?: number | null;
  variant?: 'primary' | 'link';
  /** The guide a download reports to the shop's analytics (data-guide-id). */
  guideId?: string;
}

/**
 * One file of an order: Download (in the page, resuming after a cut or an expired link, handed over
 * under its name at the end), and Save for offline, which keeps it on the phone instead.
 */
const noSubscription = () => () => {};

export function FileDownload(props: FileDownloadProps) {
  const t = useMessages(offlineMessages);
  // The server cannot know the browser's Cache Storage: the button appears after hydration, never during it.
  const offlineShelf = useSyncExternalStore(noSubscription, canKeepOffline, () => false);
  const { locale } = useI18n();
  const download = useFileDownload(props);
  const size = (bytes: number) => formatFileSize(bytes, locale) || '0';
  const { progress } = download;

  const go = useAnnouncedRun(download.run, props.title);

  const buttonClass =
    props.variant === 'link'
      ? 'text-sm text-teal-800 underline disabled:opacity-60'
      : 'h-10 shrink-0 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60';
  return (
    <div className="space-y-2" data-file-download={props.storageKey}>
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          disabled={download.busy}
          onClick={() => go({ handOff: true, keep: false })}
          // A tap before the app is ready is held and done once it is (docs/decisions/028-early-taps.md).
          data-tap={`download-${props.storageKey}`}
          data-track="download"
          data-guide-id={props.guideId}
          className={buttonClass}
        >
          {download.kept > 0 && !download.busy
            ? t('download.resume', { done: size(download.kept) })
            : props.label}
        </button>
        {props.offline && offlineShelf && !download.saved ? (
          <button
            type="button"
            disabled={download.busy}
            onClick={() => go({ handOff: false, keep: true })}
            className="h-10 rounded-md border border-teal-800 px-3 text-sm font-semibold text-teal-900 hover:bg-teal-50 disabled:opacity-60"
          >
            {t('offline.keep')}
          </button>
        ) : null}
      </div>
      {progress ? (
        <div role="status" className="space-y-1">
          <progress
            className="h-2 w-full accent-teal-700"
            max={progress.total ?? undefined}
            value={progress.total ? progress.received : undefined}
          />
          <p className={`text-xs ${progress.waiting ? 'text-amber-800' : 'text-stone-600'}`}>
            {progress.waiting
              ? t('download.waiting', { done: size(progress.received) })
              : progress.total
                ? t('download.progress', { done: size(progress.received), total: size(progress.total) })
                : t('download.progressUnknown', { done: size(progress.received) })}
          </p>
        </div>
      ) : null}
      {download.saved ? <SavedGuideActions guide={download.saved} /> : null}
    </div>
  );
}

/** Runs a download and says how it ended: done (resumed at how much), kept, or why it failed. */
function useAnnouncedRun(run: ReturnType<typeof useFileDownload>['run'], title: string) {
  const t = useMessages(offlineMessages);
  const { locale } = useI18n();
  const size = (bytes: number) => formatFileSize(bytes, locale) || '0';
  const go = async (wanted: { handOff: boolean; keep: boolean }) => {
    try {
      announce(await run(wanted));
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const message =
        (error instanceof DownloadRefused && error.serverMessage) ||
        (error instanceof ApiError && error.serverMessage) ||
        t('download.errorText');
      toast({ title: t('download.error'), description: message, variant: 'destructive' });
    }
  };
  const announce = (outcome: DownloadOutcome | null) => {
    if (!outcome || outcome.kind === 'plain-link' || outcome.kind === 'from-phone') return;
    if (outcome.kind === 'kept') {
      toast({
        title: t('offline.savedToast'),
        description: t('offline.savedToastText', { title }),
      });
      return;
    }
    const description =
      outcome.resumedFrom > 0
        ? t('download.resumedText', { file: outcome.fileName, done: size(outcome.resumedFrom) })
        : t('download.doneText', { file: outcome.fileName });
    toast({ title: t('download.done'), description });
  };

  return go;
}

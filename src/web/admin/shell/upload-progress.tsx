import { useCallback, useEffect, useRef, useState } from 'react';

export interface UploadControl {
  /** 0 to 1 while an upload runs, else null. */
  progress: number | null;
  /** Starts tracking an upload: pass the signal and onProgress to adminUploadTo. */
  begin(): { signal: AbortSignal; onProgress(fraction: number): void };
  end(): void;
  cancel(): void;
}

/** Progress and cancellation of one upload at a time; unmounting cancels a running upload. */
export function useUploadControl(): UploadControl {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  const begin = useCallback(() => {
    controller.current?.abort();
    controller.current = new AbortController();
    setProgress(0);
    return { signal: controller.current.signal, onProgress: setProgress };
  }, []);
  const end = useCallback(() => {
    controller.current = null;
    setProgress(null);
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  useEffect(() => () => controller.current?.abort(), []);

  return { progress, begin, end, cancel };
}

/** A labelled progress bar with its percentage and a Cancel upload button. */
export function UploadProgress({ control, label }: { control: UploadControl; label: string }) {
  if (control.progress === null) return null;
  const percent = Math.round(control.progress * 100);
  return (
    <div className="flex items-center gap-3" data-testid="upload-progress">
      <progress
        value={percent}
        max={100}
        aria-label={label}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded [&::-webkit-progress-bar]:bg-stone-200 [&::-webkit-progress-value]:bg-teal-700"
      />
      <span className="w-10 text-right text-xs tabular-nums text-stone-700">{percent}%</span>
      <button
        type="button"
        onClick={control.cancel}
        className="rounded-md border border-stone-300 px-2 py-1 text-xs font-medium hover:bg-stone-50"
      >
        Cancel upload
      </button>
    </div>
  );
}

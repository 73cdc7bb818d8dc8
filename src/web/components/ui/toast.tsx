import { lazy, Suspense, useEffect, useRef, useSyncExternalStore } from 'react';
import { type ToastItem, toastStore } from './toast-store';

export {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastInput,
  toast,
  toastStore,
} from './toast-store';

// The region and its F8 key are in the first load; a notification's own code loads with the first one.
const ToastView = lazy(() => import('./toast-view'));

const EMPTY: ToastItem[] = [];

export function Toaster(props: { regionLabel: string; closeLabel: string }) {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, () => EMPTY);
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // An open modal <dialog> sits in the top layer, above any z-index: the region joins the top layer
  // too, shown again for each new toast so that it lands above the dialog open now.
  const newest = items.at(-1)?.id;
  useEffect(() => {
    const region = regionRef.current;
    if (!region || typeof region.showPopover !== 'function') return;
    if (region.matches(':popover-open')) region.hidePopover();
    if (newest !== undefined) region.showPopover();
  }, [newest]);

  return (
    <section aria-label={props.regionLabel}>
      <ol
        ref={regionRef}
        tabIndex={-1}
        popover="manual"
        className="pointer-events-none fixed inset-x-0 top-auto bottom-0 z-50 m-0 flex h-auto w-auto max-w-none flex-col gap-2 overflow-visible border-0 bg-transparent p-4 outline-none sm:left-auto sm:w-96"
      >
        {items.map((item) => (
          <Suspense key={item.id} fallback={null}>
            <ToastView item={item} closeLabel={props.closeLabel} />
          </Suspense>
        ))}
      </ol>
    </section>
  );
}

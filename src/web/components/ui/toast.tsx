import { type PointerEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';

/** Spec constants: one toast at a time, 5 s on screen, 50 px swipe, gone 2 s after dismissal, F8 hotkey. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_REMOVE_DELAY_MS = 2000;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  durationMs?: number;
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

type Listener = () => void;

/** A tiny store outside React so that any code (a mutation's onError, the API client) can raise a toast. */
function createToastStore() {
  let items: ToastItem[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener();
  };
  const removeLater = (id: number) => {
    setTimeout(() => {
      items = items.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS);
  };
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    show(input: ToastInput): number {
      const id = nextId++;
      // A new toast replaces the one on screen.
      items = [{ ...input, id, open: true }, ...items].slice(0, TOAST_LIMIT);
      emit();
      return id;
    },
    dismiss(id: number) {
      if (!items.some((t) => t.id === id && t.open)) return;
      items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
      emit();
      removeLater(id);
    },
  };
}

export const toastStore = createToastStore();
export const toast = (input: ToastInput) => toastStore.show(input);

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
  // too, shown again for each new toast so that it lands above the dialog open now (issue 17 item 1).
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
          <ToastView key={item.id} item={item} closeLabel={props.closeLabel} />
        ))}
      </ol>
    </section>
  );
}

function ToastView({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
  const [offset, setOffset] = useState(0);
  const [paused, setPaused] = useState(false);
  const start = useRef<number | null>(null);

  useEffect(() => {
    if (!item.open || paused) return;
    const timer = setTimeout(() => toastStore.dismiss(item.id), item.durationMs ?? TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id, item.open, item.durationMs, paused]);

  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
    (event.target as Element).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(Math.max(0, event.clientX - start.current));
  };
  const onPointerUp = () => {
    if (offset >= TOAST_SWIPE_THRESHOLD_PX) toastStore.dismiss(item.id);
    else setOffset(0);
    start.current = null;
  };

  const destructive = item.variant === 'destructive';
  return (
    <li
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      data-state={item.open ? 'open' : 'closed'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      style={{ transform: `translateX(${offset}px)`, opacity: item.open ? 1 : 0 }}
      className={`pointer-events-auto flex touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg transition-opacity duration-200 ${
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900'
      }`}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="mt-1 text-sm opacity-90">{item.description}</p> : null}
      </div>
      <button
        type="button"
        aria-label={closeLabel}
        onClick={() => toastStore.dismiss(item.id)}
        className="rounded p-1 text-lg leading-none opacity-70 hover:opacity-100 focus-visible:opacity-100"
      >
        ×
      </button>
    </li>
  );
}

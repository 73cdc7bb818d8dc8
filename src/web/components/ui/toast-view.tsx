import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastItem, toastStore } from './toast-store';

/** One notification: closes itself after its duration (paused under the pointer), or on a swipe right. */
export default function ToastView({ item, closeLabel }: { item: ToastItem; closeLabel: string }) {
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
    // The live region is the text, not the item: an <li> with a role of its own is no longer a list
    // item, and an <ol> of such items is a list with none (axe "list").
    <li
      data-state={item.open ? 'open' : 'closed'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      style={{ transform: `translateX(${offset}px)`, opacity: item.open ? 1 : 0 }}
      // A closed notification stays 2 s while it fades, and must not catch the taps meant for what is under it.
      className={`${item.open ? 'pointer-events-auto' : 'pointer-events-none'} flex touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg transition-opacity duration-200 ${
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900'
      }`}
    >
      <div
        role={destructive ? 'alert' : 'status'}
        aria-live={destructive ? 'assertive' : 'polite'}
        className="flex-1"
      >
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

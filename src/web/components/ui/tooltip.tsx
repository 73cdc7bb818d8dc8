import { type ReactElement, useEffect, useId, useRef, useState } from 'react';

/** Spec constants: a tooltip opens after 700 ms and closes 300 ms after the pointer or focus leaves. */
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_CLOSE_DELAY_MS = 300;

export function Tooltip(props: { label: string; children: ReactElement; side?: 'top' | 'bottom' }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), next ? TOOLTIP_OPEN_DELAY_MS : TOOLTIP_CLOSE_DELAY_MS);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only listens; the child is the control.
    <span
      className="relative inline-flex"
      onPointerEnter={() => schedule(true)}
      onPointerLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
      aria-describedby={open ? id : undefined}
    >
      {props.children}
      {open ? (
        <span
          id={id}
          role="tooltip"
          className={`pointer-events-none absolute left-1/2 z-50 -translate-x-1/2 whitespace-nowrap rounded bg-stone-900 px-2 py-1 text-xs text-white shadow ${
            props.side === 'top' ? 'bottom-full mb-2' : 'top-full mt-2'
          }`}
        >
          {props.label}
        </span>
      ) : null}
    </span>
  );
}

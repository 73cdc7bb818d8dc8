import { type ReactNode, useEffect, useRef } from 'react';

/** A centred dialog on the native <dialog>: focus is trapped, Escape closes, the page behind is inert. */
export function Modal(props: { open: boolean; onClose(): void; labelledBy: string; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (props.open && !element.open) element.showModal();
    if (!props.open && element.open) element.close();
  }, [props.open]);
  return (
    <dialog
      ref={dialog}
      onClose={props.onClose}
      aria-labelledby={props.labelledBy}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-6 shadow-xl backdrop:bg-black/50"
    >
      {props.children}
    </dialog>
  );
}

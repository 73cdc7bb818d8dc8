import { type ReactNode, type RefObject, useEffect, useRef } from 'react';

/** Opens and closes a native <dialog> as `open` says: focus is trapped, Escape closes, the page behind is inert. */
export function useModalDialog(open: boolean): RefObject<HTMLDialogElement | null> {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}

/** A centred dialog; `wide` for forms. */
export function Modal(props: {
  open: boolean;
  onClose(): void;
  labelledBy: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const dialog = useModalDialog(props.open);
  return (
    <dialog
      ref={dialog}
      onClose={props.onClose}
      aria-labelledby={props.labelledBy}
      className={`m-auto w-[calc(100%-2rem)] ${props.wide ? 'max-w-2xl' : 'max-w-md'} rounded-xl bg-white p-6 shadow-xl backdrop:bg-black/50`}
    >
      {props.children}
    </dialog>
  );
}

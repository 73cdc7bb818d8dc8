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

/** A centred dialog; `wide` for forms, `viewer` as large as the screen for one thing to look at. */
export function Modal(props: {
  open: boolean;
  onClose(): void;
  /** The id of the dialog's heading, or else its name as `label`. */
  labelledBy?: string;
  label?: string;
  wide?: boolean;
  viewer?: boolean;
  children: ReactNode;
}) {
  const dialog = useModalDialog(props.open);
  const size = props.viewer
    ? 'max-h-[95vh] max-w-[95vw] p-4 backdrop:bg-black/60'
    : `w-[calc(100%-2rem)] ${props.wide ? 'max-w-2xl' : 'max-w-md'} p-6 backdrop:bg-black/50`;
  return (
    <dialog
      ref={dialog}
      onClose={props.onClose}
      aria-labelledby={props.labelledBy}
      aria-label={props.label}
      className={`m-auto ${size} rounded-xl bg-white shadow-xl`}
    >
      {props.children}
    </dialog>
  );
}

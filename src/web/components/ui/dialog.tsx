import { type ReactNode, useId } from 'react';
import { Modal, useModalDialog } from './modal';

/**
 * A titled dialog: its heading names it for screen readers; Escape closes it. Its content is
 * rendered only while open, so it may read what opened it.
 */
export function Dialog(props: { open: boolean; onClose(): void; title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Modal open={props.open} onClose={props.onClose} labelledBy={titleId}>
      {props.open ? (
        <div className="space-y-4">
          <h2 id={titleId} className="text-xl font-bold">
            {props.title}
          </h2>
          {props.children}
        </div>
      ) : null}
    </Modal>
  );
}

/**
 * A dialog as large as the screen allows for one thing to look at (an image), named by `label`,
 * with a Close button in its corner.
 */
export function ViewerDialog(props: { open: boolean; onClose(): void; label: string; children: ReactNode }) {
  // Not a Modal: modal.tsx is in every shopper's first load (the cart drawer), so it stays as small as it is.
  const dialog = useModalDialog(props.open);
  return (
    <dialog
      ref={dialog}
      onClose={props.onClose}
      aria-label={props.label}
      className="m-auto max-h-[95vh] max-w-[95vw] rounded-xl bg-white p-4 shadow-xl backdrop:bg-black/60"
    >
      {props.open ? (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-4">
            <p className="font-semibold">{props.label}</p>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md border border-stone-300 px-3 py-1 text-sm font-semibold hover:bg-stone-50"
            >
              Close
            </button>
          </div>
          {props.children}
        </div>
      ) : null}
    </dialog>
  );
}

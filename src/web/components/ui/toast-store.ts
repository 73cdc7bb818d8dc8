// The notification store, apart from the views so that code anywhere can raise a toast cheaply.

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

export interface ToastItem extends ToastInput {
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

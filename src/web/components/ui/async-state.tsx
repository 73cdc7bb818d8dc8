import type { ReactNode } from 'react';

/** Data that arrives later: what it is so far, or why it did not come. */
export interface Async<T> {
  data: T | undefined;
  error: Error | null;
  pending: boolean;
}

/**
 * The three states before content: loading (only while nothing is on screen yet, so a reload keeps
 * the old data), the error as an alert, and empty; then the content itself.
 */
export function AsyncState<T>(props: {
  state: Async<T>;
  children(data: T): ReactNode;
  /** What shows while loading; "Loading…" by default. */
  loading?: ReactNode;
  /** What shows when `isEmpty` says there is nothing; shown as given. */
  empty?: ReactNode;
  isEmpty?(data: T): boolean;
}) {
  const { data, error, pending } = props.state;
  if (data === undefined && pending)
    return <>{props.loading ?? <p className="text-sm text-stone-600">Loading…</p>}</>;
  if (error || data === undefined)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error?.message ?? 'Could not load this data.'}
      </p>
    );
  if (props.empty !== undefined && props.isEmpty?.(data)) return <>{props.empty}</>;
  return <>{props.children(data)}</>;
}

/** The empty state of a list in a bordered box. */
export function EmptyBox(props: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-stone-200 bg-white p-6 text-center text-sm text-stone-600">
      {props.children}
    </p>
  );
}

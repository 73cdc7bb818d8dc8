import { type ReactNode, useId } from 'react';
import { AsyncState } from '../../components/ui/async-state';
import type { AdminData } from '../shell/use-admin-data';

/** Loading placeholders, the error, or the content once the data is in. */
export function Loaded<T>(props: { data: AdminData<T>; lines?: number; children(data: T): ReactNode }) {
  return (
    <AsyncState
      state={props.data}
      loading={
        <div className="animate-pulse space-y-3" data-testid="analytics-loading" aria-hidden="true">
          {Array.from({ length: props.lines ?? 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            <div key={i} className="h-4 rounded bg-stone-200" style={{ width: `${90 - i * 15}%` }} />
          ))}
        </div>
      }
    >
      {props.children}
    </AsyncState>
  );
}

export function Panel(props: { title: string; aside?: ReactNode; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={props.testId}
      className="min-w-0 rounded-lg border border-stone-200 bg-white p-4 sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {props.title}
        </h3>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}

/** A percentage bar; the figure itself is always written beside it. */
export function Bar(props: { value: number; tone?: string }) {
  return (
    <div className="h-2 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
      <div
        className={`h-full rounded-full ${props.tone ?? 'bg-teal-700'}`}
        style={{ width: `${Math.max(0, Math.min(100, props.value))}%` }}
      />
    </div>
  );
}

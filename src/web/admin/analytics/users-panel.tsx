import { type KeyboardEvent, useState } from 'react';
import type { AnalyticsUsersTimeseries } from '../../../shared/contracts/endpoints/analytics.schemas';
import type { AdminData } from '../shell/use-admin-data';
import { integer } from './analytics-format';
import { Loaded, Panel } from './panel';

export function UsersPanel({ users }: { users: AdminData<AnalyticsUsersTimeseries> }) {
  return (
    <Panel
      title="Unique Users Over Time"
      testId="analytics-users"
      aside={
        users.data?.series.some((d) => d.uniqueUsers > 0) ? (
          <p className="text-sm text-stone-600">
            Total:{' '}
            <span className="font-semibold text-stone-900" data-testid="users-total">
              {integer.format(users.data?.totalUniqueUsers ?? 0)}
            </span>
          </p>
        ) : null
      }
    >
      <Loaded data={users} lines={4}>
        {(u) =>
          u.series.every((d) => d.uniqueUsers === 0) ? (
            <p className="text-sm text-stone-600">No user data available</p>
          ) : (
            <UsersChart series={u.series} />
          )
        }
      </Loaded>
    </Panel>
  );
}

/**
 * Plain CSS bars, one per day. Hovering a bar, or focusing the chart and moving with the arrow keys,
 * shows that day's date and users; a hidden table carries the same figures for screen readers.
 */
function UsersChart({ series }: { series: AnalyticsUsersTimeseries['series'] }) {
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(1, ...series.map((d) => d.uniqueUsers));
  const shown = active === null ? null : series[active];
  const onKey = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (event.key === 'Escape') setActive(null);
    if (!step) return;
    event.preventDefault();
    setActive((a) => Math.max(0, Math.min(series.length - 1, (a ?? (step > 0 ? -1 : series.length)) + step)));
  };
  const labelAt = (i: number) => series[i]?.dateFormatted ?? '';
  const readout = (d: (typeof series)[number] | undefined) =>
    d ? `${d.dateFormatted}: ${integer.format(d.uniqueUsers)} ${d.uniqueUsers === 1 ? 'user' : 'users'}` : '';

  return (
    <div>
      <div
        role="slider"
        aria-valuemin={0}
        aria-valuemax={series.length - 1}
        aria-valuenow={active ?? series.length - 1}
        aria-valuetext={readout(series[active ?? series.length - 1])}
        className="relative flex h-40 items-end gap-px rounded-md border-b border-stone-300 focus-visible:outline-2 focus-visible:outline-teal-700"
        tabIndex={0}
        aria-label="Unique users by day (arrow keys move between days)"
        data-testid="users-chart"
        onKeyDown={onKey}
        onPointerLeave={() => setActive(null)}
        onBlur={() => setActive(null)}
      >
        {series.map((d, i) => (
          <div
            key={d.date}
            className="flex h-full min-w-0 flex-1 items-end"
            onPointerEnter={() => setActive(i)}
            data-testid="users-bar"
          >
            <div
              className={`w-full rounded-t-sm ${i === active ? 'bg-amber-500' : 'bg-teal-700'}`}
              style={{ height: `${(d.uniqueUsers / max) * 100}%`, minHeight: d.uniqueUsers > 0 ? 2 : 0 }}
            />
          </div>
        ))}
        {shown && active !== null ? (
          <div
            role="tooltip"
            className="pointer-events-none absolute -top-2 z-10 -translate-x-1/2 -translate-y-full whitespace-nowrap rounded bg-stone-900 px-2 py-1 text-xs text-white shadow"
            style={{ left: `${Math.min(85, Math.max(15, ((active + 0.5) / series.length) * 100))}%` }}
          >
            {readout(shown)}
          </div>
        ) : null}
      </div>
      <div className="mt-1 flex justify-between text-xs text-stone-500" aria-hidden="true">
        <span>{labelAt(0)}</span>
        {series.length > 2 ? <span>{labelAt(Math.floor((series.length - 1) / 2))}</span> : null}
        <span>{labelAt(series.length - 1)}</span>
      </div>
      {/* sr-only on the wrapper: a table ignores the 1 px box and would stretch the page. */}
      <div className="sr-only">
        <table>
          <caption>Unique users by day</caption>
          <tbody>
            {series.map((d) => (
              <tr key={d.date}>
                <th scope="row">{d.dateFormatted}</th>
                <td>{d.uniqueUsers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

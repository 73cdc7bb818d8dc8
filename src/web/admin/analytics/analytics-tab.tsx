import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import type {
  AnalyticsFunnel,
  AnalyticsGeo,
  AnalyticsPages,
  AnalyticsRange,
  AnalyticsSummary,
  AnalyticsUsersTimeseries,
} from '../../../shared/contracts/admin/analytics';
import { type AdminData, useAdminData } from '../shell/use-admin-data';

const RANGE_LABELS: Record<AnalyticsRange, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
};
/** Spec admin §9 (the contract's INDUSTRY_AVERAGE_CONVERSION_RATE; not imported: that module loads zod). */
const INDUSTRY_AVERAGE_CONVERSION_RATE = 2.5;
const PAGES_LIMIT = 10;
/** One definition for the card and the funnel (issue 17 item 17), said on screen where each is shown. */
const CONVERSION_DEFINITION =
  'Visits (tracked sessions) that completed a purchase, out of all visits in the range. Total Orders counts every completed order, including those placed without a tracked visit.';

const integer = new Intl.NumberFormat('en-GB');
const euros = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const percent = (value: number) => `${Number(value.toFixed(2))}%`;

function countryName(code: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The admin Analytics tab (spec: admin §2 Analytics tab, §3 analytics entities, §7). */
export function AnalyticsTab() {
  const [range, setRange] = useState<AnalyticsRange>('7d');
  const base = '/api/admin/analytics';
  const summary = useAdminData<AnalyticsSummary>(`${base}/summary?range=${range}`);
  const funnel = useAdminData<AnalyticsFunnel>(`${base}/funnel?range=${range}`);
  const pages = useAdminData<AnalyticsPages>(`${base}/pages?range=${range}&limit=${PAGES_LIMIT}`);
  const users = useAdminData<AnalyticsUsersTimeseries>(`${base}/users/timeseries?range=${range}`);
  const geo = useAdminData<AnalyticsGeo>(`${base}/geo?range=${range}`);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 className="text-lg font-semibold">Overview</h3>
        <label className="flex items-center gap-2 text-sm font-medium">
          Range
          <select
            name="analyticsRange"
            value={range}
            onChange={(event) => setRange(event.target.value as AnalyticsRange)}
            className="h-10 rounded-md border border-stone-300 bg-white px-2"
          >
            {(Object.keys(RANGE_LABELS) as AnalyticsRange[]).map((r) => (
              <option key={r} value={r}>
                {RANGE_LABELS[r]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <SummaryCards summary={summary} />
      <div className="grid gap-6 lg:grid-cols-2">
        <FunnelPanel funnel={funnel} />
        <UsersPanel users={users} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <PagesPanel pages={pages} />
        <GeoPanel geo={geo} />
      </div>
    </div>
  );
}

/** Loading placeholders, the error, or the content once the data is in. */
function Loaded<T>(props: { data: AdminData<T>; lines?: number; children(data: T): ReactNode }) {
  const { data, error, pending } = props.data;
  if (data === undefined && pending)
    return (
      <div className="animate-pulse space-y-3" data-testid="analytics-loading" aria-hidden="true">
        {Array.from({ length: props.lines ?? 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <div key={i} className="h-4 rounded bg-stone-200" style={{ width: `${90 - i * 15}%` }} />
        ))}
      </div>
    );
  if (error || data === undefined)
    return (
      <p role="alert" className="text-sm text-red-700">
        {error?.message ?? 'Could not load this data.'}
      </p>
    );
  return props.children(data);
}

function Panel(props: { title: string; aside?: ReactNode; children: ReactNode; testId: string }) {
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

function Growth({ value }: { value: number | null }) {
  if (value === null) return <p className="mt-1 text-xs text-stone-500">No data from last period</p>;
  const tone = value > 0 ? 'text-teal-800' : value < 0 ? 'text-red-700' : 'text-stone-600';
  return (
    <p className="mt-1 text-xs text-stone-600">
      <span className={`font-semibold ${tone}`}>
        {value > 0 ? '+' : ''}
        {percent(value)}
      </span>{' '}
      from last period
    </p>
  );
}

function StatCard(props: { label: string; value: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4" data-testid="analytics-card">
      <p className="text-sm font-medium text-stone-600">{props.label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums">{props.value}</p>
      {props.children}
    </div>
  );
}

function SummaryCards({ summary }: { summary: AdminData<AnalyticsSummary> }) {
  const s = summary.data;
  if (!s)
    return (
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={summary.pending}>
        {['Total Revenue', 'Total Orders', 'Downloads', 'Conversion Rate'].map((label) => (
          <div key={label} className="rounded-lg border border-stone-200 bg-white p-4">
            <p className="text-sm font-medium text-stone-600">{label}</p>
            {summary.pending ? (
              <div
                className="mt-2 h-7 w-2/3 animate-pulse rounded bg-stone-200"
                data-testid="analytics-loading"
              />
            ) : (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {summary.error?.message}
              </p>
            )}
          </div>
        ))}
      </div>
    );
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <StatCard label="Total Revenue" value={`€${euros.format(s.totalRevenueCents / 100)}`}>
        <Growth value={s.revenueGrowth} />
        {s.testModeOrders > 0 ? (
          <p className="mt-1 text-xs text-amber-800" data-testid="test-mode-revenue">
            Not counted: {integer.format(s.testModeOrders)} test-mode order
            {s.testModeOrders > 1 ? 's' : ''}, €{euros.format(s.testModeRevenueCents / 100)} (simulated card
            payments)
          </p>
        ) : null}
      </StatCard>
      <StatCard label="Total Orders" value={integer.format(s.totalOrders)}>
        <Growth value={s.ordersGrowth} />
        <p className="mt-1 text-xs text-stone-600">Completed orders, test mode excluded</p>
      </StatCard>
      <StatCard label="Downloads" value={integer.format(s.totalDownloads)}>
        <Growth value={s.downloadsGrowth} />
      </StatCard>
      <StatCard label="Conversion Rate" value={percent(s.conversionRate)}>
        <p className="mt-1 text-xs text-stone-600">Industry avg: {INDUSTRY_AVERAGE_CONVERSION_RATE}%</p>
        <p className="mt-1 text-xs text-stone-600" data-testid="conversion-definition">
          Visits with a purchase ÷ visits ({integer.format(s.totalSessions)} in the range)
        </p>
      </StatCard>
    </div>
  );
}

/** A percentage bar; the figure itself is always written beside it. */
function Bar(props: { value: number; tone?: string }) {
  return (
    <div className="h-2 overflow-hidden rounded-full bg-stone-100" aria-hidden="true">
      <div
        className={`h-full rounded-full ${props.tone ?? 'bg-teal-700'}`}
        style={{ width: `${Math.max(0, Math.min(100, props.value))}%` }}
      />
    </div>
  );
}

function FunnelPanel({ funnel }: { funnel: AdminData<AnalyticsFunnel> }) {
  return (
    <Panel title="Conversion Funnel Analysis" testId="analytics-funnel">
      <Loaded data={funnel} lines={4}>
        {(f) =>
          f.funnel.length === 0 || f.funnel.every((step) => step.count === 0) ? (
            <p className="text-sm text-stone-600">No funnel data available</p>
          ) : (
            <>
              <p className="mb-4 text-sm text-stone-600">
                Overall conversion rate:{' '}
                <span className="font-semibold text-stone-900" data-testid="funnel-conversion">
                  {percent(f.overallConversionRate)}
                </span>
              </p>
              <p className="-mt-2 mb-4 text-xs text-stone-600" data-testid="funnel-definition">
                {CONVERSION_DEFINITION}
              </p>
              <ol className="space-y-4">
                {f.funnel.map((step, i) => (
                  <li key={step.step} data-testid="funnel-step" data-step={step.step}>
                    <div className="flex items-center gap-3">
                      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-teal-800 text-sm font-semibold text-white">
                        {i + 1}
                      </span>
                      <span className="min-w-0 flex-1 font-medium">{step.step}</span>
                      <span className="text-right tabular-nums">
                        <span className="font-semibold" data-testid="funnel-count">
                          {integer.format(step.count)}
                        </span>
                        <span className="ml-2 text-sm text-stone-600">{percent(step.percentage)}</span>
                      </span>
                    </div>
                    <div className="mt-2 pl-10">
                      <Bar value={step.percentage} />
                      {step.dropOffPercentage > 0 ? (
                        <p className="mt-1 text-xs text-red-700">
                          −{percent(step.dropOffPercentage)} drop-off
                        </p>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ol>
            </>
          )
        }
      </Loaded>
    </Panel>
  );
}

function PagesPanel({ pages }: { pages: AdminData<AnalyticsPages> }) {
  return (
    <Panel title="Pages by Time Spent" testId="analytics-pages">
      <Loaded data={pages} lines={5}>
        {(p) =>
          p.pages.length === 0 ? (
            <p className="text-sm text-stone-600">No page data available</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-stone-200 text-xs text-stone-600">
                  <tr>
                    <th scope="col" className="py-2 pr-2">
                      #
                    </th>
                    <th scope="col" className="py-2 pr-2">
                      Page
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right">
                      Views
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right">
                      <span className="sm:hidden" aria-hidden="true">
                        Visitors
                      </span>
                      <span className="sr-only sm:not-sr-only">Unique visitors</span>
                    </th>
                    <th scope="col" className="py-2 text-right">
                      Avg.<span className="sr-only sm:not-sr-only"> time</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {p.pages.map((row, i) => (
                    <tr key={row.page} data-testid="page-row">
                      <td className="py-2 pr-2 text-stone-500 tabular-nums">{i + 1}</td>
                      <td
                        className="max-w-[6.5rem] truncate py-2 pr-2 font-mono text-xs sm:max-w-[14rem]"
                        title={row.page}
                      >
                        {row.page}
                      </td>
                      <td className="py-2 pr-2 text-right tabular-nums">{integer.format(row.views)}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">
                        {integer.format(row.uniqueVisitors)}
                      </td>
                      <td className="py-2 text-right tabular-nums">{row.avgTimeFormatted}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
    </Panel>
  );
}

function UsersPanel({ users }: { users: AdminData<AnalyticsUsersTimeseries> }) {
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

function GeoPanel({ geo }: { geo: AdminData<AnalyticsGeo> }) {
  return (
    <Panel title="Geographic Distribution" testId="analytics-geo">
      <Loaded data={geo} lines={4}>
        {(g) => {
          const top = g.countries[0];
          if (!top || g.totalSessions === 0)
            return <p className="text-sm text-stone-600">No geographic data available</p>;
          return (
            <>
              <p className="mb-4 text-sm text-stone-600">
                Top country:{' '}
                <span className="font-semibold text-stone-900" data-testid="geo-top">
                  {countryName(top.country)}
                </span>{' '}
                ({percent(top.percentage)} of sessions)
              </p>
              <ul className="space-y-3">
                {g.countries.map((c) => (
                  <li key={c.country} data-testid="geo-row">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                      <span className="font-medium">{countryName(c.country)}</span>
                      <span className="text-stone-600 tabular-nums">
                        {integer.format(c.sessions)} {c.sessions === 1 ? 'session' : 'sessions'} ·{' '}
                        {integer.format(c.regions)} {c.regions === 1 ? 'region' : 'regions'} ·{' '}
                        {percent(c.percentage)}
                      </span>
                    </div>
                    <div className="mt-1">
                      <Bar value={c.percentage} tone="bg-amber-500" />
                    </div>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </Loaded>
    </Panel>
  );
}

import type {
  AnalyticsFunnel,
  AnalyticsGeo,
  AnalyticsPages,
} from '../../../shared/contracts/endpoints/analytics.schemas';
import type { AdminData } from '../shell/use-admin-data';
import { CONVERSION_DEFINITION, countryName, integer, percent } from './analytics-format';
import { Bar, Loaded, Panel } from './panel';

export function FunnelPanel({ funnel }: { funnel: AdminData<AnalyticsFunnel> }) {
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

export function PagesPanel({ pages }: { pages: AdminData<AnalyticsPages> }) {
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

export function GeoPanel({ geo }: { geo: AdminData<AnalyticsGeo> }) {
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

import { useState } from 'react';
import type {
  AnalyticsFunnel,
  AnalyticsGeo,
  AnalyticsPages,
  AnalyticsRange,
  AnalyticsSummary,
  AnalyticsUsersTimeseries,
} from '../../../shared/contracts/admin/analytics';
import { RangeSelect } from '../shell/range-select';
import { useAdminData } from '../shell/use-admin-data';
import { PAGES_LIMIT } from './analytics-format';
import { FunnelPanel, GeoPanel, PagesPanel } from './report-panels';
import { SummaryCards } from './summary-cards';
import { UsersPanel } from './users-panel';

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
        <RangeSelect name="analyticsRange" value={range} onChange={setRange} />
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

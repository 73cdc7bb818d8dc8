import { useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AnalyticsRange } from '../../../shared/contracts/endpoints/analytics.schemas';
import { NeedsYouList } from '../shell/needs-you';
import { RangeSelect } from '../shell/range-select';
import { useAdminData } from '../shell/use-admin-data';
import { PAGES_LIMIT } from './analytics-format';
import { FunnelPanel, GeoPanel, PagesPanel } from './report-panels';
import { RevenuePanel } from './revenue-panel';
import { SummaryCards } from './summary-cards';
import { UsersPanel } from './users-panel';

/** The admin Analytics tab (spec: admin §2 Analytics tab, §3 analytics entities, §7). */
export function AnalyticsTab() {
  const [range, setRange] = useState<AnalyticsRange>('7d');
  const query = { range };
  const summary = useAdminData(admin.analyticsSummary, { query });
  const funnel = useAdminData(admin.analyticsFunnel, { query });
  const pages = useAdminData(admin.analyticsPages, { query: { range, limit: PAGES_LIMIT } });
  const users = useAdminData(admin.analyticsUsersTimeseries, { query });
  const geo = useAdminData(admin.analyticsGeo, { query });

  return (
    <div className="space-y-6">
      <NeedsYouList />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 className="text-lg font-semibold">Overview</h3>
        <RangeSelect name="analyticsRange" value={range} onChange={setRange} />
      </div>
      <SummaryCards summary={summary} />
      <RevenuePanel summary={summary} />
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

import { sql } from 'drizzle-orm';
import { ANALYTICS_EVENT_TYPES } from '../../../shared/contracts/analytics';
import type {
  AnalyticsEvents,
  AnalyticsFunnel,
  AnalyticsGeo,
  AnalyticsPages,
  AnalyticsSummary,
} from '../../../shared/contracts/endpoints/analytics.schemas';
import { FUNNEL_STEPS } from '../../../shared/contracts/endpoints/analytics.schemas';
import { centsToDecimal } from '../../../shared/money';
import { formatDuration, growth, percentage } from './dashboard-format';
import { discountCodeUses, revenueFigures } from './dashboard-revenue';
import { bounds, type DashboardQuery, day, rows, ts } from './dashboard-sql';
import { FUNNEL_STEP } from './ingest-rows';

/**
 * The admin Analytics tab's answers (contracts/endpoints/analytics.schemas.ts). Revenue and orders come from
 * completed orders less refunds (dashboard-revenue.ts); sessions, funnel and geography from analytics_sessions; counts per type from
 * analytics_daily_counts; only the pages answer reads analytics_events (an index-only scan).
 */
export type { DashboardQuery } from './dashboard-sql';

export async function analyticsSummary(q: DashboardQuery): Promise<AnalyticsSummary> {
  const b = bounds(q);
  const money = await revenueFigures(q.db, b);
  const [downloads] = await rows<{ current: number; previous: number }>(
    q.db,
    sql`select
        coalesce(sum(count) filter (where day >= ${day(b.start)}), 0)::int as current,
        coalesce(sum(count) filter (where day < ${day(b.start)}), 0)::int as previous
      from analytics_daily_counts
      where type = 'download' and day >= ${day(b.previousStart)} and day < ${day(b.end)}`,
  );
  const [sessions] = await rows<{ sessions: number; purchased: number }>(
    q.db,
    sql`select count(*)::int as sessions,
        count(*) filter (where funnel_step >= ${FUNNEL_STEP.purchaseCompleted})::int as purchased
      from analytics_sessions
      where started_at >= ${ts(b.start)} and started_at < ${ts(b.end)}`,
  );
  const revenueCents = money.paidCents - money.refundedCents;
  const totalOrders = money.orders;
  const totalSessions = sessions?.sessions ?? 0;
  return {
    range: q.range,
    totalRevenue: centsToDecimal(revenueCents),
    totalRevenueCents: revenueCents,
    currency: 'EUR',
    revenueGrowth: growth(revenueCents, money.previous.netCents),
    paidRevenueCents: money.paidCents,
    refundedCents: money.refundedCents,
    revenueBeforeDiscountsCents: money.paidCents + money.discountCents,
    discountCents: money.discountCents,
    discountCodes: await discountCodeUses(q.db, b),
    totalOrders,
    ordersGrowth: growth(totalOrders, money.previous.orders),
    totalDownloads: downloads?.current ?? 0,
    downloadsGrowth: growth(downloads?.current ?? 0, downloads?.previous ?? 0),
    // The funnel's definition: orders placed without a tracked session (the API
    // called directly, a tracker blocked) are in Total Orders but cannot push the rate over 100 %.
    conversionRate: percentage(sessions?.purchased ?? 0, totalSessions),
    totalSessions,
    testModeOrders: money.testMode.orders,
    testModeRevenueCents: money.testMode.netCents,
  };
}

export async function analyticsEvents(q: DashboardQuery): Promise<AnalyticsEvents> {
  const b = bounds(q);
  const counts = await rows<{ type: string; action: string; count: number }>(
    q.db,
    sql`select type, action, sum(count)::int as count from analytics_daily_counts
      where day >= ${day(b.start)} and day < ${day(b.end)} group by type, action`,
  );
  const byType = new Map<string, number>(ANALYTICS_EVENT_TYPES.map((t) => [t, 0]));
  const byAction = new Map<string, number>();
  let total = 0;
  for (const c of counts) {
    total += c.count;
    if (byType.has(c.type)) byType.set(c.type, (byType.get(c.type) ?? 0) + c.count);
    if (c.type === 'action') {
      const action = c.action || 'other';
      byAction.set(action, (byAction.get(action) ?? 0) + c.count);
    }
  }
  return {
    range: q.range,
    totalEvents: total,
    byType: ANALYTICS_EVENT_TYPES.map((type) => ({
      type,
      count: byType.get(type) ?? 0,
      percentage: percentage(byType.get(type) ?? 0, total),
    })).sort((a, b) => b.count - a.count),
    byAction: [...byAction].map(([action, count]) => ({ action, count })).sort((a, b) => b.count - a.count),
  };
}

export async function analyticsFunnel(q: DashboardQuery): Promise<AnalyticsFunnel> {
  const b = bounds(q);
  const [r] = await rows<{ s0: number; s1: number; s2: number; s3: number }>(
    q.db,
    sql`select count(*)::int as s0,
        count(*) filter (where funnel_step >= 1)::int as s1,
        count(*) filter (where funnel_step >= 2)::int as s2,
        count(*) filter (where funnel_step >= 3)::int as s3
      from analytics_sessions where started_at >= ${ts(b.start)} and started_at < ${ts(b.end)}`,
  );
  const counts = [r?.s0 ?? 0, r?.s1 ?? 0, r?.s2 ?? 0, r?.s3 ?? 0];
  // The same figure as the summary's Conversion Rate card.
  return {
    range: q.range,
    overallConversionRate: percentage(counts[3] ?? 0, counts[0] ?? 0),
    funnel: FUNNEL_STEPS.map((step, i) => {
      const count = counts[i] ?? 0;
      const previous = i === 0 ? count : (counts[i - 1] ?? 0);
      return {
        step,
        count,
        percentage: percentage(count, counts[0] ?? 0),
        dropOffPercentage: i === 0 ? 0 : percentage(previous - count, previous),
      };
    }),
  };
}

export async function analyticsPages(q: DashboardQuery & { limit: number }): Promise<AnalyticsPages> {
  const b = bounds(q);
  const found = await rows<{ page: string; views: number; visitors: number; avg_ms: number }>(
    q.db,
    sql`with top as (
        select page, sum(views)::int as views, sum(time_total_ms)::float8 as total_ms, sum(time_count)::int as timed
        from analytics_page_daily where day >= ${day(b.start)} and day < ${day(b.end)}
        group by page order by 3 desc, 2 desc, 1 limit ${q.limit}
      )
      select top.page, top.views,
        case when top.timed > 0 then round(top.total_ms / top.timed)::int else 0 end as avg_ms,
        (select count(*)::int from analytics_page_visitors v
          where v.page = top.page and v.last_day >= ${day(b.start)} and v.last_day < ${day(b.end)}) as visitors
      from top order by top.total_ms desc, top.views desc, top.page`,
  );
  return {
    range: q.range,
    pages: found.map((p) => ({
      page: p.page,
      views: p.views,
      uniqueVisitors: p.visitors,
      avgTimeMs: p.avg_ms,
      avgTimeFormatted: formatDuration(p.avg_ms),
    })),
  };
}

export async function analyticsGeo(q: DashboardQuery): Promise<AnalyticsGeo> {
  const b = bounds(q);
  const found = await rows<{ country: string; sessions: number; regions: number }>(
    q.db,
    sql`select coalesce(country, 'Unknown') as country, count(*)::int as sessions,
        count(distinct region)::int as regions
      from analytics_sessions where started_at >= ${ts(b.start)} and started_at < ${ts(b.end)}
      group by 1 order by 2 desc, 1`,
  );
  const total = found.reduce((sum, c) => sum + c.sessions, 0);
  return {
    range: q.range,
    totalSessions: total,
    countries: found.map((c) => ({ ...c, percentage: percentage(c.sessions, total) })),
  };
}

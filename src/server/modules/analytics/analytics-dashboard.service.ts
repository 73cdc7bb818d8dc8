import { type SQL, sql } from 'drizzle-orm';
import type {
  AnalyticsEvents,
  AnalyticsFunnel,
  AnalyticsGeo,
  AnalyticsPages,
  AnalyticsRange,
  AnalyticsSessions,
  AnalyticsSummary,
  AnalyticsTimeseries,
  AnalyticsUsersTimeseries,
} from '../../../shared/contracts/admin/analytics';
import { FUNNEL_STEPS } from '../../../shared/contracts/admin/analytics';
import { ANALYTICS_EVENT_TYPES, DEVICE_TYPES, TRAFFIC_SOURCES } from '../../../shared/contracts/analytics';
import { centsToDecimal, toCents } from '../../../shared/money';
import type { Db } from '../../db/client';
import {
  formatDay,
  formatDuration,
  growth,
  percentage,
  type RangeBounds,
  rangeBounds,
  round2,
} from './dashboard-format';
import { FUNNEL_STEP } from './ingest-rows';

/**
 * The admin Analytics tab's answers (contracts/admin/analytics.ts). Revenue and orders come from
 * completed orders; sessions, funnel and geography from analytics_sessions; counts per type from
 * analytics_daily_counts; only the pages answer reads analytics_events (an index-only scan).
 */
export interface DashboardQuery {
  db: Db;
  range: AnalyticsRange;
  now?: Date;
}

/**
 * Runs an answer's queries in one read-only transaction with enough work_mem for the hash
 * aggregates of a 90-day range (PostgreSQL's 4 MB default sends them to disk).
 */
export async function withDashboardTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx as unknown as Db);
  });
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const day = (d: Date) => sql`${d.toISOString().slice(0, 10)}::date`;
/** When an order counts: its completion, else its creation. */
const orderTime = sql`coalesce(completed_at, created_at)`;

function bounds(q: DashboardQuery): RangeBounds {
  return rangeBounds(q.range, q.now ?? new Date());
}

export async function analyticsSummary(q: DashboardQuery): Promise<AnalyticsSummary> {
  const b = bounds(q);
  const [orders] = await rows<{
    orders: number;
    revenue: string;
    prev_orders: number;
    prev_revenue: string;
    test_orders: number;
    test_revenue: string;
  }>(
    q.db,
    sql`select
        count(*) filter (where ${orderTime} >= ${ts(b.start)} and not test_mode)::int as orders,
        coalesce(sum(total) filter (where ${orderTime} >= ${ts(b.start)} and not test_mode), 0)::text as revenue,
        count(*) filter (where ${orderTime} < ${ts(b.start)} and not test_mode)::int as prev_orders,
        coalesce(sum(total) filter (where ${orderTime} < ${ts(b.start)} and not test_mode), 0)::text as prev_revenue,
        count(*) filter (where ${orderTime} >= ${ts(b.start)} and test_mode)::int as test_orders,
        coalesce(sum(total) filter (where ${orderTime} >= ${ts(b.start)} and test_mode), 0)::text as test_revenue
      from orders
      where status = 'completed' and ${orderTime} >= ${ts(b.previousStart)} and ${orderTime} < ${ts(b.end)}`,
  );
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
  const revenueCents = toCents(orders?.revenue ?? '0');
  const totalOrders = orders?.orders ?? 0;
  const totalSessions = sessions?.sessions ?? 0;
  return {
    range: q.range,
    totalRevenue: centsToDecimal(revenueCents),
    totalRevenueCents: revenueCents,
    currency: 'EUR',
    revenueGrowth: growth(revenueCents, toCents(orders?.prev_revenue ?? '0')),
    totalOrders,
    ordersGrowth: growth(totalOrders, orders?.prev_orders ?? 0),
    totalDownloads: downloads?.current ?? 0,
    downloadsGrowth: growth(downloads?.current ?? 0, downloads?.previous ?? 0),
    // The funnel's definition (issue 17 item 17): orders placed without a tracked session (the API
    // called directly, a tracker blocked) are in Total Orders but cannot push the rate over 100 %.
    conversionRate: percentage(sessions?.purchased ?? 0, totalSessions),
    totalSessions,
    testModeOrders: orders?.test_orders ?? 0,
    testModeRevenueCents: toCents(orders?.test_revenue ?? '0'),
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

/**
 * Visitors with a session in the range: their last session day falls in it, since every range
 * ends today (analytics_visitors). With a clock pinned in the past (tests), a visitor who came
 * back after the range is not counted in it.
 */
async function uniqueVisitors(db: Db, b: RangeBounds): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from analytics_visitors
      where last_day >= ${day(b.start)} and last_day < ${day(b.end)}`,
  );
  return r?.n ?? 0;
}

const utcDay = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

export async function analyticsUsersTimeseries(q: DashboardQuery): Promise<AnalyticsUsersTimeseries> {
  const b = bounds(q);
  const perDay = await rows<{ day: string; users: number }>(
    q.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as users from analytics_visitor_days
      where day >= ${day(b.start)} and day < ${day(b.end)} group by day`,
  );
  const byDay = new Map(perDay.map((d) => [d.day, d.users]));
  return {
    range: q.range,
    totalUniqueUsers: await uniqueVisitors(q.db, b),
    series: b.days.map((d) => ({ date: d, dateFormatted: formatDay(d), uniqueUsers: byDay.get(d) ?? 0 })),
  };
}

export async function analyticsTimeseries(q: DashboardQuery): Promise<AnalyticsTimeseries> {
  const b = bounds(q);
  const sessions = await rows<{ day: string; n: number }>(
    q.db,
    sql`select ${utcDay(sql`started_at`)} as day, count(*)::int as n from analytics_sessions
      where started_at >= ${ts(b.start)} and started_at < ${ts(b.end)} group by 1`,
  );
  const events = await rows<{ day: string; events: number; page_views: number }>(
    q.db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, sum(count)::int as events,
        coalesce(sum(count) filter (where type = 'page_view'), 0)::int as page_views
      from analytics_daily_counts where day >= ${day(b.start)} and day < ${day(b.end)} group by 1`,
  );
  const orders = await rows<{ day: string; n: number; revenue: string }>(
    q.db,
    sql`select ${utcDay(orderTime)} as day, count(*)::int as n, sum(total)::text as revenue from orders
      where status = 'completed' and not test_mode
        and ${orderTime} >= ${ts(b.start)} and ${orderTime} < ${ts(b.end)} group by 1`,
  );
  const s = new Map(sessions.map((r) => [r.day, r.n]));
  const e = new Map(events.map((r) => [r.day, r]));
  const o = new Map(orders.map((r) => [r.day, r]));
  return {
    range: q.range,
    series: b.days.map((d) => ({
      date: d,
      dateFormatted: formatDay(d),
      sessions: s.get(d) ?? 0,
      pageViews: e.get(d)?.page_views ?? 0,
      events: e.get(d)?.events ?? 0,
      orders: o.get(d)?.n ?? 0,
      revenue: centsToDecimal(toCents(o.get(d)?.revenue ?? '0')),
    })),
  };
}

export async function analyticsSessions(q: DashboardQuery): Promise<AnalyticsSessions> {
  const b = bounds(q);
  // One scan: the totals, per source and per device (grouping sets).
  const grouped = await rows<{
    source: string | null;
    device_type: string | null;
    sessions: number;
    total_ms: number;
    views: number;
    bounces: number;
  }>(
    q.db,
    sql`select source, device_type, count(*)::int as sessions,
        coalesce(sum(extract(epoch from (last_seen_at - started_at)) * 1000), 0)::float8 as total_ms,
        coalesce(sum(page_views), 0)::float8 as views,
        count(*) filter (where page_views <= 1)::int as bounces
      from analytics_sessions where started_at >= ${ts(b.start)} and started_at < ${ts(b.end)}
      group by grouping sets ((), (source), (device_type))`,
  );
  const all = grouped.find((r) => r.source === null && r.device_type === null);
  const total = all?.sessions ?? 0;
  const share = (n: number | undefined) => ({ sessions: n ?? 0, percentage: percentage(n ?? 0, total) });
  const avgMs = total > 0 ? Math.round((all?.total_ms ?? 0) / total) : 0;
  return {
    range: q.range,
    totalSessions: total,
    uniqueVisitors: await uniqueVisitors(q.db, b),
    avgDurationMs: avgMs,
    avgDurationFormatted: formatDuration(avgMs),
    avgPageViews: total > 0 ? round2((all?.views ?? 0) / total) : 0,
    bounceRate: percentage(all?.bounces ?? 0, total),
    bySource: TRAFFIC_SOURCES.map((source) => ({
      source,
      ...share(grouped.find((r) => r.source === source && r.device_type === null)?.sessions),
    })).sort((x, y) => y.sessions - x.sessions),
    byDevice: DEVICE_TYPES.map((deviceType) => ({
      deviceType,
      ...share(grouped.find((r) => r.device_type === deviceType && r.source === null)?.sessions),
    })).sort((x, y) => y.sessions - x.sessions),
  };
}

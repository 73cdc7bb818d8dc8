import { sql } from 'drizzle-orm';
import { DEVICE_TYPES, TRAFFIC_SOURCES } from '../../../shared/contracts/analytics';
import type {
  AnalyticsSessions,
  AnalyticsTimeseries,
  AnalyticsUsersTimeseries,
} from '../../../shared/contracts/endpoints/analytics.schemas';
import { centsToDecimal, toCents } from '../../../shared/money';
import { formatDay, formatDuration, percentage, round2 } from './dashboard-format';
import { refundsByDay } from './dashboard-revenue';
import {
  bounds,
  type DashboardQuery,
  day,
  orderTime,
  rows,
  ts,
  uniqueVisitors,
  utcDay,
} from './dashboard-sql';

/** The admin Analytics tab's answers over time (per day) and about sessions. */

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
  const refunded = await refundsByDay(q, b);
  return {
    range: q.range,
    series: b.days.map((d) => ({
      date: d,
      dateFormatted: formatDay(d),
      sessions: s.get(d) ?? 0,
      pageViews: e.get(d)?.page_views ?? 0,
      events: e.get(d)?.events ?? 0,
      orders: o.get(d)?.n ?? 0,
      // Net: that day's orders less that day's refunds (negative on a day of refunds and no sales).
      revenue: centsToDecimal(toCents(o.get(d)?.revenue ?? '0') - (refunded.get(d) ?? 0)),
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

import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  type DailyCount,
  dailyCounts,
  type PageDay,
  type PageVisitor,
  type PendingEvent,
  pageRollups,
  type SessionUpsert,
  sessionUpserts,
  visitorDays,
} from './ingest-rows';

/** A return from a payment provider continues the visitor's session if it was seen this recently. */
export const PAYMENT_RETURN_WINDOW_MS = 2 * 3_600_000;

/** Sessions, then events, then daily counts, each as one statement over a JSON array (not a row per statement). */
export async function writeEvents(db: Db, events: PendingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await attachPaymentReturns(db, events);
  // Sorted, so two processes flushing the same sessions lock them in the same order.
  const sessions = sessionUpserts(rows).sort((a, b) => (a.id < b.id ? -1 : 1));
  const counts = dailyCounts(rows).sort((a, b) =>
    `${a.day}${a.type}${a.action}` < `${b.day}${b.type}${b.action}` ? -1 : 1,
  );
  const days = visitorDays(sessions).sort((a, b) =>
    `${a.day}${a.visitorId}` < `${b.day}${b.visitorId}` ? -1 : 1,
  );
  const pages = pageRollups(rows);
  pages.days.sort((a, b) => (`${a.day}${a.page}` < `${b.day}${b.page}` ? -1 : 1));
  pages.visitors.sort((a, b) => (`${a.page}${a.visitorId}` < `${b.page}${b.visitorId}` ? -1 : 1));
  const statements = [
    upsertSessions(sessions),
    insertEvents(rows),
    ...countVisits(counts, days),
    ...rollUpPages(pages),
  ];
  await db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(statement);
  });
}

/** Sessions seen again add to their counts; the earliest start and the latest sighting win. */
function upsertSessions(sessions: SessionUpsert[]): SQL {
  const sessionJson = JSON.stringify(
    sessions.map((x) => ({
      id: x.id,
      visitor_id: x.visitorId,
      started_at: x.startedAt.toISOString(),
      last_seen_at: x.lastSeenAt.toISOString(),
      source: x.source,
      device_type: x.deviceType,
      user_agent: x.userAgent,
      utm_source: x.utmSource,
      utm_medium: x.utmMedium,
      utm_campaign: x.utmCampaign,
      country: x.country,
      region: x.region,
      page_views: x.pageViews,
      event_count: x.eventCount,
      funnel_step: x.funnelStep,
    })),
  );
  return sql`
    insert into analytics_sessions as s (id, visitor_id, started_at, last_seen_at, source, device_type, user_agent,
      utm_source, utm_medium, utm_campaign, country, region, page_views, event_count, funnel_step)
    select id, visitor_id, started_at, last_seen_at, source, device_type, user_agent,
      utm_source, utm_medium, utm_campaign, country, region, page_views, event_count, funnel_step
    from jsonb_to_recordset(${sessionJson}::jsonb) as x(id uuid, visitor_id text, started_at timestamptz,
      last_seen_at timestamptz, source text, device_type text, user_agent text, utm_source text, utm_medium text,
      utm_campaign text, country text, region text, page_views int, event_count int, funnel_step smallint)
    on conflict (id) do update set
      started_at = least(s.started_at, excluded.started_at),
      last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
      page_views = s.page_views + excluded.page_views,
      event_count = s.event_count + excluded.event_count,
      funnel_step = greatest(s.funnel_step, excluded.funnel_step),
      country = coalesce(s.country, excluded.country),
      region = coalesce(s.region, excluded.region)`;
}

function insertEvents(rows: PendingEvent[]): SQL {
  const eventJson = JSON.stringify(
    rows.map((e) => ({
      session_id: e.sessionId,
      visitor_id: e.visitorId,
      type: e.type,
      action: e.action,
      page: e.page,
      guide_id: e.guideId,
      duration_ms: e.durationMs,
      meta: e.meta,
      source: e.source,
      device_type: e.deviceType,
      country: e.country,
      region: e.region,
      created_at: e.createdAt.toISOString(),
    })),
  );
  return sql`
    insert into analytics_events (session_id, visitor_id, type, action, page, guide_id, duration_ms, meta, source,
      device_type, country, region, created_at)
    select session_id, visitor_id, type, action, page, guide_id, duration_ms, meta, source, device_type, country,
      region, created_at
    from jsonb_to_recordset(${eventJson}::jsonb) as x(session_id uuid, visitor_id text, type text, action text,
      page text, guide_id text, duration_ms int, meta jsonb, source text, device_type text, country text,
      region text, created_at timestamptz)`;
}

/** The daily counts by type and action, and which visitors came on which day. */
function countVisits(counts: DailyCount[], days: Array<{ day: string; visitorId: string }>): SQL[] {
  return [
    sql`
      insert into analytics_daily_counts as d (day, type, action, count)
      select day, type, action, count
      from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as x(day date, type text, action text, count int)
      on conflict (day, type, action) do update set count = d.count + excluded.count`,
    sql`
      insert into analytics_visitor_days (day, visitor_id)
      select day, "visitorId" from jsonb_to_recordset(${JSON.stringify(days)}::jsonb) as x(day date, "visitorId" text)
      on conflict do nothing`,
    sql`
      insert into analytics_visitors as v (visitor_id, last_day)
      select "visitorId", max(day) from jsonb_to_recordset(${JSON.stringify(days)}::jsonb) as x(day date, "visitorId" text)
      group by 1
      on conflict (visitor_id) do update set last_day = greatest(v.last_day, excluded.last_day)`,
  ];
}

/** Views and time per page and day, and each page's visitors; nothing to send when no page was seen. */
function rollUpPages(pages: { days: PageDay[]; visitors: PageVisitor[] }): SQL[] {
  const statements: SQL[] = [];
  if (pages.days.length > 0) {
    statements.push(sql`
      insert into analytics_page_daily as p (day, page, views, time_total_ms, time_count)
      select day, page, views, "timeTotalMs", "timeCount"
      from jsonb_to_recordset(${JSON.stringify(pages.days)}::jsonb)
        as x(day date, page text, views int, "timeTotalMs" bigint, "timeCount" int)
      on conflict (day, page) do update set views = p.views + excluded.views,
        time_total_ms = p.time_total_ms + excluded.time_total_ms, time_count = p.time_count + excluded.time_count`);
  }
  if (pages.visitors.length > 0) {
    statements.push(sql`
      insert into analytics_page_visitors as v (page, visitor_id, last_day)
      select page, "visitorId", "lastDay"
      from jsonb_to_recordset(${JSON.stringify(pages.visitors)}::jsonb) as x(page text, "visitorId" text, "lastDay" date)
      on conflict (page, visitor_id) do update set last_day = greatest(v.last_day, excluded.last_day)`);
  }
  return statements;
}

/**
 * Events whose session came back from a payment provider join the visitor's latest session seen
 * within PAYMENT_RETURN_WINDOW_MS before, so paying on Stripe's page does not start a new visit.
 */
async function attachPaymentReturns(db: Db, events: PendingEvent[]): Promise<PendingEvent[]> {
  const returning = new Map<string, PendingEvent>();
  for (const event of events) if (event.session.paymentReturn) returning.set(event.sessionId, event);
  if (returning.size === 0) return events;
  const lookups = [...returning.values()].map((e) => ({
    session_id: e.sessionId,
    visitor_id: e.visitorId,
    started_at: e.session.startedAt.toISOString(),
  }));
  const found = (await db.execute(sql`
    select x.session_id, p.id as previous_id
    from jsonb_to_recordset(${JSON.stringify(lookups)}::jsonb) as x(session_id uuid, visitor_id text, started_at timestamptz)
    cross join lateral (
      select s.id from analytics_sessions s
      where s.visitor_id = x.visitor_id and s.id <> x.session_id
        and s.last_seen_at >= x.started_at - ${`${PAYMENT_RETURN_WINDOW_MS} milliseconds`}::interval
        and s.started_at <= x.started_at
      order by s.started_at desc limit 1
    ) p`)) as unknown as { rows: Array<{ session_id: string; previous_id: string }> };
  const remap = new Map(found.rows.map((r) => [r.session_id, r.previous_id]));
  if (remap.size === 0) return events;
  return events.map((e) => {
    const previous = remap.get(e.sessionId);
    return previous ? { ...e, sessionId: previous } : e;
  });
}

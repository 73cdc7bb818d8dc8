import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One browser session. The id is derived from (visitorId, sessionStart) at ingest
 * (modules/analytics/session-id.ts), so a batch upserts its sessions and writes its events in one
 * round trip each. page_views, event_count and funnel_step are kept up to date by every flush,
 * so the funnel, sessions and geography answers read this table and never the events.
 */
export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visitorId: text('visitor_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    deviceType: text('device_type').notNull(),
    userAgent: text('user_agent'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** Derived from the address at ingest; the address itself is never stored. */
    country: text('country'),
    region: text('region'),
    pageViews: integer('page_views').notNull().default(0),
    eventCount: integer('event_count').notNull().default(0),
    /** Furthest funnel step reached: 0 visit, 1 add to cart, 2 checkout started, 3 purchase completed. */
    funnelStep: smallint('funnel_step').notNull().default(0),
  },
  (t) => [
    index('analytics_sessions_started_idx').on(t.startedAt),
    index('analytics_sessions_visitor_idx').on(t.visitorId, t.startedAt),
  ],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionId: uuid('session_id'),
    visitorId: text('visitor_id').notNull(),
    type: text('type').notNull(),
    /** meta.action of an 'action' event (time_on_page, scroll, ...), copied out so it can be indexed. */
    action: text('action'),
    page: text('page'),
    guideId: text('guide_id'),
    durationMs: integer('duration_ms'),
    meta: jsonb('meta'),
    source: text('source'),
    deviceType: text('device_type'),
    country: text('country'),
    region: text('region'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_type_created_idx').on(t.type, t.createdAt),
  ],
);

/** Events per UTC day, type and action (''), kept by every flush: the events, summary and timeseries answers. */
export const analyticsDailyCounts = pgTable(
  'analytics_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    type: text('type').notNull(),
    action: text('action').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_daily_counts_pk', columns: [t.day, t.type, t.action] })],
);

/** Page views and time_on_page totals per UTC day and page, kept by every flush: the pages answer. */
export const analyticsPageDaily = pgTable(
  'analytics_page_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    page: text('page').notNull(),
    views: integer('views').notNull().default(0),
    timeTotalMs: bigint('time_total_ms', { mode: 'number' }).notNull().default(0),
    timeCount: integer('time_count').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_page_daily_pk', columns: [t.day, t.page] })],
);

/**
 * The last UTC day each visitor viewed each page. Every range ends today, so the page's unique
 * visitors over a range are the rows whose last day falls in it: one indexed count, not a
 * distinct over every page view.
 */
export const analyticsPageVisitors = pgTable(
  'analytics_page_visitors',
  {
    page: text('page').notNull(),
    visitorId: text('visitor_id').notNull(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'analytics_page_visitors_pk', columns: [t.page, t.visitorId] }),
    index('analytics_page_visitors_page_day_idx').on(t.page, t.lastDay),
  ],
);

/** Who had a session starting on each UTC day: the unique-users series (an index-only count per day). */
export const analyticsVisitorDays = pgTable(
  'analytics_visitor_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitorId: text('visitor_id').notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_visitor_days_pk', columns: [t.day, t.visitorId] })],
);

/** Each visitor's last session day: the unique visitors of a range (which always ends today). */
export const analyticsVisitors = pgTable(
  'analytics_visitors',
  {
    visitorId: text('visitor_id').primaryKey(),
    lastDay: date('last_day', { mode: 'string' }).notNull(),
  },
  (t) => [index('analytics_visitors_last_day_idx').on(t.lastDay)],
);

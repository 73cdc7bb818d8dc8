import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

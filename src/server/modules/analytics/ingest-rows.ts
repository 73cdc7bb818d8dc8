import { createHash } from 'node:crypto';
import { type AnalyticsEvent, PAYMENT_PROVIDER_DOMAINS } from '../../../shared/contracts/analytics';

/** Without a sessionStart, events of a visitor fall into 30-minute sessions. */
export const FALLBACK_SESSION_MS = 30 * 60_000;
/** Queued events keep their time, within this much of the present; others are stamped "now". */
export const MAX_EVENT_AGE_MS = 7 * 86_400_000;
export const MAX_CLOCK_SKEW_MS = 60_000;

export const FUNNEL_STEP = { visit: 0, addToCart: 1, checkoutStarted: 2, purchaseCompleted: 3 } as const;

export interface GeoLocation {
  country: string | null;
  region: string | null;
}

/** One event as it is written to analytics_events, with what its session row needs. */
export interface PendingEvent {
  sessionId: string;
  visitorId: string;
  type: string;
  action: string | null;
  page: string | null;
  guideId: string | null;
  durationMs: number | null;
  meta: Record<string, unknown> | null;
  source: string;
  deviceType: string;
  country: string | null;
  region: string | null;
  createdAt: Date;
  session: {
    startedAt: Date;
    userAgent: string | null;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    /** Came back from a payment provider's page: continues the visitor's last session if any. */
    paymentReturn: boolean;
  };
}

/**
 * A stable uuid for (visitorId, sessionStart): every event of a session, in whatever batch or
 * process it arrives, names the same row without asking the database.
 */
export function sessionIdFor(visitorId: string, sessionStartMs: number): string {
  const hex = createHash('sha256').update(`${visitorId}:${sessionStartMs}`).digest('hex');
  // RFC 9562 version 8 (custom) and variant bits.
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function hostOf(referrer: string | null | undefined): string {
  if (!referrer) return '';
  const text = referrer.trim().toLowerCase();
  try {
    return new URL(text.includes('://') ? text : `https://${text}`).hostname;
  } catch {
    return '';
  }
}

/** checkout.stripe.com, pay.djamo.ci, ...: the shopper is coming back after paying. */
export function isPaymentProviderReturn(referrer: string | null | undefined): boolean {
  const host = hostOf(referrer);
  return (
    host !== '' && PAYMENT_PROVIDER_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`))
  );
}

export function actionOf(event: Pick<AnalyticsEvent, 'type' | 'meta'>): string | null {
  if (event.type !== 'action') return null;
  const action = event.meta?.action;
  return typeof action === 'string' && action !== '' ? action.slice(0, 50) : null;
}

/** How far down the funnel an event takes its session. */
export function funnelStepOf(type: string, action: string | null): number {
  if (type === 'purchase_completed' || type === 'purchase') return FUNNEL_STEP.purchaseCompleted;
  if (type === 'purchase_started') return FUNNEL_STEP.checkoutStarted;
  if (type === 'add_to_cart' || action === 'add_to_cart') return FUNNEL_STEP.addToCart;
  return FUNNEL_STEP.visit;
}

/** The browser's time when plausible, else the server's. */
export function eventTime(timestamp: number | undefined, nowMs: number): number {
  if (timestamp === undefined) return nowMs;
  if (timestamp > nowMs + MAX_CLOCK_SKEW_MS || timestamp < nowMs - MAX_EVENT_AGE_MS) return nowMs;
  return timestamp;
}

/** Turns validated events into rows; the geography is the request's, the address is not kept. */
export function toPendingEvents(events: AnalyticsEvent[], geo: GeoLocation, nowMs: number): PendingEvent[] {
  return events.map((event) => {
    const at = eventTime(event.timestamp, nowMs);
    const sessionStart =
      event.sessionStart !== undefined &&
      event.sessionStart <= at + MAX_CLOCK_SKEW_MS &&
      event.sessionStart >= at - MAX_EVENT_AGE_MS
        ? event.sessionStart
        : Math.floor(at / FALLBACK_SESSION_MS) * FALLBACK_SESSION_MS;
    const paymentReturn = isPaymentProviderReturn(event.referrer);
    return {
      sessionId: sessionIdFor(event.visitorId, sessionStart),
      visitorId: event.visitorId,
      type: event.type,
      action: actionOf(event),
      page: event.page ?? null,
      guideId: event.guideId ?? null,
      durationMs: event.durationMs ?? null,
      meta: event.meta ?? null,
      source: paymentReturn ? 'direct' : (event.source ?? 'direct'),
      deviceType: event.deviceType ?? 'desktop',
      country: geo.country,
      region: geo.region,
      createdAt: new Date(at),
      session: {
        startedAt: new Date(Math.min(sessionStart, at)),
        userAgent: event.userAgent ?? null,
        utmSource: event.utmSource ?? null,
        utmMedium: event.utmMedium ?? null,
        utmCampaign: event.utmCampaign ?? null,
        paymentReturn,
      },
    };
  });
}

export interface SessionUpsert {
  id: string;
  visitorId: string;
  startedAt: Date;
  lastSeenAt: Date;
  source: string;
  deviceType: string;
  userAgent: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  country: string | null;
  region: string | null;
  pageViews: number;
  eventCount: number;
  funnelStep: number;
}

/** One upsert per session of a batch: counts summed, first values kept, the furthest funnel step. */
export function sessionUpserts(events: PendingEvent[]): SessionUpsert[] {
  const byId = new Map<string, SessionUpsert>();
  for (const event of events) {
    const step = funnelStepOf(event.type, event.action);
    const pageView = event.type === 'page_view' ? 1 : 0;
    const found = byId.get(event.sessionId);
    if (found) {
      if (event.session.startedAt < found.startedAt) found.startedAt = event.session.startedAt;
      if (event.createdAt > found.lastSeenAt) found.lastSeenAt = event.createdAt;
      found.pageViews += pageView;
      found.eventCount += 1;
      found.funnelStep = Math.max(found.funnelStep, step);
      continue;
    }
    byId.set(event.sessionId, {
      id: event.sessionId,
      visitorId: event.visitorId,
      startedAt: event.session.startedAt,
      lastSeenAt: event.createdAt,
      source: event.source,
      deviceType: event.deviceType,
      userAgent: event.session.userAgent,
      utmSource: event.session.utmSource,
      utmMedium: event.session.utmMedium,
      utmCampaign: event.session.utmCampaign,
      country: event.country,
      region: event.region,
      pageViews: pageView,
      eventCount: 1,
      funnelStep: step,
    });
  }
  return [...byId.values()];
}

export interface DailyCount {
  day: string;
  type: string;
  action: string;
  count: number;
}

/** Events per UTC day, type and action. */
export function dailyCounts(events: PendingEvent[]): DailyCount[] {
  const counts = new Map<string, DailyCount>();
  for (const event of events) {
    const day = event.createdAt.toISOString().slice(0, 10);
    const action = event.action ?? '';
    const key = `${day}\u0000${event.type}\u0000${action}`;
    const found = counts.get(key);
    if (found) found.count += 1;
    else counts.set(key, { day, type: event.type, action, count: 1 });
  }
  return [...counts.values()];
}

export interface PageDay {
  day: string;
  page: string;
  views: number;
  timeTotalMs: number;
  timeCount: number;
}

export interface PageVisitor {
  page: string;
  visitorId: string;
  lastDay: string;
}

/** Page views and time_on_page per UTC day and page, and each visitor's last day on each page. */
export function pageRollups(events: PendingEvent[]): { days: PageDay[]; visitors: PageVisitor[] } {
  const days = new Map<string, PageDay>();
  const visitors = new Map<string, PageVisitor>();
  for (const event of events) {
    if (event.page === null) continue;
    const view = event.type === 'page_view';
    const time = event.action === 'time_on_page' && event.durationMs !== null;
    if (!view && !time) continue;
    const day = event.createdAt.toISOString().slice(0, 10);
    const key = `${day}\u0000${event.page}`;
    const found = days.get(key) ?? { day, page: event.page, views: 0, timeTotalMs: 0, timeCount: 0 };
    days.set(key, found);
    if (time) {
      found.timeTotalMs += event.durationMs ?? 0;
      found.timeCount += 1;
      continue;
    }
    found.views += 1;
    const visitorKey = `${event.page}\u0000${event.visitorId}`;
    const seen = visitors.get(visitorKey);
    if (!seen) visitors.set(visitorKey, { page: event.page, visitorId: event.visitorId, lastDay: day });
    else if (day > seen.lastDay) seen.lastDay = day;
  }
  return { days: [...days.values()], visitors: [...visitors.values()] };
}

/** (UTC day a session started, its visitor), once each. */
export function visitorDays(sessions: SessionUpsert[]): Array<{ day: string; visitorId: string }> {
  const seen = new Map<string, { day: string; visitorId: string }>();
  for (const s of sessions) {
    const day = s.startedAt.toISOString().slice(0, 10);
    seen.set(`${day}\u0000${s.visitorId}`, { day, visitorId: s.visitorId });
  }
  return [...seen.values()];
}

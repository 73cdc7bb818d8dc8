/**
 * A page left before the tracker chunk loaded (a visitor who reads /faq for a second and moves on
 * on a busy phone) is still counted: on page hide its view, and the calls that waited, leave by
 * beacon with the fields the main bundle can know cheaply; when no beacon can be queued, they are
 * kept for the next page's tracker. Either way once (docs/decisions/032-page-views-of-pages-left-early.md).
 */
import type { AnalyticsEvent } from '../../shared/contracts/analytics';
import * as analytics from '../../shared/contracts/endpoints/analytics';
import { deviceTypeOf, pageOf } from './page-rules';
import { MISSED_KEY, type MissedEvent, type TrackFields, takeWaitingForLeave } from './track';
import { readJson, writeJson } from './tracker-storage';

// The tracker's keys and limits, repeated so the main bundle does not import the tracker chunk.
const VISITOR_KEY = 'analytics-visitor';
const SESSION_KEY = 'analytics-session';
const SESSION_IDLE_MS = 30 * 60_000;
const MAX_KEPT = 50;

const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);
const read = (key: string): unknown => readJson(storage(), key);
const write = (key: string, value: unknown) => writeJson(storage(), key, value);

/** The visitor id the tracker keeps, or a new one in its form (kept for the tracker to reuse). */
function visitorId(now: number): string {
  const stored = read(VISITOR_KEY);
  if (typeof stored === 'string' && /^visitor_\d{1,20}_\d{1,15}$/.test(stored)) return stored;
  const made = `visitor_${crypto.getRandomValues(new Uint32Array(1))[0]}_${now}`;
  write(VISITOR_KEY, made);
  return made;
}

type StoredSession = { start?: unknown; last?: unknown; source?: unknown } & Record<string, unknown>;

/** The stored session's fields while it is alive; otherwise none (the server starts one). */
function sessionFields(now: number): Partial<AnalyticsEvent> {
  const session = read(SESSION_KEY) as StoredSession | null;
  if (!session || typeof session.start !== 'number' || typeof session.last !== 'number') return {};
  if (now - session.last > SESSION_IDLE_MS) return {};
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    sessionStart: session.start,
    ...(typeof session.source === 'string' ? { source: session.source as AnalyticsEvent['source'] } : {}),
    utmSource: text(session.utmSource),
    utmMedium: text(session.utmMedium),
    utmCampaign: text(session.utmCampaign),
    referrer: text(session.referrer),
  };
}

/** On page hide, before the tracker started: the page's view and what waited, by beacon or kept. */
export function sendViewOnLeave(pageView: TrackFields): void {
  const events: MissedEvent[] = [['page_view', pageView], ...takeWaitingForLeave()];
  const now = Date.now();
  const userAgent = navigator.userAgent.slice(0, 500);
  const common = {
    visitorId: visitorId(now),
    ...sessionFields(now),
    deviceType: deviceTypeOf(userAgent, window.innerWidth),
    userAgent,
  };
  const batch: AnalyticsEvent[] = events
    .filter(([, fields]) => !(fields.page ?? location.pathname).startsWith('/admin'))
    .map(([type, fields]) => ({
      ...common,
      type,
      ...fields,
      page: pageOf(fields.page ?? location.pathname),
      timestamp: fields.timestamp ?? now,
    }));
  if (batch.length === 0) return;
  const body = new Blob([JSON.stringify(batch)], { type: 'text/plain' });
  let queued = false;
  try {
    queued = navigator.sendBeacon?.(analytics.analyticsEvent.path, body) ?? false;
  } catch {
    queued = false;
  }
  if (queued) return;
  const kept = read(MISSED_KEY);
  write(MISSED_KEY, [...(Array.isArray(kept) ? kept : []), ...events].slice(-MAX_KEPT));
}

/**
 * The visitor tracker (spec storefront §3, §4, §7, §9), a chunk loaded after hydration. It keeps the
 * visitor id and the session, records page views (each route change too), time on page, scroll
 * depth, clicks and form submits, and takes the storefront's business events from track().
 */
import type { AnalyticsEvent, AnalyticsEventType } from '../../shared/contracts/analytics';
import { ANALYTICS_ENDPOINT, type AnalyticsQueue, createAnalyticsQueue } from './queue';
import {
  type Arrival,
  arrivalOf,
  deviceTypeOf,
  hostOf,
  isReturnFrom,
  newScrollThresholds,
  pageOf,
  scrollPercent,
  visitorIdOf,
} from './rules';
import type { TrackFields } from './track';
import { readJson, replayKeptEvents, writeJson } from './tracker-storage';

// The contract's values, repeated: importing them would pull zod into the chunk.
const SCROLL_DEBOUNCE_MS = 100;
const MIN_TIME_ON_PAGE_MS = 1000;
/** Events wait this long to travel together: one request instead of several on a slow connection. */
export const SEND_DELAY_MS = 2000;
/** A session ends after this long without an event. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const VISITOR_KEY = 'analytics-visitor';
export const SESSION_KEY = 'analytics-session';

interface Session extends Arrival {
  start: number;
  last: number;
  /** The landing page's referrer host, which lets the server recognise a return from a payment page. */
  referrer: string | null;
}

/** What the tracker uses of the browser; tests pass fakes. */
export interface TrackerEnv {
  window: EventTarget & {
    location: { href: string; pathname: string };
    innerWidth: number;
    innerHeight: number;
    scrollY: number;
    screen?: { width: number; height: number; colorDepth: number };
  };
  document: EventTarget & {
    referrer: string;
    visibilityState: string;
    documentElement: { scrollHeight: number };
  };
  navigator: { userAgent: string; language?: string; onLine: boolean };
  storage: Storage | null;
  /** The navigation type of the page load ('navigate', 'reload', 'back_forward'). */
  navigationType: string;
  /** When the document started loading (ms since epoch): the first page's time counts from there. */
  loadedAt?: number;
  now(): number;
  post(body: string): Promise<{ ok: boolean; status: number }>;
  beacon(body: string): boolean;
  warn(message: string, detail?: unknown): void;
}

/** The visitor id kept in storage, or a new one made from the browser's traits (and then kept). */
function rememberedVisitorId(env: TrackerEnv, userAgent: string): string {
  const s = env.window.screen;
  let visitorId = readJson<string>(env.storage, VISITOR_KEY);
  if (typeof visitorId !== 'string' || !/^visitor_\d+_\d+$/.test(visitorId)) {
    const traits = [
      userAgent,
      env.navigator.language,
      s?.width,
      s?.height,
      s?.colorDepth,
      new Date().getTimezoneOffset(),
    ];
    visitorId = visitorIdOf(traits.join('|'), env.now());
    writeJson(env.storage, VISITOR_KEY, visitorId);
  }
  return visitorId;
}

/**
 * The stored session, or a new one when there is none, it has been idle too long, or a new arrival
 * from elsewhere (not a reload, not a return from our own pages or a payment provider's).
 */
function currentSession(env: TrackerEnv): Session {
  const href = env.window.location.href;
  const referrer = env.document.referrer;
  const stored = readJson<Session>(env.storage, SESSION_KEY);
  const arrival = arrivalOf(href, referrer);
  const newArrival =
    env.navigationType === 'navigate' &&
    !isReturnFrom(href, referrer) &&
    (arrival.source !== 'direct' || arrival.utmSource !== null);
  return stored?.start && env.now() - stored.last <= SESSION_IDLE_MS && !newArrival
    ? stored
    : { ...arrival, start: env.now(), last: env.now(), referrer: hostOf(referrer) || null };
}

function listenForClicksAndSubmits(
  doc: TrackerEnv['document'],
  emit: (type: AnalyticsEventType, fields?: TrackFields) => void,
) {
  // Besides the click, a control marked data-track="download" (the order page's buttons) reports
  // its event with data-guide-id: the order page then needs no analytics code of its own.
  doc.addEventListener(
    'click',
    (event) => {
      const target = (event.target as Element | null)?.closest?.('a,button');
      if (!target) return;
      const attr = (name: string) => target.getAttribute(name);
      const text = (attr('aria-label') || target.textContent || '').trim().slice(0, 100);
      const href = attr('href');
      emit('click', { meta: { element: target.localName, text, href: href && pageOf(href) } });
      if (attr('data-track') === 'download')
        emit('download', { guideId: attr('data-guide-id'), meta: { text } });
    },
    true,
  );
  doc.addEventListener(
    'submit',
    (event) => {
      const form = event.target as HTMLFormElement;
      emit('form_submit', { meta: { form: form.getAttribute('name') || form.id || null } });
    },
    true,
  );
}

/** Page views on route changes, time on page and scroll depth; the caller ends or restarts the page's time. */
function trackPages(env: TrackerEnv, emit: (type: AnalyticsEventType, fields?: TrackFields) => void) {
  const { window: win, document: doc } = env;
  let path = win.location.pathname;
  let pageStart = env.loadedAt ?? env.now();
  let scrolled = new Set<number>();
  const endPage = () => {
    const durationMs = env.now() - pageStart;
    if (durationMs > MIN_TIME_ON_PAGE_MS)
      emit('action', { page: path, durationMs, meta: { action: 'time_on_page' } });
    pageStart = env.now();
  };
  const onRoute = () => {
    if (win.location.pathname === path) return;
    endPage();
    path = win.location.pathname;
    scrolled = new Set();
    emit('page_view');
  };
  // wouter announces pushState and replaceState as events of the same name.
  for (const type of ['popstate', 'pushState', 'replaceState']) win.addEventListener(type, onRoute);

  let scrollTimer: ReturnType<typeof setTimeout> | undefined;
  win.addEventListener(
    'scroll',
    () => {
      clearTimeout(scrollTimer);
      scrollTimer = setTimeout(() => {
        const percent = scrollPercent(win.scrollY, win.innerHeight, doc.documentElement.scrollHeight);
        for (const scrollDepth of newScrollThresholds(percent, scrolled))
          emit('action', { meta: { action: 'scroll', scrollDepth } });
      }, SCROLL_DEBOUNCE_MS);
    },
    { passive: true },
  );
  return {
    endPage,
    restart: () => {
      pageStart = env.now();
    },
  };
}

/** Starts tracking; returns the sink for track() and the queue (for tests). */
export function startTracker(env: TrackerEnv): {
  emit(type: AnalyticsEventType, fields?: TrackFields): void;
  queue: AnalyticsQueue;
} {
  const { window: win, document: doc, navigator: nav, storage } = env;
  const queue = createAnalyticsQueue({
    storage,
    post: env.post,
    beacon: env.beacon,
    online: () => nav.onLine,
    warn: env.warn,
  });
  const userAgent = nav.userAgent.slice(0, 500);
  const deviceType = deviceTypeOf(userAgent, win.innerWidth);
  const visitorId = rememberedVisitorId(env, userAgent);
  const href = win.location.href;
  let session = currentSession(env);

  let timer: ReturnType<typeof setTimeout> | undefined;
  const emit = (type: AnalyticsEventType, fields: TrackFields = {}) => {
    const page = fields.page ?? win.location.pathname;
    if (page.startsWith('/admin')) return;
    const now = env.now();
    if (now - session.last > SESSION_IDLE_MS)
      session = { ...arrivalOf(href, ''), start: now, last: now, referrer: null };
    session.last = now;
    writeJson(storage, SESSION_KEY, session);
    const event: AnalyticsEvent = {
      type,
      ...fields,
      page: pageOf(page),
      visitorId,
      sessionStart: session.start,
      source: session.source,
      deviceType,
      userAgent,
      utmSource: session.utmSource,
      utmMedium: session.utmMedium,
      utmCampaign: session.utmCampaign,
      referrer: session.referrer,
      timestamp: fields.timestamp ?? now,
    };
    queue.add(event);
    timer ??= setTimeout(() => {
      timer = undefined;
      void queue.flush();
    }, SEND_DELAY_MS);
  };

  const pages = trackPages(env, emit);
  listenForClicksAndSubmits(doc, emit);

  const hide = () => {
    pages.endPage();
    clearTimeout(timer);
    timer = undefined;
    queue.beaconAll();
  };
  doc.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') hide();
    else pages.restart();
  });
  win.addEventListener('pagehide', hide);
  win.addEventListener('online', () => void queue.flush());

  replayKeptEvents(storage, emit);
  emit('page_view');
  return { emit, queue };
}

/** The real browser's environment. */
export function browserEnv(): TrackerEnv {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // storage refused: the queue and ids live in memory
  }
  return {
    window,
    document,
    navigator,
    storage,
    navigationType: navigation?.type ?? 'navigate',
    loadedAt: Math.round(performance.timeOrigin),
    now: Date.now,
    post: (body) =>
      fetch(ANALYTICS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        keepalive: true,
      }),
    beacon: (body) =>
      navigator.sendBeacon?.(ANALYTICS_ENDPOINT, new Blob([body], { type: 'text/plain' })) ?? false,
    warn: console.warn,
  };
}

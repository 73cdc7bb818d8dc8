import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AnalyticsEvent } from '../../shared/contracts/analytics';
import { QUEUE_KEY } from './queue';
import { connectTracker, MISSED_KEY, track } from './track';
import { SEND_DELAY_MS, SESSION_KEY, startTracker, type TrackerEnv, VISITOR_KEY } from './tracker';

const T0 = 1_763_800_000_000;
const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 12; itel A571W) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/118.0 Mobile Safari/537.36';

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    get length() {
      return items.size;
    },
  };
}

/** An event whose target is a fake element (plain EventTargets do not bubble). */
class TargetedEvent extends Event {
  constructor(
    type: string,
    private readonly fakeTarget: unknown,
  ) {
    super(type);
  }
  override get target() {
    return this.fakeTarget as EventTarget;
  }
}

function fakeBrowser(options: { url?: string; referrer?: string; storage?: Storage; online?: boolean } = {}) {
  let now = T0;
  const url = new URL(options.url ?? 'https://guides.example/');
  const posted: AnalyticsEvent[][] = [];
  const beacons: AnalyticsEvent[][] = [];
  const warnings: string[] = [];
  const win = Object.assign(new EventTarget(), {
    location: {
      get href() {
        return url.href;
      },
      get pathname() {
        return url.pathname;
      },
    },
    innerWidth: 360,
    innerHeight: 740,
    scrollY: 0,
    screen: { width: 360, height: 740, colorDepth: 24 },
  });
  const doc = Object.assign(new EventTarget(), {
    referrer: options.referrer ?? '',
    visibilityState: 'visible',
    documentElement: { scrollHeight: 740 * 5 },
  });
  const nav = { userAgent: PHONE_UA, language: 'fr-FR', onLine: options.online ?? true };
  const storage = options.storage ?? fakeStorage();
  const env: TrackerEnv = {
    window: win,
    document: doc,
    navigator: nav,
    storage,
    navigationType: 'navigate',
    now: () => now,
    post: async (body) => {
      if (!nav.onLine) throw new TypeError('Failed to fetch');
      posted.push(JSON.parse(body) as AnalyticsEvent[]);
      return { ok: true, status: 202 };
    },
    beacon: (body) => {
      beacons.push(JSON.parse(body) as AnalyticsEvent[]);
      return true;
    },
    warn: (message) => void warnings.push(message),
  };
  return {
    env,
    storage,
    posted,
    beacons,
    warnings,
    sent: () => [...posted.flat(), ...beacons.flat()],
    wait: async (ms: number) => {
      now += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
    /** What wouter does on a link click: history.pushState, then a 'pushState' event. */
    navigate(path: string) {
      url.pathname = path;
      win.dispatchEvent(new Event('pushState'));
    },
    scrollTo(y: number) {
      win.scrollY = y;
      win.dispatchEvent(new Event('scroll'));
    },
    hide() {
      doc.visibilityState = 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
    setOnline(value: boolean) {
      nav.onLine = value;
      win.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
    click(element: { localName: string; text: string; attributes?: Record<string, string> }) {
      const fake = {
        localName: element.localName,
        textContent: element.text,
        getAttribute: (name: string) => element.attributes?.[name] ?? null,
        closest() {
          return this;
        },
      };
      doc.dispatchEvent(new TargetedEvent('click', fake));
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the tracker', () => {
  test('the first page view carries the visitor and session fields, sent together after a short wait', async () => {
    const b = fakeBrowser({ url: 'https://guides.example/senegal?utm_source=fb&utm_medium=social' });
    startTracker(b.env);
    expect(b.posted).toEqual([]);
    await b.wait(SEND_DELAY_MS);
    expect(b.posted).toHaveLength(1);
    const [view] = b.posted[0]!;
    expect(view).toMatchObject({
      type: 'page_view',
      page: '/senegal',
      sessionStart: T0,
      source: 'social',
      deviceType: 'mobile',
      userAgent: PHONE_UA,
      utmSource: 'fb',
      utmMedium: 'social',
      utmCampaign: null,
      timestamp: T0,
    });
    expect(view!.visitorId).toMatch(/^visitor_\d+_1763800000000$/);
  });

  test('the visitor id is stored and kept on the next visit', async () => {
    const storage = fakeStorage();
    const first = fakeBrowser({ storage });
    startTracker(first.env);
    const id = JSON.parse(storage.getItem(VISITOR_KEY)!);
    const second = fakeBrowser({ storage });
    startTracker(second.env);
    await second.wait(SEND_DELAY_MS);
    expect(second.posted.flat().every((e) => e.visitorId === id)).toBe(true);
  });

  test('each route change is a page view, and the time spent on the page before it is sent', async () => {
    const b = fakeBrowser();
    startTracker(b.env);
    await b.wait(5_000);
    b.navigate('/maroc');
    await b.wait(SEND_DELAY_MS);
    expect(b.sent().map((e) => [e.type, e.page, e.meta?.action ?? null, e.durationMs ?? null])).toEqual([
      ['page_view', '/', null, null],
      ['action', '/', 'time_on_page', 5_000],
      ['page_view', '/maroc', null, null],
    ]);
  });

  test("the first page's time counts from when the document started loading, not from the tracker's start", async () => {
    const b = fakeBrowser();
    startTracker({ ...b.env, loadedAt: T0 - 3_000 });
    await b.wait(1_000);
    b.navigate('/faq');
    await b.wait(SEND_DELAY_MS);
    expect(b.sent().find((e) => e.meta?.action === 'time_on_page')?.durationMs).toBe(4_000);
  });

  test('time on page is sent only above 1000 ms', async () => {
    const b = fakeBrowser();
    startTracker(b.env);
    await b.wait(1_000);
    b.navigate('/faq');
    await b.wait(SEND_DELAY_MS);
    expect(b.sent().filter((e) => e.meta?.action === 'time_on_page')).toEqual([]);
  });

  test('scroll depth: 25, 50, 75 and 100 % once each per page, after 100 ms without scrolling', async () => {
    const b = fakeBrowser();
    startTracker(b.env);
    const scrollable = 740 * 4;
    b.scrollTo(scrollable * 0.3);
    await b.wait(50);
    b.scrollTo(scrollable * 0.6);
    await b.wait(100);
    b.scrollTo(scrollable * 0.4);
    await b.wait(100);
    b.scrollTo(scrollable);
    await b.wait(SEND_DELAY_MS);
    const depths = () => b.sent().filter((e) => e.meta?.action === 'scroll');
    expect(depths().map((e) => e.meta?.scrollDepth)).toEqual([25, 50, 75, 100]);
    expect(depths().every((e) => e.type === 'action' && e.page === '/')).toBe(true);
    // a new page starts over
    b.navigate('/senegal');
    b.scrollTo(scrollable * 0.3);
    await b.wait(SEND_DELAY_MS);
    expect(depths().map((e) => [e.page, e.meta?.scrollDepth])).toContainEqual(['/senegal', 25]);
  });

  test('hiding the page sends the queue and the time on page by beacon, at once', async () => {
    const b = fakeBrowser();
    startTracker(b.env);
    await b.wait(1_500);
    b.hide();
    expect(b.posted).toEqual([]);
    expect(b.beacons.flat().map((e) => [e.type, e.meta?.action ?? null])).toEqual([
      ['page_view', null],
      ['action', 'time_on_page'],
    ]);
    expect(b.storage.getItem(QUEUE_KEY)).toBe('[]');
  });

  test('offline, events wait in localStorage and arrive when the browser is back online', async () => {
    const b = fakeBrowser({ online: false });
    startTracker(b.env);
    await b.wait(SEND_DELAY_MS);
    b.navigate('/maroc');
    await b.wait(SEND_DELAY_MS);
    b.hide();
    expect(b.sent()).toEqual([]);
    expect(JSON.parse(b.storage.getItem(QUEUE_KEY)!)).toHaveLength(4);
    b.setOnline(true);
    await b.wait(0);
    expect(b.posted.flat().map((e) => [e.type, e.page])).toEqual([
      ['page_view', '/'],
      ['action', '/'],
      ['page_view', '/maroc'],
      ['action', '/maroc'],
    ]);
    expect(b.storage.getItem(QUEUE_KEY)).toBe('[]');
  });

  test('clicks on links and buttons are recorded', async () => {
    const b = fakeBrowser();
    startTracker(b.env);
    b.click({ localName: 'a', text: ' Sénégal ', attributes: { href: '/senegal' } });
    await b.wait(SEND_DELAY_MS);
    expect(b.sent().find((e) => e.type === 'click')?.meta).toEqual({
      element: 'a',
      text: 'Sénégal',
      href: '/senegal',
    });
  });

  test('a button marked data-track="download" also reports a download of its guide', async () => {
    const b = fakeBrowser({ url: 'https://guides.example/order-confirmation/SeCrEt-Id-0123456789ab' });
    startTracker(b.env);
    b.click({
      localName: 'button',
      text: 'Télécharger',
      attributes: { 'data-track': 'download', 'data-guide-id': 'g7' },
    });
    await b.wait(SEND_DELAY_MS);
    expect(b.sent().map((e) => [e.type, e.page, e.guideId ?? null])).toEqual([
      ['page_view', '/order-confirmation/:id', null],
      ['click', '/order-confirmation/:id', null],
      ['download', '/order-confirmation/:id', 'g7'],
    ]);
  });

  test('a return from the payment page continues the session and its source', async () => {
    const storage = fakeStorage();
    const arrival = fakeBrowser({ storage, referrer: 'https://www.google.com/' });
    startTracker(arrival.env);
    await arrival.wait(60_000);
    const back = fakeBrowser({
      storage,
      url: 'https://guides.example/checkout',
      referrer: 'https://checkout.stripe.com/c/pay/cs_test_1',
    });
    startTracker(back.env);
    await back.wait(SEND_DELAY_MS);
    expect(back.posted.flat()[0]).toMatchObject({ source: 'search', sessionStart: T0 });
  });

  test('a return from the payment page with no session to continue is direct, not a referral', async () => {
    const b = fakeBrowser({ referrer: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    startTracker(b.env);
    await b.wait(SEND_DELAY_MS);
    expect(b.posted.flat()[0]).toMatchObject({ source: 'direct', referrer: 'checkout.stripe.com' });
  });

  test('a new arrival from another site starts a new session; one idle 30 minutes starts over too', async () => {
    const storage = fakeStorage();
    startTracker(fakeBrowser({ storage }).env);
    const first = JSON.parse(storage.getItem(SESSION_KEY)!);
    const fromSearch = fakeBrowser({ storage, referrer: 'https://www.bing.com/' });
    await fromSearch.wait(60_000);
    startTracker(fromSearch.env);
    const second = JSON.parse(storage.getItem(SESSION_KEY)!);
    expect(second.start).toBeGreaterThan(first.start);
    expect(second.source).toBe('search');
  });

  test('admin pages are not tracked', async () => {
    const b = fakeBrowser({ url: 'https://guides.example/admin/analytics' });
    startTracker(b.env);
    await b.wait(SEND_DELAY_MS);
    expect(b.sent()).toEqual([]);
  });

  test('track() calls made before the tracker loaded are sent with the page and time they happened at', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('location', { pathname: '/guides/dakar' });
    vi.setSystemTime(T0 - 500);
    try {
      track('add_to_cart', { guideId: 'g1' });
    } finally {
      vi.unstubAllGlobals();
    }
    const b = fakeBrowser({ url: 'https://guides.example/checkout' });
    const { emit } = startTracker(b.env);
    connectTracker(emit);
    track('purchase_started');
    await b.wait(SEND_DELAY_MS);
    expect(b.sent().map((e) => [e.type, e.page, e.timestamp, e.guideId ?? null])).toEqual([
      ['page_view', '/checkout', T0, null],
      ['add_to_cart', '/guides/dakar', T0 - 500, 'g1'],
      ['purchase_started', '/checkout', T0, null],
    ]);
  });

  test('a page left before its tracker loaded is counted by the next page of the visit, once', async () => {
    const storage = fakeStorage();
    // What load-tracker.ts kept on page hide: the /faq view, seen a second before.
    storage.setItem(MISSED_KEY, JSON.stringify([['page_view', { page: '/faq', timestamp: T0 - 1000 }]]));
    const contact = fakeBrowser({ url: 'https://guides.example/contact', storage });
    startTracker(contact.env);
    await contact.wait(SEND_DELAY_MS);
    expect(contact.posted.flat().map((e) => [e.type, e.page, e.timestamp])).toEqual([
      ['page_view', '/faq', T0 - 1000],
      ['page_view', '/contact', T0],
    ]);
    expect(storage.getItem(MISSED_KEY)).toBeNull();
    // The next page does not count /faq again.
    const next = fakeBrowser({ url: 'https://guides.example/', storage });
    startTracker(next.env);
    await next.wait(SEND_DELAY_MS);
    expect(next.posted.flat().map((e) => e.page)).toEqual(['/']);
  });

  test('kept events that are not events (a tampered storage) are skipped', async () => {
    const storage = fakeStorage();
    storage.setItem(
      MISSED_KEY,
      JSON.stringify([null, 'x', ['page_view', null], ['page_view', { page: '/faq' }]]),
    );
    const b = fakeBrowser({ storage });
    startTracker(b.env);
    await b.wait(SEND_DELAY_MS);
    expect(b.posted.flat().map((e) => e.page)).toEqual(['/faq', '/']);
  });
});

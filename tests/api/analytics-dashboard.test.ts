import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { toPendingEvents } from '../../src/server/modules/analytics/ingest-rows';
import { writeEvents } from '../../src/server/modules/analytics/write-events';
import type { AnalyticsEvent } from '../../src/shared/contracts/analytics';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * A small fixed data set, every expected figure computed by hand below. "Now" is
 * 2026-03-15 12:00 UTC: the 7d range is 03-09 00:00 UTC … 03-15 24:00, the previous period
 * 03-02 00:00 … 03-09 00:00 (exclusive).
 */
const ADMIN_KEY = 'analytics-dashboard-key-0123456789';
const NOW = new Date('2026-03-15T12:00:00.000Z');
let ctx: TestContext;

const at = (iso: string) => new Date(iso).getTime();

interface Visit {
  visitor: string;
  start: string;
  country: string | null;
  region: string | null;
  source?: AnalyticsEvent['source'];
  deviceType?: AnalyticsEvent['deviceType'];
  /** [minutes after start, event] */
  events: Array<[number, Partial<AnalyticsEvent> & { type: AnalyticsEvent['type'] }]>;
}

const A = 'visitor_1_1';
const B = 'visitor_2_2';
const C = 'visitor_3_3';
const D = 'visitor_4_4';

const VISITS: Visit[] = [
  // S1: the first instant of the range; reaches a purchase; 2 page views; 2 downloads.
  {
    visitor: A,
    start: '2026-03-09T00:00:00.000Z',
    country: 'SN',
    region: 'DK',
    source: 'search',
    deviceType: 'mobile',
    events: [
      [0, { type: 'page_view', page: '/' }],
      [1, { type: 'page_view', page: '/senegal' }],
      [2, { type: 'action', page: '/senegal', meta: { action: 'time_on_page' }, durationMs: 30_000 }],
      [3, { type: 'action', page: '/senegal', meta: { action: 'add_to_cart' } }],
      [4, { type: 'purchase_started', page: '/checkout' }],
      [5, { type: 'purchase_completed', page: '/order' }],
      [6, { type: 'download', page: '/order' }],
      [10, { type: 'download', page: '/order' }],
    ],
  },
  // S2: add to cart (as its own event type) and no further.
  {
    visitor: B,
    start: '2026-03-10T10:00:00.000Z',
    country: 'SN',
    region: 'TH',
    source: 'social',
    deviceType: 'desktop',
    events: [
      [0, { type: 'page_view', page: '/' }],
      [0, { type: 'action', page: '/', meta: { action: 'time_on_page' }, durationMs: 5_000 }],
      [1, { type: 'page_view', page: '/senegal' }],
      [2, { type: 'action', page: '/senegal', meta: { action: 'time_on_page' }, durationMs: 60_000 }],
      [3, { type: 'add_to_cart', page: '/senegal' }],
    ],
  },
  // S3: visitor A again, the last second of 03-14 UTC; a bounce.
  {
    visitor: A,
    start: '2026-03-14T23:59:59.000Z',
    country: 'SN',
    region: 'DK',
    source: 'direct',
    deviceType: 'mobile',
    events: [[0, { type: 'page_view', page: '/' }]],
  },
  // S4: checkout started, no purchase; country without region.
  {
    visitor: C,
    start: '2026-03-12T08:00:00.000Z',
    country: 'MA',
    region: null,
    source: 'search',
    deviceType: 'tablet',
    events: [
      [0, { type: 'page_view', page: '/morocco' }],
      [2, { type: 'purchase_started', page: '/checkout' }],
    ],
  },
  // S5: previous period, one minute before the range starts.
  {
    visitor: D,
    start: '2026-03-08T23:59:00.000Z',
    country: 'CI',
    region: 'AB',
    source: 'email',
    deviceType: 'desktop',
    events: [
      [0, { type: 'page_view', page: '/' }],
      [0.5, { type: 'download', page: '/order' }],
    ],
  },
];

async function insertVisits() {
  for (const visit of VISITS) {
    const startMs = at(visit.start);
    // One write per event: the session row must add them up across batches.
    for (const [minutes, e] of visit.events) {
      const when = startMs + minutes * 60_000;
      const event: AnalyticsEvent = {
        visitorId: visit.visitor,
        sessionStart: startMs,
        source: visit.source,
        deviceType: visit.deviceType,
        timestamp: when,
        ...e,
      };
      await writeEvents(
        ctx.db,
        toPendingEvents([event], { country: visit.country, region: visit.region }, when),
      );
    }
  }
}

async function insertOrder(status: 'completed' | 'pending' | 'rejected', total: string, completedAt: string) {
  await ctx.db.insert(orders).values({
    publicId: randomBytes(18).toString('base64url'),
    orderNumber: `GA-${randomBytes(4).toString('hex').toUpperCase()}`,
    status,
    paymentMethod: 'stripe',
    email: 'awa.diop@gmail.com',
    firstName: 'Awa',
    lastName: 'Diop',
    phoneNumber: '+221 77 000 00 00',
    total,
    createdAt: new Date(completedAt),
    completedAt: status === 'completed' ? new Date(completedAt) : null,
  });
}

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  await insertVisits();
  // Current period: 10.00 (first instant) + 4.50 + 15.50 = 30.00 in 3 orders.
  await insertOrder('completed', '10.00', '2026-03-09T00:00:00.000Z');
  await insertOrder('completed', '4.50', '2026-03-12T09:00:00.000Z');
  await insertOrder('completed', '15.50', '2026-03-15T10:00:00.000Z');
  await insertOrder('pending', '100.00', '2026-03-13T10:00:00.000Z');
  await insertOrder('rejected', '50.00', '2026-03-13T11:00:00.000Z');
  // Previous period: 20.00 (its last millisecond) + 5.00 = 25.00 in 2 orders.
  await insertOrder('completed', '20.00', '2026-03-08T23:59:59.999Z');
  await insertOrder('completed', '5.00', '2026-03-03T10:00:00.000Z');
  // Before both periods.
  await insertOrder('completed', '70.00', '2026-03-01T23:00:00.000Z');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterAll(async () => {
  vi.useRealTimers();
  await ctx.close();
});

async function get(path: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/analytics${path}`,
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ROUTES = [
  '/summary',
  '/events',
  '/funnel',
  '/pages',
  '/geo',
  '/users/timeseries',
  '/timeseries',
  '/sessions',
];

describe('admin analytics', () => {
  test.each(ROUTES)('%s answers 401 without x-admin-key and 400 for an unknown range', async (route) => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/admin/analytics${route}?range=7d` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Admin API key required' });
    const bad = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/analytics${route}?range=1y`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('range: range must be 7d, 30d or 90d');
  });

  test('summary: revenue and orders of completed orders only, growth against the previous 7 days', async () => {
    expect(await get('/summary')).toEqual({
      range: '7d',
      totalRevenue: '30.00',
      totalRevenueCents: 3000,
      currency: 'EUR',
      revenueGrowth: 20, // (30 − 25) / 25
      paidRevenueCents: 3000,
      refundedCents: 0,
      revenueBeforeDiscountsCents: 3000,
      discountCents: 0,
      discountCodes: [],
      totalOrders: 3,
      ordersGrowth: 50, // (3 − 2) / 2
      totalDownloads: 2,
      downloadsGrowth: 100, // (2 − 1) / 1
      conversionRate: 25, // 1 session with a purchase / 4 sessions (the funnel's rate)
      totalSessions: 4,
      testModeOrders: 0,
      testModeRevenueCents: 0,
    });
  });

  test('summary over 30 days has no previous data: growth is null, not infinite', async () => {
    const summary = await get('/summary?range=30d');
    // 30d: 03-15 back to 02-14: every order above except none excluded = 30 + 25 + 70 = 125.
    expect(summary).toMatchObject({
      totalRevenue: '125.00',
      totalOrders: 6,
      revenueGrowth: null,
      ordersGrowth: null,
    });
    expect(summary).toMatchObject({ totalDownloads: 3, totalSessions: 5, conversionRate: 20 });
  });

  test('the card and the funnel give one conversion rate, never over 100 % with orders placed without a session', async () => {
    // 30d: 6 completed orders and 5 sessions, only one of which tracked a purchase (orders ÷
    // sessions said 120 %, beside the funnel's 20 %).
    for (const range of ['7d', '30d'] as const) {
      const summary = await get(`/summary?range=${range}`);
      const funnel = await get(`/funnel?range=${range}`);
      expect(summary.conversionRate).toBe(funnel.overallConversionRate);
      expect(summary.conversionRate).toBeLessThanOrEqual(100);
    }
    expect((await get('/summary?range=30d')).totalOrders).toBeGreaterThan(
      (await get('/summary?range=30d')).totalSessions,
    );
  });

  test('funnel: sessions reaching each step, percentages of visits and drop-off from the step before', async () => {
    expect(await get('/funnel')).toEqual({
      range: '7d',
      overallConversionRate: 25,
      funnel: [
        { step: 'Visit', count: 4, percentage: 100, dropOffPercentage: 0 },
        { step: 'Add to Cart', count: 3, percentage: 75, dropOffPercentage: 25 },
        { step: 'Checkout Started', count: 2, percentage: 50, dropOffPercentage: 33.33 },
        { step: 'Purchase Completed', count: 1, percentage: 25, dropOffPercentage: 50 },
      ],
    });
  });

  test('pages: by time spent, with views, unique visitors and the average time', async () => {
    expect(await get('/pages?limit=10')).toEqual({
      range: '7d',
      pages: [
        { page: '/senegal', views: 2, uniqueVisitors: 2, avgTimeMs: 45_000, avgTimeFormatted: '45s' },
        { page: '/', views: 3, uniqueVisitors: 2, avgTimeMs: 5_000, avgTimeFormatted: '5s' },
        { page: '/morocco', views: 1, uniqueVisitors: 1, avgTimeMs: 0, avgTimeFormatted: '0s' },
      ],
    });
    expect((await get('/pages?limit=1')).pages.map((p: { page: string }) => p.page)).toEqual(['/senegal']);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/analytics/pages?limit=0',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^limit: /);
  });

  test('geo: sessions per country with their distinct regions and share', async () => {
    expect(await get('/geo')).toEqual({
      range: '7d',
      totalSessions: 4,
      countries: [
        { country: 'SN', sessions: 3, regions: 2, percentage: 75 },
        { country: 'MA', sessions: 1, regions: 0, percentage: 25 },
      ],
    });
  });

  test('unique users per UTC day, every day of the range, and the distinct total', async () => {
    const users = await get('/users/timeseries');
    expect(users.totalUniqueUsers).toBe(3);
    expect(users.series).toEqual([
      { date: '2026-03-09', dateFormatted: 'Mar 9', uniqueUsers: 1 },
      { date: '2026-03-10', dateFormatted: 'Mar 10', uniqueUsers: 1 },
      { date: '2026-03-11', dateFormatted: 'Mar 11', uniqueUsers: 0 },
      { date: '2026-03-12', dateFormatted: 'Mar 12', uniqueUsers: 1 },
      { date: '2026-03-13', dateFormatted: 'Mar 13', uniqueUsers: 0 },
      { date: '2026-03-14', dateFormatted: 'Mar 14', uniqueUsers: 1 },
      { date: '2026-03-15', dateFormatted: 'Mar 15', uniqueUsers: 0 },
    ]);
    // 03-08 23:59 (visitor D) is the previous day: only in the 30-day series.
    const month = await get('/users/timeseries?range=30d');
    expect(month.series).toHaveLength(30);
    expect(month.series.find((d: { date: string }) => d.date === '2026-03-08').uniqueUsers).toBe(1);
    expect(month.totalUniqueUsers).toBe(4);
  });

  test('timeseries: sessions, page views, events, orders and revenue per UTC day', async () => {
    const series = (await get('/timeseries')).series;
    expect(series).toHaveLength(7);
    expect(series[0]).toEqual({
      date: '2026-03-09',
      dateFormatted: 'Mar 9',
      sessions: 1,
      pageViews: 2,
      events: 8,
      orders: 1,
      revenue: '10.00',
    });
    expect(series[3]).toMatchObject({
      date: '2026-03-12',
      sessions: 1,
      pageViews: 1,
      events: 2,
      orders: 1,
      revenue: '4.50',
    });
    expect(series[6]).toMatchObject({
      date: '2026-03-15',
      sessions: 0,
      events: 0,
      orders: 1,
      revenue: '15.50',
    });
  });

  test('events: counts by type and by action', async () => {
    const events = await get('/events');
    // S1 8 + S2 5 + S3 1 + S4 2 = 16.
    expect(events.totalEvents).toBe(16);
    const byType = Object.fromEntries(
      events.byType.map((t: { type: string; count: number }) => [t.type, t.count]),
    );
    expect(byType).toMatchObject({
      page_view: 6,
      action: 4,
      purchase_started: 2,
      download: 2,
      purchase_completed: 1,
      add_to_cart: 1,
      click: 0,
    });
    expect(events.byType[0]).toEqual({ type: 'page_view', count: 6, percentage: 37.5 });
    expect(events.byAction).toEqual([
      { action: 'time_on_page', count: 3 },
      { action: 'add_to_cart', count: 1 },
    ]);
  });

  test('sessions: totals, average duration and page views, bounce rate, sources and devices', async () => {
    const sessions = await get('/sessions');
    expect(sessions).toMatchObject({
      totalSessions: 4,
      uniqueVisitors: 3,
      // S1 10 min, S2 3 min, S3 0, S4 2 min: 15 min / 4 = 225 s.
      avgDurationMs: 225_000,
      avgDurationFormatted: '3m 45s',
      avgPageViews: 1.5, // 2 + 2 + 1 + 1
      bounceRate: 50, // S3 and S4
    });
    expect(sessions.bySource[0]).toEqual({ source: 'search', sessions: 2, percentage: 50 });
    expect(sessions.bySource.find((s: { source: string }) => s.source === 'referral')).toEqual({
      source: 'referral',
      sessions: 0,
      percentage: 0,
    });
    expect(sessions.byDevice[0]).toEqual({ deviceType: 'mobile', sessions: 2, percentage: 50 });
  });
});

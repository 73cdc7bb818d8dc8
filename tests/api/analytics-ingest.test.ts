import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { analyticsEvents, analyticsSessions } from '../../src/server/db/schema';
import { ANALYTICS_MAX_BATCH, ANALYTICS_MAX_BODY_BYTES } from '../../src/shared/contracts/analytics';
import { createTestContext, type TestContext } from '../helpers/test-context';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const RATE_LIMIT = 6;
let ctx: TestContext;
/** Each test speaks from its own address, so the rate limit of one does not touch another. */
let nextAddress = 10;
const address = () => `198.51.100.${nextAddress++}`;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ANALYTICS_RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
      // Only flush() or close() writes: the tests decide when.
      ANALYTICS_FLUSH_INTERVAL_MS: '60000',
      ANALYTICS_FLUSH_MAX_EVENTS: '10000',
    },
  });
});
afterAll(() => ctx.close());

const SESSION_START = Date.now() - 60_000;
let visitorSeq = 1;
const newVisitor = () => `visitor_${visitorSeq++}_${Date.now()}`;

function event(visitorId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'page_view',
    page: '/senegal',
    visitorId,
    // One start for the whole file: events of one visitor belong to one session unless a test says otherwise.
    sessionStart: SESSION_START,
    source: 'search',
    deviceType: 'mobile',
    userAgent: BROWSER,
    timestamp: Date.now(),
    ...overrides,
  };
}

function post(body: unknown, options: { contentType?: string; ip?: string; userAgent?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: options.ip ?? address(),
    headers: {
      'content-type': options.contentType ?? 'application/json',
      'user-agent': options.userAgent ?? BROWSER,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function eventsOf(visitorId: string) {
  await ctx.app.services.analytics.flush();
  return ctx.db.select().from(analyticsEvents).where(sql`${analyticsEvents.visitorId} = ${visitorId}`);
}

async function sessionsOf(visitorId: string) {
  return ctx.db.select().from(analyticsSessions).where(sql`${analyticsSessions.visitorId} = ${visitorId}`);
}

describe('POST /api/analytics/event', () => {
  test('one JSON event is answered 204 and written with its session at the next flush', async () => {
    const visitor = newVisitor();
    const res = await post(event(visitor, { guideId: 'g-1', meta: { from: 'home' } }));
    expect(res.statusCode).toBe(204);
    const rows = await eventsOf(visitor);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'page_view',
      page: '/senegal',
      guideId: 'g-1',
      meta: { from: 'home' },
    });
    const sessions = await sessionsOf(visitor);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      source: 'search',
      deviceType: 'mobile',
      pageViews: 1,
      eventCount: 1,
      funnelStep: 0,
    });
    expect(rows[0]?.sessionId).toBe(sessions[0]?.id);
  });

  test('a batch sent as text/plain, as navigator.sendBeacon sends it, is stored whole', async () => {
    const visitor = newVisitor();
    const batch = [
      event(visitor),
      event(visitor, { type: 'action', meta: { action: 'add_to_cart' } }),
      event(visitor, { type: 'purchase_started' }),
    ];
    const res = await post(JSON.stringify(batch), { contentType: 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(204);
    const rows = await eventsOf(visitor);
    expect(rows.map((r) => r.type).sort()).toEqual(['action', 'page_view', 'purchase_started']);
    expect(rows.find((r) => r.type === 'action')?.action).toBe('add_to_cart');
    const [session] = await sessionsOf(visitor);
    expect(session).toMatchObject({ eventCount: 3, pageViews: 1, funnelStep: 2 });
  });

  test('events of one session sent in several requests update one session row', async () => {
    const visitor = newVisitor();
    const sessionStart = Date.now() - 120_000;
    await post(event(visitor, { sessionStart }));
    await ctx.app.services.analytics.flush();
    await post([
      event(visitor, { sessionStart, page: '/maroc' }),
      event(visitor, { sessionStart, type: 'purchase_completed' }),
    ]);
    await eventsOf(visitor);
    const sessions = await sessionsOf(visitor);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ pageViews: 2, eventCount: 3, funnelStep: 3 });
  });

  test('an unknown event type is refused with 400 naming the field, and nothing is stored', async () => {
    const visitor = newVisitor();
    const res = await post(event(visitor, { type: 'teleport' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/type/);
    expect(await eventsOf(visitor)).toHaveLength(0);
  });

  test('a malformed visitorId, malformed JSON and an empty batch are refused with 400', async () => {
    const bad = await post(event('someone'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/visitorId/);
    const json = await post('{"type": "page_view",');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toHaveProperty('message');
    const beacon = await post('not json at all', { contentType: 'text/plain' });
    expect(beacon.statusCode).toBe(400);
    expect(beacon.json().message).toBe('Body must be a JSON event or an array of events');
    expect((await post([])).statusCode).toBe(400);
  });

  test(`a batch of more than ${ANALYTICS_MAX_BATCH} events is 400, a body over 64 KB is 413`, async () => {
    const visitor = newVisitor();
    const tooMany = Array.from({ length: ANALYTICS_MAX_BATCH + 1 }, () => event(visitor));
    expect((await post(tooMany)).statusCode).toBe(400);
    const big = JSON.stringify(event(visitor, { page: '/x' })).replace(
      '"/x"',
      `"/${'x'.repeat(ANALYTICS_MAX_BODY_BYTES)}"`,
    );
    for (const contentType of ['application/json', 'text/plain']) {
      const res = await post(big, { contentType });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toHaveProperty('message');
    }
    expect(await eventsOf(visitor)).toHaveLength(0);
  });

  test('a crawler is answered 204 and nothing of it is stored', async () => {
    const visitor = newVisitor();
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await post(event(visitor), { userAgent: googlebot })).statusCode).toBe(204);
    // A headless browser that says who it is in the event rather than in the header.
    const headless =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36';
    expect((await post(event(visitor, { userAgent: headless }))).statusCode).toBe(204);
    expect(await eventsOf(visitor)).toHaveLength(0);
    expect(await sessionsOf(visitor)).toHaveLength(0);
  });

  test('the country comes from the address, and the address is stored nowhere', async () => {
    const visitor = newVisitor();
    const ip = '41.82.0.1'; // Senegal in geoip-lite's data
    expect((await post(event(visitor), { ip })).statusCode).toBe(204);
    const [row] = await eventsOf(visitor);
    const [session] = await sessionsOf(visitor);
    expect(row?.country).toBe('SN');
    expect(session?.country).toBe('SN');
    const dumps = await ctx.db.execute(sql`
      select row_to_json(e)::text as row from analytics_events e where visitor_id = ${visitor}
      union all select row_to_json(s)::text from analytics_sessions s where visitor_id = ${visitor}
      union all select row_to_json(d)::text from analytics_daily_counts d`);
    const text = (dumps as unknown as { rows: Array<{ row: string }> }).rows.map((r) => r.row).join('\n');
    expect(text).toContain(visitor);
    expect(text).not.toContain(ip);
    expect(text).not.toContain('41.82.');
  });

  test(`each address gets ${RATE_LIMIT} requests a minute, then 429; another address is not affected`, async () => {
    const visitor = newVisitor();
    const ip = address();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await post(event(visitor), { ip })).statusCode).toBe(204);
    const limited = await post(event(visitor), { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many analytics requests/);
    expect((await post(event(visitor), { ip: address() })).statusCode).toBe(204);
    expect(await eventsOf(visitor)).toHaveLength(RATE_LIMIT + 1);
  });

  test('coming back from Stripe continues the visit instead of starting a referral session', async () => {
    const visitor = newVisitor();
    const first = Date.now() - 10 * 60_000;
    await post([
      event(visitor, { sessionStart: first, timestamp: first, source: 'social' }),
      event(visitor, { sessionStart: first, type: 'purchase_started', timestamp: first + 1000 }),
    ]);
    await ctx.app.services.analytics.flush();
    // The tracker lost its session on the way (a new tab): a new sessionStart, referrer Stripe.
    const back = Date.now() - 1000;
    await post(
      event(visitor, {
        sessionStart: back,
        timestamp: back,
        type: 'purchase_completed',
        source: 'referral',
        referrer: 'https://checkout.stripe.com/c/pay/cs_test_1',
      }),
    );
    const rows = await eventsOf(visitor);
    const sessions = await sessionsOf(visitor);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ source: 'social', funnelStep: 3, eventCount: 3 });
    expect(new Set(rows.map((r) => r.sessionId))).toEqual(new Set([sessions[0]?.id]));
  });

  test('a Stripe return with no earlier session counts as direct, not referral', async () => {
    const visitor = newVisitor();
    await post(event(visitor, { source: 'referral', referrer: 'checkout.stripe.com' }));
    await eventsOf(visitor);
    const [session] = await sessionsOf(visitor);
    expect(session?.source).toBe('direct');
  });
});

describe('closing the app', () => {
  test('events accepted but not yet flushed are written when the app closes', async () => {
    const own = await createTestContext({
      renderPages: false,
      env: { ANALYTICS_FLUSH_INTERVAL_MS: '60000', ANALYTICS_FLUSH_MAX_EVENTS: '10000' },
    });
    try {
      const visitor = newVisitor();
      const res = await own.app.inject({
        method: 'POST',
        url: '/api/analytics/event',
        headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
        payload: JSON.stringify([event(visitor), event(visitor, { type: 'click' })]),
      });
      expect(res.statusCode).toBe(204);
      const before = await own.db
        .select()
        .from(analyticsEvents)
        .where(sql`${analyticsEvents.visitorId} = ${visitor}`);
      expect(before).toHaveLength(0);
      await own.app.close();
      const after = await own.db
        .select()
        .from(analyticsEvents)
        .where(sql`${analyticsEvents.visitorId} = ${visitor}`);
      expect(after).toHaveLength(2);
    } finally {
      await own.close();
    }
  });
});

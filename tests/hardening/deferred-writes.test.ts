import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { hold, newOutcome } from './bad-input';
import { HARDENING_ENV, Tally, trackWrites } from './harness';

/**
 * The bad-input suite once saw a refused `POST /api/library/sign-out` (a truncated JSON array)
 * "change the database". The sign-out wrote nothing: the analytics buffer's timer wrote the events
 * that earlier, accepted requests had sent, while the sign-out was being measured. Here that timer
 * fires while the sign-out's body is read; the suite's check now writes deferred events first and
 * blames each request only for what it wrote.
 */
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
let ctx: TestContext;

beforeAll(async () => {
  // Only the buffer's interval is under the test's hand; every other timer runs as usual.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  ctx = await createTestContext({ renderPages: false, env: HARDENING_ENV });
  await trackWrites(ctx.db);
});
afterAll(async () => {
  await ctx.close();
  vi.useRealTimers();
});

describe('a refused write measured while analytics events wait to be written', () => {
  test('is not blamed for them: the truncated sign-out leaves the database as it was', async () => {
    const accepted = await ctx.app.inject({
      method: 'POST',
      url: '/api/analytics/event',
      remoteAddress: '198.51.100.40',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      payload: JSON.stringify({
        type: 'page_view',
        page: '/senegal',
        visitorId: `visitor_1_${Date.now()}`,
        sessionStart: Date.now() - 60_000,
        source: 'search',
        deviceType: 'mobile',
        userAgent: BROWSER,
        timestamp: Date.now(),
      }),
    });
    expect(accepted.statusCode, accepted.body).toBeLessThan(300);

    // The flush timer comes due while the sign-out's body is being read.
    const body = Readable.from(
      (function* () {
        vi.advanceTimersByTime(HARDENING_INTERVAL_MS);
        yield Buffer.from('[1,2');
      })(),
    );
    const outcome = newOutcome();
    await hold(ctx, new Tally('deferred writes'), 'sign-out', outcome, [
      {
        label: 'POST /api/library/sign-out (truncated array, flush due)',
        options: {
          method: 'POST',
          url: '/api/library/sign-out',
          remoteAddress: '203.0.113.77',
          headers: { 'content-type': 'application/json' },
          payload: body,
        },
      },
    ]);
    expect(outcome.statuses.get(400)).toBe(1);
  });
});

const HARDENING_INTERVAL_MS = Number(HARDENING_ENV.ANALYTICS_FLUSH_INTERVAL_MS);

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import type { AnalyticsEvent } from '../../../shared/contracts/analytics';
import {
  dailyCounts,
  eventTime,
  FALLBACK_SESSION_MS,
  funnelStepOf,
  isPaymentProviderReturn,
  MAX_EVENT_AGE_MS,
  sessionIdFor,
  sessionUpserts,
  toPendingEvents,
} from './ingest-rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const NOW = Date.UTC(2026, 2, 15, 12);
const geo = { country: 'SN', region: 'DK' };
const event = (e: Partial<AnalyticsEvent> = {}): AnalyticsEvent => ({
  type: 'page_view',
  visitorId: 'visitor_1_2',
  sessionStart: NOW - 60_000,
  timestamp: NOW,
  ...e,
});

describe('sessionIdFor', () => {
  test('is a uuid, the same for the same visitor and start, different otherwise', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 2 ** 45 }), (a, b, start) => {
        const id = sessionIdFor(`visitor_${a}_${b}`, start);
        expect(id).toMatch(UUID);
        expect(sessionIdFor(`visitor_${a}_${b}`, start)).toBe(id);
        expect(sessionIdFor(`visitor_${a}_${b}`, start + 1)).not.toBe(id);
      }),
    );
  });
});

describe('isPaymentProviderReturn', () => {
  test.each([
    ['https://checkout.stripe.com/c/pay/cs_test', true],
    ['checkout.stripe.com', true],
    ['https://pay.djamo.ci/x', true],
    ['https://notstripe.com/', false],
    ['https://stripe.com.evil.example/', false],
    ['https://www.google.com/', false],
    ['', false],
    [null, false],
  ])('%s → %s', (referrer, expected) => {
    expect(isPaymentProviderReturn(referrer)).toBe(expected);
  });
});

describe('toPendingEvents', () => {
  test('keeps a plausible browser time, replaces a future or too old one by the server time', () => {
    expect(eventTime(NOW - 1000, NOW)).toBe(NOW - 1000);
    expect(eventTime(NOW + 3_600_000, NOW)).toBe(NOW);
    expect(eventTime(NOW - MAX_EVENT_AGE_MS - 1, NOW)).toBe(NOW);
    expect(eventTime(undefined, NOW)).toBe(NOW);
  });

  test('without a sessionStart, events fall into 30-minute sessions', () => {
    const [a, b, c] = toPendingEvents(
      [
        event({ sessionStart: undefined, timestamp: NOW }),
        event({ sessionStart: undefined, timestamp: NOW + 60_000 }),
        event({ sessionStart: undefined, timestamp: NOW + FALLBACK_SESSION_MS }),
      ],
      geo,
      NOW + FALLBACK_SESSION_MS,
    );
    expect(a?.sessionId).toBe(b?.sessionId);
    expect(c?.sessionId).not.toBe(a?.sessionId);
  });

  test('a Stripe return is direct traffic, and the action of an action event is copied out', () => {
    const [back, action] = toPendingEvents(
      [
        event({ source: 'referral', referrer: 'checkout.stripe.com' }),
        event({ type: 'action', meta: { action: 'scroll', scrollDepth: 50 } }),
      ],
      geo,
      NOW,
    );
    expect(back).toMatchObject({ source: 'direct', session: { paymentReturn: true } });
    expect(action).toMatchObject({ action: 'scroll', country: 'SN', region: 'DK' });
  });
});

describe('session and daily rollups', () => {
  test('the funnel step of a session is the furthest of its events', () => {
    expect(funnelStepOf('page_view', null)).toBe(0);
    expect(funnelStepOf('action', 'add_to_cart')).toBe(1);
    expect(funnelStepOf('add_to_cart', null)).toBe(1);
    expect(funnelStepOf('purchase_started', null)).toBe(2);
    expect(funnelStepOf('purchase', null)).toBe(3);
    const [session] = sessionUpserts(
      toPendingEvents(
        [
          event(),
          event({ type: 'purchase_completed' }),
          event({ type: 'add_to_cart' }),
          event({ page: '/x' }),
        ],
        geo,
        NOW,
      ),
    );
    expect(session).toMatchObject({ pageViews: 2, eventCount: 4, funnelStep: 3 });
  });

  test('daily counts split on the UTC day', () => {
    const counts = dailyCounts(
      toPendingEvents(
        [
          event({ timestamp: Date.UTC(2026, 2, 14, 23, 59, 59, 999) }),
          event({ timestamp: Date.UTC(2026, 2, 15, 0, 0, 0, 0) }),
          event({ timestamp: Date.UTC(2026, 2, 15, 1) }),
        ],
        geo,
        NOW,
      ),
    );
    expect(counts).toEqual([
      { day: '2026-03-14', type: 'page_view', action: '', count: 1 },
      { day: '2026-03-15', type: 'page_view', action: '', count: 2 },
    ]);
  });
});

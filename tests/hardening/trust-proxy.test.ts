import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, expectWellFormed, HARDENING_ENV } from './harness';

/**
 * Behind one proxy (TRUST_PROXY=1), the proxy appends the address it saw to X-Forwarded-For: the
 * client can write anything to the left of it, never the right-most entry.
 */
let behindProxy: TestContext;
let direct: TestContext;
const PROXY = '10.0.0.2';

beforeAll(async () => {
  behindProxy = await createTestContext({
    renderPages: false,
    env: { ...HARDENING_ENV, TRUST_PROXY: '1', ANALYTICS_RATE_LIMIT_PER_MINUTE: '5' },
  });
  direct = await createTestContext({
    renderPages: false,
    env: { ...HARDENING_ENV, ANALYTICS_RATE_LIMIT_PER_MINUTE: '5' },
  });
});
afterAll(async () => {
  await behindProxy.close();
  await direct.close();
});

/** What the proxy forwards when a client sends `X-Forwarded-For: <forged>`. */
const forwarded = (forged: string, client: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': `${forged}, ${client}` },
});

describe('TRUST_PROXY', () => {
  test('true is refused at start, naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would trust every client/);
  });

  test('with a hop count of 1, a forged X-Forwarded-For does not get past the admin-key lockout', async () => {
    const client = '203.0.113.50';
    for (let i = 0; i < 10; i++) {
      const { remoteAddress, headers } = forwarded(`198.51.100.${i}`, client);
      const res = await behindProxy.app.inject({
        url: '/api/admin/session',
        remoteAddress,
        headers: { ...headers, 'x-admin-key': `wrong-guess-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
    // A fresh forged address on the left: the client is still locked out for wrong keys...
    const { remoteAddress, headers } = forwarded('192.0.2.77', client);
    const locked = await behindProxy.app.inject({
      url: '/api/admin/session',
      remoteAddress,
      headers: { ...headers, 'x-admin-key': 'wrong-guess-10' },
    });
    expect(locked.statusCode).toBe(429);
    expectWellFormed(locked, 'locked out behind the proxy');
    // ...while the right key is never locked out (decision 004).
    const operator = await behindProxy.app.inject({
      url: '/api/admin/session',
      remoteAddress,
      headers: { ...headers, 'x-admin-key': ADMIN_KEY },
    });
    expect(operator.statusCode).toBe(200);
    // Another client behind the same proxy is not.
    const other = forwarded('192.0.2.77', '203.0.113.51');
    const elsewhere = await behindProxy.app.inject({
      url: '/api/admin/session',
      remoteAddress: other.remoteAddress,
      headers: { ...other.headers, 'x-admin-key': ADMIN_KEY },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  test('with a hop count of 1, a forged X-Forwarded-For does not get past a rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/orders/resend-links',
        payload: { orderNumber: 'GA-AAAAAA', email: 'someone@example.com' },
        ...forwarded(`198.51.100.${100 + i}`, '203.0.113.60'),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  test('without TRUST_PROXY, X-Forwarded-For is ignored: the address is the connection\u2019s', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await direct.app.inject({
        method: 'POST',
        url: '/api/orders/resend-links',
        payload: { orderNumber: 'GA-AAAAAA', email: 'someone@example.com' },
        remoteAddress: '203.0.113.70',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
  });
});

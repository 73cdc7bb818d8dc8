import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, databaseFingerprint, expectWellFormed, HARDENING_ENV } from './harness';

/**
 * Every date a client sends is a day (or an instant) between 1970 and 2999, checked at the edge and
 * refused with 400 naming the field: `to=9999-12-31` answered 500, its export a 200 CSV header and
 * then a cut connection, and a code valid from year 1 was stored as 2001.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: HARDENING_ENV });
});
afterAll(() => ctx.close());

const admin = (url: string, payload?: object) =>
  ctx.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { 'x-admin-key': ADMIN_KEY },
    ...(payload ? { payload } : {}),
  });

const OUT_OF_RANGE_DAYS = [
  '9999-12-31',
  '3000-01-01',
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '2026-02-30',
];

describe('days in a query', () => {
  test.each(['/api/admin/orders', '/api/admin/orders/export', '/api/admin/activity'])(
    '%s refuses a day outside 1970–2999 with 400 naming the field, CSV or not',
    async (path) => {
      for (const field of ['from', 'to']) {
        for (const day of OUT_OF_RANGE_DAYS) {
          const res = await admin(`${path}?${field}=${day}`);
          expect(res.statusCode, `${path}?${field}=${day}: ${res.body}`).toBe(400);
          expectWellFormed(res, `${path}?${field}=${day}`);
          expect(res.json().field, `${path}?${field}=${day}`).toBe(field);
        }
      }
    },
  );

  test('the first and the last day are answered', async () => {
    for (const path of ['/api/admin/orders', '/api/admin/orders/export', '/api/admin/activity']) {
      const res = await admin(`${path}?from=1970-01-01&to=2999-12-31`);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
    }
    const csv = await admin('/api/admin/orders/export?to=2999-12-31');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFF"Order Number"')).toBe(true);
  });
});

describe('instants in a body', () => {
  test('a discount code valid from or until a time outside 1970–2999 is refused, and nothing is written', async () => {
    const before = await databaseFingerprint(ctx.db);
    const cases = [
      ['validFrom', '0000-01-01T00:00:00Z'],
      ['validFrom', '0001-01-01T00:00:00Z'],
      ['validFrom', '1969-12-31T23:59:59Z'],
      ['validUntil', '3000-01-01T00:00:00Z'],
      ['validUntil', '9999-12-31T23:59:59Z'],
    ] as const;
    for (const [field, value] of cases) {
      const res = await admin('/api/admin/discounts', {
        code: 'EDGE10',
        kind: 'percent',
        value: 10,
        [field]: value,
      });
      expect(res.statusCode, `${field}=${value}: ${res.body}`).toBe(400);
      expectWellFormed(res, `${field}=${value}`);
      expect(res.json().field).toBe(field);
    }
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });

  test('a code valid over the whole range is kept as sent', async () => {
    const res = await admin('/api/admin/discounts', {
      code: 'EDGE20',
      kind: 'percent',
      value: 20,
      validFrom: '1970-01-01T00:00:00Z',
      validUntil: '2999-12-31T23:59:59Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      validFrom: '1970-01-01T00:00:00.000Z',
      validUntil: '2999-12-31T23:59:59.000Z',
    });
  });
});

import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminAuthFailures, orders } from '../../src/server/db/schema';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { hostileValue } from './arbitraries';
import { draw, type Target, targets } from './bad-input';
import { ADMIN_KEY, databaseFingerprint, expectWellFormed, HARDENING_ENV, Tally } from './harness';

const tally = new Tally('attacks: tampering, guessing, the admin gate');
let ctx: TestContext;
let paid: GuideRow;
let cheap: GuideRow;
let free: GuideRow;
let completed: OrderRow;
let other: OrderRow;
let admin: Target[];

const customer = {
  email: 'awa.diop@example.com',
  firstName: 'Awa',
  lastName: 'Diop',
  mobile: '+221 77 123 45 67',
};

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: HARDENING_ENV });
  paid = await insertSellableGuide(ctx, { title: 'Guide du Sénégal', price: '12.50' });
  cheap = await insertSellableGuide(ctx, { title: 'Guide de Dakar', price: '1.00' });
  free = await insertSellableGuide(ctx, { title: 'Carte gratuite', price: '0.00' });
  completed = (await insertOrder(ctx.db, { guides: [paid] })).order;
  other = (await insertOrder(ctx.db, { guides: [cheap], email: 'other@example.com' })).order;
  admin = (await targets(ctx)).filter((t) => t.admin);
});
afterAll(async () => {
  tally.print();
  await ctx.close();
});

const orderCount = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

/** Fields a shopper could add to make an order cheaper or already paid. */
const tamperedExtras = fc.dictionary(
  fc.constantFrom(
    'price',
    'unitPrice',
    'amount',
    'status',
    'paymentMethod',
    'completedAt',
    'publicId',
    'orderNumber',
    'id',
    'discount',
    'currency',
  ),
  fc.oneof(
    fc.constantFrom<unknown>('completed', 'free', 'paid', 0, -1, '0.00', 0.01, null, true),
    hostileValue,
  ),
  { minKeys: 1, maxKeys: 4 },
);
const lineTamper = fc.record({
  quantity: fc.oneof(
    fc.constantFrom<unknown>(0, -1, 1.5, 21, 1e9, '1', null),
    fc.integer({ min: 1, max: 3 }),
  ),
  price: fc.oneof(fc.constant(undefined), fc.constantFrom<unknown>(0, 0.01, '0.00', -5)),
});

describe('price and state tampering in every order-making call', () => {
  test('a tampered amount, total, line or extra field never yields a cheaper or already-paid order', async () => {
    const routes = [
      '/api/create-payment-intent',
      '/api/create-free-order',
      '/api/create-djamo-order',
    ] as const;
    const cases = draw(
      fc.record({
        route: fc.constantFrom(...routes),
        guide: fc.constantFrom('paid', 'cheap', 'free'),
        line: lineTamper,
        money: fc.oneof(
          fc.constantFrom(0, 0.01, 1, 12.49, 12.5, 12.51, 99999, -1),
          fc.double({ min: -10, max: 200, noNaN: true }),
        ),
        extras: tamperedExtras,
      }),
      300,
      29_001,
    );
    for (const c of cases) {
      const guide = { paid, cheap, free }[c.guide];
      const line: Record<string, unknown> = { id: guide.id, quantity: c.line.quantity };
      if (c.line.price !== undefined) line.price = c.line.price;
      const money =
        c.route === '/api/create-payment-intent'
          ? { amount: c.money, customer, locale: 'fr' }
          : { ...customer, total: c.money, locale: 'fr' };
      const before = await orderCount();
      const res = await ctx.app.inject({
        method: 'POST',
        url: c.route,
        remoteAddress: '198.51.100.9',
        payload: { ...money, ...c.extras, items: [line] },
      });
      tally.add('tampering: order-making calls');
      tally.status(res.statusCode);
      expectWellFormed(res, `${c.route} ${JSON.stringify(c)}`);
      const quantity =
        typeof c.line.quantity === 'number' && Number.isInteger(c.line.quantity) ? c.line.quantity : 0;
      const trueCents = Math.round(Number(guide.price) * 100) * quantity;
      if (res.statusCode >= 400) {
        expect(await orderCount(), `${c.route} refused but wrote an order`).toBe(before);
        continue;
      }
      if (res.statusCode === 202) {
        // A repeat of an existing order without its claim key: told it exists, shown nothing, nothing written.
        expect(res.body).not.toMatch(/"id"/);
        expect(await orderCount()).toBe(before);
        continue;
      }
      // Accepted: only when the client's figure is the true price, and the row carries the true price.
      expect(Math.round(c.money * 100), `${c.route} accepted ${JSON.stringify(c)}`).toBe(trueCents);
      if (c.route === '/api/create-payment-intent') {
        expect(res.json().amount).toBe(trueCents);
        continue;
      }
      const body = res.json() as { order?: { id: string }; id?: string };
      const publicId = body.order?.id ?? body.id!;
      const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, publicId));
      expect(Math.round(Number(row!.total) * 100)).toBe(trueCents);
      if (c.route === '/api/create-djamo-order') expect(row!.status).toBe('pending_verification');
      if (c.route === '/api/create-free-order') expect(trueCents).toBe(0);
      expect(row!.paymentMethod).toBe(c.route === '/api/create-free-order' ? 'free' : 'djamo');
    }
  });

  test('a card order claimed for an unpaid, unknown or foreign payment is refused and writes nothing', async () => {
    const claims = draw(
      fc.record({
        paymentIntentId: fc.oneof(
          fc.constantFrom(
            'pi_test_000',
            'pi_',
            `pi_${'0'.repeat(24)}`,
            completed.publicId,
            completed.orderNumber,
          ),
          fc.string({ minLength: 3, maxLength: 40 }),
        ),
        total: fc.constantFrom(0, 12.5, 1),
        guide: fc.constantFrom(paid, cheap, free),
        extras: tamperedExtras,
      }),
      150,
      29_002,
    );
    for (const c of claims) {
      const before = await databaseFingerprint(ctx.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders',
        payload: {
          ...customer,
          ...c.extras,
          paymentIntentId: c.paymentIntentId,
          total: c.total,
          locale: 'fr',
          items: [{ id: c.guide.id, quantity: 1 }],
        },
      });
      tally.add('tampering: card order claims');
      expectWellFormed(res, `claim ${JSON.stringify(c)}`);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(await databaseFingerprint(ctx.db)).toBe(before);
    }
  });
});

/** Identifiers an attacker derives from one they know: neighbours, truncations, case changes, the other ids. */
function guesses(real: OrderRow): string[] {
  const id = real.publicId;
  const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'A' ? 'B' : 'A'}${s.slice(i + 1)}`;
  return [
    id.slice(0, -1),
    id.slice(0, 16),
    id.slice(1),
    `${id}A`,
    id.toUpperCase(),
    id.toLowerCase(),
    ...Array.from({ length: 8 }, (_, i) => flip(id, i * 3)),
    real.orderNumber,
    real.orderNumber.toLowerCase(),
    real.id,
    encodeURIComponent(`${id}\n`),
    `${id}%20`,
    '1',
    '0',
    'GA-000001',
  ];
}

describe('guessing identifiers and tokens', () => {
  test('order pages, downloads, ZIPs and receipt uploads answer 404 (JSON) to every guess', async () => {
    for (const guess of guesses(completed)) {
      for (const url of [
        `/api/orders/${guess}`,
        `/api/download/${guess}/${paid.id}`,
        `/api/download/${guess}/zip`,
        `/api/orders/${guess}/receipt`,
      ]) {
        const res = await ctx.app.inject({ method: url.endsWith('/receipt') ? 'POST' : 'GET', url });
        tally.add('guessing: order ids');
        expectWellFormed(res, url);
        expect([400, 404], `${url} answered ${res.statusCode}`).toContain(res.statusCode);
      }
    }
  });

  test("another order's guide cannot be downloaded through mine", async () => {
    for (const guideId of [cheap.id, free.id, other.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await ctx.app.inject({ url: `/api/download/${completed.publicId}/${guideId}` });
      tally.add('guessing: foreign guides');
      expectWellFormed(res, guideId);
      expect(res.statusCode).toBe(404);
    }
  });

  test('a real download token, truncated, altered or moved to another file, never serves a byte', async () => {
    const link = await ctx.app.inject({ url: `/api/download/${completed.publicId}/${paid.id}` });
    expect(link.statusCode, link.body).toBe(200);
    const token = decodeURIComponent(link.json().downloadUrl.split('/').pop()!);
    const zip = await ctx.app.inject({ url: `/api/download/${completed.publicId}/zip` });
    const zipToken = decodeURIComponent(zip.json().downloadUrl.split('/').pop()!);
    const altered = draw(
      fc.tuple(
        fc.nat(token.length - 1),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.'),
      ),
      200,
      29_003,
    )
      .map(([i, ch]) => `${token.slice(0, i)}${ch}${token.slice(i + 1)}`)
      .filter((t) => t !== token);
    const tries = [
      ...altered,
      token.slice(0, -1),
      token.slice(0, token.length / 2),
      `${token}A`,
      zipToken,
      ...guesses(completed),
    ];
    for (const t of tries) {
      const res = await ctx.app.inject({ url: `/api/files/${encodeURIComponent(t)}` });
      const zipRes = await ctx.app.inject({
        url: `/api/files/zip/${encodeURIComponent(t === zipToken ? token : t)}`,
      });
      tally.add('guessing: download tokens', 2);
      for (const r of [res, zipRes]) {
        expectWellFormed(r, t);
        expect([400, 403, 404, 410], `${t} answered ${r.statusCode}`).toContain(r.statusCode);
      }
    }
  });

  test('receipts are only for the operator; receipt uploads are refused for orders not waiting for one', async () => {
    for (const id of [completed.id, completed.publicId, '00000000-0000-4000-8000-000000000000']) {
      const res = await ctx.app.inject({ url: `/api/admin/receipts/${id}` });
      tally.add('guessing: receipts');
      expectWellFormed(res, id);
      expect(res.statusCode).toBe(401);
    }
    const before = await databaseFingerprint(ctx.db);
    for (const order of [completed, other]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/orders/${order.publicId}/receipt`,
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload:
          '--b\r\nContent-Disposition: form-data; name="provider"\r\n\r\nmobile_money\r\n--b\r\nContent-Disposition: form-data; name="receipt"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n--b--\r\n',
      });
      tally.add('guessing: receipts');
      expectWellFormed(res, order.publicId);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });
});

describe('the admin gate', () => {
  const keyless = (key: string) => [
    { label: 'no key', headers: {}, query: '' },
    { label: 'empty key', headers: { 'x-admin-key': '' }, query: '' },
    {
      label: 'key in the query string',
      headers: {},
      query: `?x-admin-key=${key}&key=${key}&adminKey=${key}`,
    },
    { label: 'key as a bearer token', headers: { authorization: `Bearer ${key}` }, query: '' },
    { label: 'key in a cookie', headers: { cookie: `x-admin-key=${key}; adminKey=${key}` }, query: '' },
  ];

  test('every admin route refuses a request without the key in its header (401 JSON) and writes nothing', async () => {
    expect(admin.length).toBeGreaterThan(25);
    const before = await databaseFingerprint(ctx.db, { except: ['admin_auth_failures'] });
    for (const target of admin) {
      const path = target.route.url.replace(/:[A-Za-z]+/g, completed.id);
      for (const attempt of keyless(ADMIN_KEY)) {
        const res = await ctx.app.inject({
          method: target.route.method as 'GET',
          url: `${path}${attempt.query}`,
          headers: { ...attempt.headers, 'content-type': 'application/json' },
          payload:
            target.route.method === 'GET'
              ? undefined
              : JSON.stringify({ adminKey: ADMIN_KEY, 'x-admin-key': ADMIN_KEY }),
          remoteAddress: '192.0.2.200',
        });
        tally.add('admin gate: requests without the key');
        expectWellFormed(res, `${target.route.method} ${path} (${attempt.label})`);
        expect(res.statusCode, `${target.route.method} ${path} (${attempt.label})`).toBe(401);
      }
    }
    expect(await databaseFingerprint(ctx.db, { except: ['admin_auth_failures'] })).toBe(before);
  });

  test('brute force: 10 wrong keys spread over the admin routes lock the address out for wrong keys, never for the right one', async () => {
    const guessesTried = draw(
      fc.oneof(
        fc.string({ minLength: 1, maxLength: 64 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
        fc.constantFrom(`${ADMIN_KEY} `, ADMIN_KEY.toUpperCase(), ADMIN_KEY.slice(0, -1), `${ADMIN_KEY}x`),
      ),
      10,
      29_004,
    );
    const ip = '203.0.113.99';
    for (const [i, guess] of guessesTried.entries()) {
      const target = admin[i % admin.length]!;
      const res = await ctx.app.inject({
        method: target.route.method as 'GET',
        url: target.route.url.replace(/:[A-Za-z]+/g, completed.id),
        headers: { 'x-admin-key': guess },
        remoteAddress: ip,
      });
      tally.add('admin gate: brute force');
      expectWellFormed(res, guess);
      expect(res.statusCode).toBe(401);
    }
    const locked = await ctx.app.inject({
      url: '/api/admin/session',
      headers: { 'x-admin-key': `${ADMIN_KEY}x` },
      remoteAddress: ip,
    });
    // The guesser shares the operator's address: the operator still gets in (decision 004).
    const operator = await ctx.app.inject({
      url: '/api/admin/session',
      headers: { 'x-admin-key': ADMIN_KEY },
      remoteAddress: ip,
    });
    const elsewhere = await ctx.app.inject({
      url: '/api/admin/session',
      headers: { 'x-admin-key': ADMIN_KEY },
      remoteAddress: '203.0.113.100',
    });
    tally.add('admin gate: brute force', 3);
    expect(locked.statusCode).toBe(429);
    expectWellFormed(locked, 'locked');
    expect(operator.statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
    // A parallel burst from a fresh address: exactly the limit is judged, the rest are locked out.
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.app.inject({
          url: '/api/admin/session',
          headers: { 'x-admin-key': `burst-${i}` },
          remoteAddress: '203.0.113.101',
        }),
      ),
    );
    tally.add('admin gate: brute force', 30);
    expect(burst.filter((r) => r.statusCode === 401)).toHaveLength(10);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(20);
    const [row] = await ctx.db
      .select()
      .from(adminAuthFailures)
      .where(eq(adminAuthFailures.ip, '203.0.113.101'));
    expect(row).toBeDefined();
  });
});

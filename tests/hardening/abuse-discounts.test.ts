import { and, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { discountRedemptions, orders } from '../../src/server/db/schema';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, expectWellFormed } from './harness';

/**
 * Limited promo codes turned against the shop (docs/features/discounts.md). The shop runs with its
 * default limits; each request comes from its own client address unless a test says otherwise.
 */
let ctx: TestContext;
let guide: GuideRow;
let free: GuideRow;
const figures: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  guide = await insertSellableGuide(ctx, { title: 'Saint-Louis du Sénégal', price: '10.00' });
  free = await insertSellableGuide(ctx, { title: 'Plan de Dakar', price: '0.00' });
});
afterAll(async () => {
  for (const line of figures) console.log(`[hardening] discount abuse: ${line}`);
  await ctx?.close();
});

let clients = 0;
const nextAddress = () => {
  const n = clients++;
  return `10.29.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

async function createCode(body: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: { 'x-admin-key': ADMIN_KEY },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const buyer = (email: string) => ({ email, firstName: 'Awa', lastName: 'Diop', mobile: '+221 77 123 45 67' });

const post = (url: string, payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

const price = (discountCode: string, extra: Record<string, unknown> = {}) =>
  post('/api/checkout/price', { items: [{ id: guide.id, quantity: 1 }], discountCode, ...extra });

describe('the price of a cart does not tell who bought', () => {
  test('a once-per-email code is priced alike for an email that used it and for any other', async () => {
    await createCode({ code: 'UNEFOISPAREMAIL', kind: 'percent', value: 100, maxUsesPerEmail: 1 });
    const used = await post('/api/create-free-order', {
      ...buyer('deja.client@example.com'),
      items: [{ id: guide.id, quantity: 1 }],
      total: 0,
      discountCode: 'UNEFOISPAREMAIL',
    });
    expect(used.statusCode, used.body).toBe(201);

    const known = await price('UNEFOISPAREMAIL', { email: 'deja.client@example.com' });
    const unknown = await price('UNEFOISPAREMAIL', { email: 'jamais.vu@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    figures.push(
      `price of a used once-per-email code: ${known.statusCode} / ${unknown.statusCode} (was 409 / 200)`,
    );

    // Placing the order checks the limit, and the refusal names the code, not the email's history.
    const again = await post('/api/create-free-order', {
      ...buyer('deja.client@example.com'),
      lastName: 'Diop-Sow',
      items: [{ id: guide.id, quantity: 1 }],
      total: 0,
      discountCode: 'UNEFOISPAREMAIL',
    });
    expect(again.statusCode, again.body).toBe(409);
    expectWellFormed(again, 'per-email limit at placement');
    expect(again.json()).toMatchObject({ field: 'discountCode', code: 'discount_not_available' });
    expect(again.json().message).not.toMatch(/email|already|déjà/i);
  });
});

describe('a limited code spent on free guides', () => {
  test('a code that takes nothing off is refused for the order: free orders leave its two uses to buyers', async () => {
    const code = await createCode({ code: 'DEUXPLACES', kind: 'percent', value: 20, maxUses: 2 });
    const onFree = (i: number) =>
      post('/api/create-free-order', {
        ...buyer(`gratuit${i}@example.com`),
        items: [{ id: free.id, quantity: 1 }],
        total: 0,
        discountCode: 'DEUXPLACES',
      });
    const spent = [await onFree(1), await onFree(2)];
    for (const res of spent) {
      expect(res.statusCode, res.body).toBe(400);
      expectWellFormed(res, 'a code on a free order');
      expect(res.json()).toMatchObject({ field: 'discountCode', code: 'discount_nothing_off' });
    }
    const priced = await post('/api/checkout/price', {
      items: [{ id: free.id, quantity: 1 }],
      discountCode: 'DEUXPLACES',
    });
    expect(priced.json()).toMatchObject({ code: 'discount_nothing_off' });
    expect(
      await ctx.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, code.id)),
    ).toEqual([]);

    const buyers = [];
    for (let i = 1; i <= 2; i++) {
      buyers.push(
        await post('/api/create-djamo-order', {
          ...buyer(`acheteur${i}@example.com`),
          items: [{ id: guide.id, quantity: 1 }],
          total: 8,
          discountCode: 'DEUXPLACES',
        }),
      );
    }
    expect(buyers.map((r) => r.statusCode)).toEqual([201, 201]);
    figures.push('2-use code after two free orders: usable by 2 real buyers (was 0: 409 discount_used_up)');
  });

  test('the order export shows no code on an order it did not discount', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [guide], email: 'ancienne@example.com' });
    await ctx.db
      .update(orders)
      .set({ discountCode: 'DEUXPLACES', discountAmount: '0.00' })
      .where(eq(orders.id, order.id));
    const csv = await ctx.app.inject({
      url: '/api/admin/orders/export',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(csv.statusCode).toBe(200);
    const line = csv.body.split('\r\n').find((l) => l.includes(order.orderNumber))!;
    expect(line).toBeTruthy();
    expect(line).not.toContain('DEUXPLACES');
    const detail = await ctx.app.inject({
      url: `/api/admin/orders/${order.id}`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(detail.json().amounts.discountCode).toBeNull();
  });
});

describe('unpaid orders holding a limited code', () => {
  const admin = (method: 'GET' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    ctx.app.inject({ method, url, headers: { 'x-admin-key': ADMIN_KEY }, ...(payload ? { payload } : {}) });
  const usesOf = async (codeId: string): Promise<{ held: number; used: number }> =>
    (await admin('GET', '/api/admin/discounts')).json().codes.find((c: { id: string }) => c.id === codeId)
      .uses;
  /** Half price on the 10.00 guide, as shopper `email`, from `remoteAddress` (its own by default). */
  const mobileMoney = (code: string, email: string, remoteAddress?: string) =>
    post(
      '/api/create-djamo-order',
      { ...buyer(email), items: [{ id: guide.id, quantity: 1 }], total: 5, discountCode: code },
      remoteAddress,
    );
  const cardIntent = (code: string, email: string, remoteAddress?: string) =>
    post(
      '/api/create-payment-intent',
      {
        customer: buyer(email),
        locale: 'fr',
        items: [{ id: guide.id, quantity: 1 }],
        amount: 5,
        discountCode: code,
      },
      remoteAddress,
    );
  const orderOf = async (res: { json(): { order: { id: string } } }) =>
    (await ctx.db.select().from(orders).where(eq(orders.publicId, res.json().order.id)))[0]!;
  /** Moves every timed hold of the code `minutes` into the past, as time going by would. */
  const minutesPass = (codeId: string, minutes: number) =>
    ctx.db
      .update(discountRedemptions)
      .set({
        createdAt: sql`${discountRedemptions.createdAt} - make_interval(mins => ${minutes})`,
        heldUntil: sql`${discountRedemptions.heldUntil} - make_interval(mins => ${minutes})`,
      })
      .where(and(eq(discountRedemptions.codeId, codeId), isNotNull(discountRedemptions.heldUntil)));
  const holdMinutes = async (codeId: string) =>
    (
      await ctx.db
        .select({
          minutes: sql<number>`extract(epoch from ${discountRedemptions.heldUntil} - ${discountRedemptions.createdAt}) / 60`,
        })
        .from(discountRedemptions)
        .where(eq(discountRedemptions.codeId, codeId))
    ).map((r) => Math.round(Number(r.minutes)));
  const verify = (orderId: string) =>
    admin('PATCH', `/api/orders/${orderId}/verify`, { verifiedBy: 'admin' });

  test('two unpaid mobile-money orders from one address hold one use, for 30 minutes', async () => {
    const code = await createCode({ code: 'DEUXMM', kind: 'percent', value: 50, maxUses: 2 });
    const address = nextAddress();
    const placed = [await mobileMoney('DEUXMM', 'script1@example.com', address)];
    placed.push(await mobileMoney('DEUXMM', 'script2@example.com', address));
    expect(placed.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await usesOf(code.id)).toEqual({ held: 1, used: 0 });
    expect((await holdMinutes(code.id)).at(-1)).toBe(30);
    // A real buyer elsewhere still gets the second use.
    expect((await mobileMoney('DEUXMM', 'vraie.cliente@example.com')).statusCode).toBe(201);
    expect(await usesOf(code.id)).toEqual({ held: 2, used: 0 });
    await minutesPass(code.id, 31);
    expect(await usesOf(code.id)).toEqual({ held: 0, used: 0 });
    expect((await mobileMoney('DEUXMM', 'plus.tard@example.com')).statusCode).toBe(201);
    figures.push(
      '2-use code, 2 unpaid mobile-money orders from one address: 1 use held for 30 min (was 2 for 72 h)',
    );
  });

  test('three unpaid card payments from one address hold one use, for 30 minutes', async () => {
    const code = await createCode({ code: 'TROISCB', kind: 'percent', value: 50, maxUses: 3 });
    const address = nextAddress();
    const started = [];
    for (let i = 1; i <= 3; i++) started.push(await cardIntent('TROISCB', `carte${i}@example.com`, address));
    expect(started.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await usesOf(code.id)).toEqual({ held: 1, used: 0 });
    expect((await holdMinutes(code.id)).every((m) => m <= 30)).toBe(true);
    await minutesPass(code.id, 31);
    expect(await usesOf(code.id)).toEqual({ held: 0, used: 0 });
    figures.push(
      '3-use code, 3 unpaid card payments from one address: 1 use held for 30 min (was 3 for 60 min)',
    );
  });

  test('a payment proof keeps the hold until the operator decides; paid, the order keeps its discount', async () => {
    const code = await createCode({ code: 'PREUVE', kind: 'percent', value: 50, maxUses: 1 });
    const placed = await mobileMoney('PREUVE', 'preuve@example.com');
    const order = await orderOf(placed);
    const image = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const { payload, contentType } = multipartBody([
      { name: 'receipt', fileName: 'recu.png', type: 'image/png', data: image },
    ]);
    const receipt = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.publicId}/receipt`,
      headers: { 'content-type': contentType },
      payload,
      remoteAddress: nextAddress(),
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    await minutesPass(code.id, 120);
    expect(await usesOf(code.id)).toEqual({ held: 1, used: 0 });
    expect((await mobileMoney('PREUVE', 'autre@example.com')).json().code).toBe('discount_used_up');
    expect((await verify(order.id)).statusCode).toBe(200);
    const [paid] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid).toMatchObject({ status: 'completed', total: '5.00', discountAmount: '5.00' });
    expect(await usesOf(code.id)).toEqual({ held: 0, used: 1 });
  });

  test('paid after its hold ran out and the use went to another: completed at the price it showed, the use counted', async () => {
    const code = await createCode({ code: 'TARDIF', kind: 'percent', value: 50, maxUses: 1 });
    const late = await orderOf(await mobileMoney('TARDIF', 'tardif@example.com'));
    await minutesPass(code.id, 31);
    const other = await orderOf(await mobileMoney('TARDIF', 'rapide@example.com'));
    expect((await verify(other.id)).statusCode).toBe(200);
    // The money of the first order arrives now: the operator sees it in the wallet and validates.
    const decided = await verify(late.id);
    expect(decided.statusCode, decided.body).toBe(200);
    const [paid] = await ctx.db.select().from(orders).where(eq(orders.id, late.id));
    expect(paid).toMatchObject({
      status: 'completed',
      total: '5.00',
      discountAmount: '5.00',
      discountCode: 'TARDIF',
    });
    const [use] = await ctx.db
      .select()
      .from(discountRedemptions)
      .where(eq(discountRedemptions.orderId, late.id));
    expect(use).toMatchObject({ status: 'used' });
    expect(await usesOf(code.id)).toEqual({ held: 0, used: 2 });
  });
});

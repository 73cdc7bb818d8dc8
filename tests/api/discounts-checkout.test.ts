import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { discountRedemptions, orders } from '../../src/server/db/schema';
import { expireUnpaidMobileMoneyOrders } from '../../src/server/modules/mobile-money/mobile-money-expiry';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  claimCardOrder,
  payWithTestCard,
  sendSucceededWebhook,
  shopper,
  WEBHOOK_SECRET,
} from './checkout-helpers';
import {
  clientAddress,
  createCode,
  DISCOUNT_ADMIN_KEY,
  discountAdmin,
  freeOrder,
  mobileMoneyOrder,
  shopperNumber,
  usesOf,
} from './discounts-helpers';

let ctx: TestContext;
let admin: ReturnType<typeof discountAdmin>;
let dakar: GuideRow;
let abidjan: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ADMIN_API_KEY: DISCOUNT_ADMIN_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY: '100',
    },
  });
  admin = discountAdmin(ctx);
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '12.50' });
});
afterAll(() => ctx.close());

const redemptionOf = async (orderId: string) =>
  (await ctx.db.select().from(discountRedemptions).where(eq(discountRedemptions.orderId, orderId)))[0];
const orderRow = async (publicId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;

describe('by card', () => {
  const startPayment = (body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { customer: shopper, locale: 'fr', ...body },
      remoteAddress: clientAddress(),
    });

  test('the PaymentIntent is for the discounted amount; the order stores the code and its use', async () => {
    const code = await createCode(ctx, { code: 'CARTE25', kind: 'percent', value: 25 });
    const items = [
      { id: dakar.id, quantity: 1 },
      { id: abidjan.id, quantity: 1 },
    ];
    // 21.50 less 25 % (5.375 → 5.38) = 16.12
    const undiscounted = await startPayment({ items, amount: 21.5, discountCode: 'carte25' });
    expect(undiscounted.statusCode).toBe(400);
    const started = await startPayment({ items, amount: 16.12, discountCode: 'carte25' });
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json();
    expect(intent.amount).toBe(1612);
    expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
    const claimed = await claimCardOrder(ctx, {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      items,
      total: 16.12,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({ total: '16.12', discountCode: 'CARTE25', discountAmount: '5.38' });
    const row = await orderRow(claimed.json().id);
    expect(await redemptionOf(row.id)).toMatchObject({
      codeId: code.id,
      status: 'used',
      email: shopper.email,
    });

    // Stripe's webhook for the same payment makes no second use.
    const hook = await sendSucceededWebhook(ctx, intent.paymentIntentId);
    expect(hook.statusCode).toBe(200);
    expect(await usesOf(ctx, code.id)).toEqual({ held: 0, used: 1 });
  });

  test('a paid card order keeps its discount even if the code was paused before the webhook came', async () => {
    const code = await createCode(ctx, { code: 'PAUSEAPRES', kind: 'fixed', value: 4 });
    const items = [{ id: abidjan.id, quantity: 1 }];
    const intent = (await startPayment({ items, amount: 8.5, discountCode: 'PAUSEAPRES' })).json();
    await payWithTestCard(ctx, intent.paymentIntentId);
    await admin('PUT', `/api/admin/discounts/${code.id}/paused`, { paused: true });
    const hook = await sendSucceededWebhook(ctx, intent.paymentIntentId);
    expect(hook.statusCode, hook.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(orders)
      .where(eq(orders.paymentIntentId, intent.paymentIntentId));
    expect(row).toMatchObject({ total: '8.50', discountCode: 'PAUSEAPRES', discountAmount: '4.00' });
    expect(await redemptionOf(row!.id)).toMatchObject({ status: 'used' });
  });

  test('a code that makes the cart free is refused on the card path: it is a free order', async () => {
    await createCode(ctx, { code: 'CADEAU', kind: 'percent', value: 100 });
    const res = await startPayment({
      items: [{ id: dakar.id, quantity: 1 }],
      amount: 0,
      discountCode: 'CADEAU',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/free order/);
  });
});

describe('free when the discount brings the total to 0', () => {
  test('the free path takes the order, with the code used at once', async () => {
    const code = await createCode(ctx, { code: 'OFFERT', kind: 'fixed', value: 50 });
    const res = await freeOrder(ctx, { items: [{ id: abidjan.id, quantity: 2 }], discountCode: 'offert' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'completed',
      paymentMethod: 'free',
      total: '0.00',
      discountCode: 'OFFERT',
      discountAmount: '25.00',
    });
    expect(await redemptionOf((await orderRow(res.json().id)).id)).toMatchObject({
      codeId: code.id,
      status: 'used',
    });
  });

  test('a code that leaves something to pay is no free order, and nothing is written', async () => {
    await createCode(ctx, { code: 'PRESQUE', kind: 'fixed', value: 5 });
    const before = (await ctx.db.select().from(discountRedemptions)).length;
    const res = await freeOrder(ctx, {
      ...shopperNumber(900),
      items: [{ id: dakar.id, quantity: 1 }],
      discountCode: 'PRESQUE',
    });
    expect(res.statusCode).toBe(400);
    expect((await ctx.db.select().from(discountRedemptions)).length).toBe(before);
  });

  test('a refused code refuses the order with its code and field', async () => {
    const res = await freeOrder(ctx, { items: [{ id: dakar.id, quantity: 1 }], discountCode: 'INCONNU' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'discountCode', code: 'discount_unknown' });
  });
});

describe('by mobile money', () => {
  /** A one-guide (9.00) mobile-money order with a code, as another shopper each time unless told. */
  const tryWithCode = (discountCode: string, who: Record<string, string> = shopperNumber(1), total = 4.5) =>
    mobileMoneyOrder(ctx, { ...who, items: [{ id: dakar.id, quantity: 1 }], total, discountCode });
  const placeWithCode = async (code: string, who = shopperNumber(1), total = 4.5) => {
    const res = await tryWithCode(code, who, total);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().order as { id: string; total: string; totalXof: number; discountAmount: string };
  };

  test('the FCFA amount to pay is the discounted one, and the use is held until the operator decides', async () => {
    const code = await createCode(ctx, { code: 'MOITIE', kind: 'percent', value: 50 });
    const order = await placeWithCode('moitie');
    expect(order).toMatchObject({ total: '4.50', discountAmount: '4.50', totalXof: 2952 });
    const row = await orderRow(order.id);
    expect(await redemptionOf(row.id)).toMatchObject({ status: 'held' });
    expect(await usesOf(ctx, code.id)).toEqual({ held: 1, used: 0 });

    const verify = await admin('PATCH', `/api/orders/${row.id}/verify`, { verifiedBy: 'admin' });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(await redemptionOf(row.id)).toMatchObject({ status: 'used' });
  });

  test('a rejected order releases its use, and so does an expired one', async () => {
    const code = await createCode(ctx, { code: 'UNSEUL', kind: 'percent', value: 50, maxUses: 1 });
    const first = await orderRow((await placeWithCode('UNSEUL', shopperNumber(2))).id);
    const refused = await tryWithCode('UNSEUL', shopperNumber(3));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'discount_used_up', field: 'discountCode' });

    expect((await admin('PATCH', `/api/orders/${first.id}/reject`)).statusCode).toBe(200);
    expect(await redemptionOf(first.id)).toMatchObject({ status: 'released' });

    const second = await orderRow((await placeWithCode('UNSEUL', shopperNumber(3))).id);
    await ctx.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '3 days'` })
      .where(eq(orders.id, second.id));
    expect(await expireUnpaidMobileMoneyOrders(ctx.db, 24)).toBeGreaterThanOrEqual(1);
    expect(await redemptionOf(second.id)).toMatchObject({ status: 'released' });
    expect(await usesOf(ctx, code.id)).toEqual({ held: 0, used: 0 });
    await placeWithCode('UNSEUL', shopperNumber(4));
  });

  test('the per-email limit counts held uses, whatever the email’s case', async () => {
    await createCode(ctx, { code: 'PAREMAIL', kind: 'percent', value: 50, maxUsesPerEmail: 1 });
    await placeWithCode('PAREMAIL', { ...shopperNumber(5), email: 'Fatou@Example.com' });
    const again = await tryWithCode('PAREMAIL', { ...shopperNumber(6), email: 'fatou@example.COM' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('discount_not_available');
    // The price does not tell: the limit is the order's to check (tests/hardening/abuse-discounts.test.ts).
    const priced = await ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/price',
      payload: {
        items: [{ id: dakar.id, quantity: 1 }],
        discountCode: 'PAREMAIL',
        email: 'FATOU@example.com',
      },
    });
    expect(priced.statusCode).toBe(200);
  });

  test('a double-submitted order with a code makes one order and one use', async () => {
    const code = await createCode(ctx, { code: 'DOUBLECLIC', kind: 'percent', value: 50, maxUses: 5 });
    const who = { ...shopperNumber(8), claimKey: 'double-click-claim-key-000001' };
    const responses = await Promise.all([1, 2, 3].map(() => tryWithCode('DOUBLECLIC', who)));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(responses.map((r) => r.json().order.id)).size).toBe(1);
    expect(await usesOf(ctx, code.id)).toEqual({ held: 1, used: 0 });
  });

  test('a total sent without the discount is refused', async () => {
    await createCode(ctx, { code: 'DIX', kind: 'fixed', value: 1 });
    const res = await tryWithCode('DIX', shopperNumber(7), 9);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^total: /);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { discountRedemptions, orders } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { claimCardOrder, payWithTestCard, sendSucceededWebhook, WEBHOOK_SECRET } from './checkout-helpers';
import { createCode, DISCOUNT_ADMIN_KEY, shopperNumber, statuses, usesOf } from './discounts-helpers';

/**
 * DEVIATIONS row 88: a card payment holds its code's use when its PaymentIntent is made,
 * so the card path keeps a code's limits as exactly as the others. Runs on PGlite, and on
 * PostgreSQL when DATABASE_URL is set (as CI does), where the 50 requests really overlap.
 */
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ADMIN_API_KEY: DISCOUNT_ADMIN_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ORDER_RATE_LIMIT_PER_HOUR: '10000',
    },
  });
  guide = await insertSellableGuide(ctx, { title: 'Ziguinchor et la Casamance', price: '10.00' });
});
afterAll(() => ctx.close());

/** POST /api/create-payment-intent for shopper `i`: one 10.00 guide, 5.00 with the half-price code. */
const startPayment = (i: number, discountCode: string, customer: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: {
      customer: { ...shopperNumber(i), ...customer },
      locale: 'fr',
      items: [{ id: guide.id, quantity: 1 }],
      amount: 5,
      discountCode,
    },
    // Shopper i's own address: one address holds at most one use of a code at a time.
    remoteAddress: `10.18.200.${i % 250}`,
  });

const halfPrice = (code: string, limits: Record<string, number>) =>
  createCode(ctx, { code, kind: 'percent', value: 50, ...limits });

const redemptionsOf = (codeId: string) =>
  ctx.db.select().from(discountRedemptions).where(eq(discountRedemptions.codeId, codeId));

/** Moves a code's card holds past their end, as an hour going by would. */
const expireHolds = (codeId: string) =>
  ctx.db
    .update(discountRedemptions)
    .set({ heldUntil: sql`now() - interval '1 second'` })
    .where(eq(discountRedemptions.codeId, codeId));

describe('50 card payments started at once', () => {
  test('a code limited to 10 uses: exactly 10 intents carry it, 40 are told it is used up', async () => {
    const code = await halfPrice('CARTEDIX', { maxUses: 10 });
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => startPayment(i, 'cartedix')));
    expect(statuses(responses)).toEqual({ 200: 10, 409: 40 });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'discount_used_up', field: 'discountCode' });
    }
    const accepted = responses.filter((r) => r.statusCode === 200).map((r) => r.json());
    expect(accepted.every((intent) => intent.amount === 500 && intent.clientSecret)).toBe(true);
    const held = await redemptionsOf(code.id);
    expect(held).toHaveLength(10);
    expect(new Set(held.map((r) => r.paymentIntentId))).toEqual(
      new Set(accepted.map((intent) => intent.paymentIntentId)),
    );
    expect(held.every((r) => r.status === 'held' && r.orderId === null && r.heldUntil! > new Date())).toBe(
      true,
    );
    expect(await usesOf(ctx, code.id)).toEqual({ held: 10, used: 0 });
  });

  test('a code limited to 2 uses per email, 20 intents from one address: exactly 2', async () => {
    const code = await halfPrice('DEUXCARTES', { maxUsesPerEmail: 2 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        startPayment(100 + i, 'DEUXCARTES', { email: i % 2 ? 'meme@example.com' : 'MEME@example.com' }),
      ),
    );
    expect(statuses(responses)).toEqual({ 200: 2, 409: 18 });
    expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('discount_not_available');
    expect(await redemptionsOf(code.id)).toHaveLength(2);
    // Another address still gets it.
    expect((await startPayment(120, 'DEUXCARTES')).statusCode).toBe(200);
  });
});

describe('one intent, one hold', () => {
  test('the same intent asked again, or twice at once, holds the last use once', async () => {
    const code = await halfPrice('UNEFOIS', { maxUses: 1 });
    const first = await startPayment(200, 'UNEFOIS');
    expect(first.statusCode, first.body).toBe(200);
    const again = await Promise.all([startPayment(200, 'UNEFOIS'), startPayment(200, 'UNEFOIS')]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(again.map((r) => r.json().paymentIntentId))).toEqual(
      new Set([first.json().paymentIntentId]),
    );
    expect(await redemptionsOf(code.id)).toHaveLength(1);
    expect((await startPayment(201, 'UNEFOIS')).json().code).toBe('discount_used_up');
  });

  test('the paid order takes its hold over as used: one row, whichever of browser and webhook comes first', async () => {
    const code = await halfPrice('PAYEE', { maxUses: 5 });
    const byBrowser = (await startPayment(300, 'PAYEE')).json();
    const byWebhook = (await startPayment(301, 'PAYEE')).json();
    const held = await redemptionsOf(code.id);
    expect(held.map((r) => r.status)).toEqual(['held', 'held']);
    for (const intent of [byBrowser, byWebhook]) {
      expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
    }
    const claimed = await claimCardOrder(ctx, {
      paymentIntentId: byBrowser.paymentIntentId,
      clientSecret: byBrowser.clientSecret,
      items: [{ id: guide.id, quantity: 1 }],
      total: 5,
      email: shopperNumber(300).email,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect((await sendSucceededWebhook(ctx, byBrowser.paymentIntentId)).statusCode).toBe(200);
    expect((await sendSucceededWebhook(ctx, byWebhook.paymentIntentId)).statusCode).toBe(200);
    const rows = await redemptionsOf(code.id);
    expect(rows).toHaveLength(2);
    for (const intent of [byBrowser, byWebhook]) {
      const [order] = await ctx.db
        .select()
        .from(orders)
        .where(eq(orders.paymentIntentId, intent.paymentIntentId));
      expect(order).toMatchObject({ discountCode: 'PAYEE', discountAmount: '5.00', total: '5.00' });
      // The same row, now the order's.
      const heldId = held.find((r) => r.paymentIntentId === intent.paymentIntentId)!.id;
      expect(rows.find((r) => r.paymentIntentId === intent.paymentIntentId)).toMatchObject({
        id: heldId,
        orderId: order!.id,
        status: 'used',
      });
    }
    expect(await usesOf(ctx, code.id)).toEqual({ held: 0, used: 2 });
  });
});

describe('an abandoned intent', () => {
  test('its expired hold frees the use; if it is paid after all, the use is still recorded', async () => {
    const code = await halfPrice('ABANDON', { maxUses: 1 });
    const abandoned = (await startPayment(400, 'ABANDON')).json();
    expect((await startPayment(401, 'ABANDON')).statusCode).toBe(409);
    await expireHolds(code.id);
    expect(await usesOf(ctx, code.id)).toEqual({ held: 0, used: 0 });
    expect((await startPayment(401, 'ABANDON')).statusCode).toBe(200);

    // The money has moved: the late payment keeps its discount and its use (DEVIATIONS row 88).
    await payWithTestCard(ctx, abandoned.paymentIntentId);
    expect((await sendSucceededWebhook(ctx, abandoned.paymentIntentId)).statusCode).toBe(200);
    const rows = await redemptionsOf(code.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.paymentIntentId === abandoned.paymentIntentId)).toMatchObject({
      status: 'used',
    });
    expect(await usesOf(ctx, code.id)).toEqual({ held: 1, used: 1 });
  });

  test('asked again after its hold ran out, it is checked anew and holds again', async () => {
    const code = await halfPrice('RENOUVEAU', { maxUses: 1 });
    const first = (await startPayment(500, 'RENOUVEAU')).json();
    await expireHolds(code.id);
    const again = await startPayment(500, 'RENOUVEAU');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().paymentIntentId).toBe(first.paymentIntentId);
    const [row] = await redemptionsOf(code.id);
    expect(row!.heldUntil! > new Date()).toBe(true);
    expect((await startPayment(501, 'RENOUVEAU')).statusCode).toBe(409);

    // Once someone else took the freed use, the old intent asked again is refused.
    await expireHolds(code.id);
    expect((await startPayment(501, 'RENOUVEAU')).statusCode).toBe(200);
    expect((await startPayment(500, 'RENOUVEAU')).json().code).toBe('discount_used_up');
    expect(await redemptionsOf(code.id)).toHaveLength(2);
  });
});

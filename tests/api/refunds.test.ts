import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { WEBHOOK_SECRET } from './checkout-helpers';
import {
  ADMIN_KEY,
  orderRow,
  paidCardOrder,
  recordsOf,
  refund,
  refundEmailsOf,
  refundRows,
} from './refunds-helpers';

let ctx: TestContext;
let dakar: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: 'https://guides.example',
    },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(() => ctx?.close());

/** A mobile-money order (receipt validated, or paid through CinetPay), completed. */
async function mobileMoneyOrder(locale: 'fr' | 'en' = 'fr') {
  const { order } = await insertOrder(ctx.db, { guides: [dakar], locale });
  await ctx.db.update(orders).set({ paymentMethod: 'djamo' }).where(eq(orders.id, order.id));
  return order;
}

describe('a card order', () => {
  test('a full refund goes through Stripe, closes the downloads, and is recorded once everywhere', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const res = await refund(ctx, order.id);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.refund).toMatchObject({ amount: '9.00', provider: 'stripe', status: 'succeeded' });
    expect(answer.refund.providerRefundId).toMatch(/^re_/);
    expect(answer.order).toMatchObject({ refundedAmount: '9.00', fullyRefunded: true, accessRevoked: true });

    const after = await orderRow(ctx, order.id);
    expect(after.refundedAmount).toBe('9.00');
    expect(after.accessRevokedAt).not.toBeNull();
    const refundsNow = await ctx.app.services.payments.listRefunds(order.paymentIntentId!);
    expect(refundsNow.map((r) => r.amount)).toEqual([900]);
    const records = await recordsOf(ctx, order.id);
    expect(records.refundEvents).toHaveLength(1);
    expect(records.revoked.map((e) => e.data)).toEqual([{ reason: 'refund' }]);
    expect(records.activity).toHaveLength(1);
    expect(records.activity[0]!.actor).not.toContain(ADMIN_KEY);

    const [email] = await refundEmailsOf(ctx, order.id);
    expect(email?.subject).toBe(`Remboursement de votre commande ${order.orderNumber}`);
    expect(email?.text).toContain('9 €');
    expect(email?.text).toContain('téléchargement de ses guides est désormais fermé');
  });

  test('a partial refund leaves the downloads open; a second one up to the total closes them', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const first = await refund(ctx, order.id, { amount: '2.50' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().order).toMatchObject({
      refundedAmount: '2.50',
      fullyRefunded: false,
      accessRevoked: false,
    });
    expect((await orderRow(ctx, order.id)).accessRevokedAt).toBeNull();
    const [partialEmail] = await refundEmailsOf(ctx, order.id);
    expect(partialEmail?.text).toContain('2,50 €');
    expect(partialEmail?.text).toContain('restent disponibles');

    const tooMuch = await refund(ctx, order.id, { amount: '6.51' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toMatchObject({ field: 'amount', message: expect.stringMatching(/^amount: /) });
    expect(tooMuch.json().message).toContain('6.50');

    const rest = await refund(ctx, order.id, { amount: 6.5 });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().order).toMatchObject({
      refundedAmount: '9.00',
      fullyRefunded: true,
      accessRevoked: true,
    });
    expect((await refundRows(ctx, order.id)).map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
    expect((await recordsOf(ctx, order.id)).revoked).toHaveLength(1);
  });

  test('an order refunded in full refuses another refund with 409 and asks Stripe nothing', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    expect((await refund(ctx, order.id)).statusCode).toBe(200);
    const again = await refund(ctx, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already refunded in full/);
    expect(await ctx.app.services.payments.listRefunds(order.paymentIntentId!)).toHaveLength(1);
    expect(await refundRows(ctx, order.id)).toHaveLength(1);
  });

  test('the email is in the order language: English for an English order', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    await ctx.db.update(orders).set({ locale: 'en' }).where(eq(orders.id, order.id));
    expect((await refund(ctx, order.id, { amount: '1' })).statusCode).toBe(200);
    const [email] = await refundEmailsOf(ctx, order.id);
    expect(email?.subject).toBe(`Refund for your order ${order.orderNumber}`);
    expect(email?.text).toContain('€1');
    expect(email?.text).toContain(`https://guides.example/order-confirmation/${order.publicId}?lang=en`);
  });
});

describe('a mobile-money order', () => {
  test('is recorded as refunded by hand, with its note, without Stripe', async () => {
    const order = await mobileMoneyOrder('en');
    const res = await refund(ctx, order.id, { note: 'Sent back by Wave, ref TX-88' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({
      provider: 'manual',
      status: 'succeeded',
      providerRefundId: null,
      note: 'Sent back by Wave, ref TX-88',
    });
    expect((await orderRow(ctx, order.id)).accessRevokedAt).not.toBeNull();
    const [email] = await refundEmailsOf(ctx, order.id);
    expect(email?.text).toContain('mobile money');
    expect(email?.text).toContain('FCFA');
  });

  test('without a note is refused with 400 naming note, and nothing is written', async () => {
    const order = await mobileMoneyOrder();
    const res = await refund(ctx, order.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'note', message: expect.stringMatching(/^note: required/) });
    expect(await refundRows(ctx, order.id)).toHaveLength(0);
    expect((await orderRow(ctx, order.id)).refundedAmount).toBe('0.00');
  });
});

describe('refusals', () => {
  test.each([
    ['0', 'more than 0'],
    ['-1', 'positive'],
    ['1.234', 'two decimals'],
    ['abc', 'positive'],
    ['1e3', 'positive'],
    ['99999999999', 'positive'],
    ['', 'positive'],
    ['٣', 'positive'],
  ])('amount %j is refused with 400 naming amount', async (amount, words) => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const res = await refund(ctx, order.id, { amount });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^amount: /);
    expect(res.json().message).toContain(words);
    expect(await refundRows(ctx, order.id)).toHaveLength(0);
  });

  test('more than the total is refused with 400 naming amount', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const res = await refund(ctx, order.id, { amount: '9.01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'amount' });
  });

  test.each(['pending', 'pending_verification', 'rejected', 'expired'] as const)(
    'an order %s is refused with 409',
    async (status) => {
      const { order } = await insertOrder(ctx.db, { guides: [dakar], status });
      const res = await refund(ctx, order.id, { note: 'n' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain(`Only a completed order can be refunded; this one is ${status}`);
    },
  );

  test('a free order is refused with 409', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [dakar] });
    await ctx.db.update(orders).set({ paymentMethod: 'free', total: '0.00' }).where(eq(orders.id, order.id));
    const res = await refund(ctx, order.id, { note: 'n' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A free order has nothing to refund');
  });

  test('an unknown order is 404, a malformed id 400, no admin key 401', async () => {
    expect((await refund(ctx, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await refund(ctx, 'GA-123')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/orders/00000000-0000-4000-8000-000000000000/refunds',
      payload: { requestKey: 'abcdefgh-1' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  test('a missing or odd requestKey is refused with 400 naming it', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    for (const requestKey of [undefined, 'short', 'a'.repeat(101), 'with space ok?', 'clé-unicode-é']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order.id}/refunds`,
        headers: { 'x-admin-key': ADMIN_KEY },
        payload: requestKey === undefined ? {} : { requestKey },
      });
      expect(res.statusCode, String(requestKey)).toBe(400);
      expect(res.json().message).toMatch(/requestKey/);
    }
  });
});

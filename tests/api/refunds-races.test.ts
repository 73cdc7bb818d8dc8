import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { PaymentProviderUnavailableError } from '../../src/server/adapters/payments/card-gateway';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { WEBHOOK_SECRET } from './checkout-helpers';
import {
  ADMIN_KEY,
  chargeRefundedWebhook,
  orderRow,
  paidCardOrder,
  recordsOf,
  refund,
  refundEmailsOf,
  refundRows,
} from './refunds-helpers';

// Never twice: the operator's retries and double clicks, two operators, and Stripe's webhook
// arriving before, after or again, all end with one refund row per Stripe refund.

let ctx: TestContext;
let dakar: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: { ADMIN_API_KEY: ADMIN_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(() => ctx?.close());

/** Everything that must exist exactly once after one refund of `cents`. */
async function expectOneRefund(orderId: string, paymentIntentId: string, amount: string) {
  const stripeRefunds = await ctx.app.services.payments.listRefunds(paymentIntentId);
  expect(stripeRefunds).toHaveLength(1);
  const rows = await refundRows(ctx, orderId);
  expect(rows.map((r) => [r.providerRefundId, r.status, r.amount])).toEqual([
    [stripeRefunds[0]!.id, 'succeeded', amount],
  ]);
  expect((await orderRow(ctx, orderId)).refundedAmount).toBe(amount);
  const records = await recordsOf(ctx, orderId);
  expect(records.refundEvents).toHaveLength(1);
  expect(records.activity).toHaveLength(1);
  expect(await refundEmailsOf(ctx, orderId)).toHaveLength(1);
}

describe('the same request', () => {
  test('retried with its requestKey answers the same refund and refunds nothing more', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const requestKey = randomUUID();
    const first = await refund(ctx, order.id, { amount: '3.00', requestKey });
    const retry = await refund(ctx, order.id, { amount: '3.00', requestKey });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().refund).toEqual(first.json().refund);
    await expectOneRefund(order.id, order.paymentIntentId!, '3.00');
  });

  test('sent twice at once (a double click) makes one refund; both answers name it', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const requestKey = randomUUID();
    const [a, b] = await Promise.all([
      refund(ctx, order.id, { requestKey }),
      refund(ctx, order.id, { requestKey }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund.id).toBe(b.json().refund.id);
    await expectOneRefund(order.id, order.paymentIntentId!, '9.00');
  });

  test('its requestKey used again for another amount or another order is refused with 409 naming it', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const other = await paidCardOrder(ctx, dakar.id, 9);
    const requestKey = randomUUID();
    expect((await refund(ctx, order.id, { amount: '1.00', requestKey })).statusCode).toBe(200);
    const otherAmount = await refund(ctx, order.id, { amount: '2.00', requestKey });
    expect(otherAmount.statusCode).toBe(409);
    expect(otherAmount.json()).toMatchObject({ field: 'requestKey' });
    expect((await refund(ctx, other.id, { amount: '1.00', requestKey })).statusCode).toBe(409);
    expect(await refundRows(ctx, other.id)).toHaveLength(0);
  });
});

test('two operators refunding in full at once: one refund, the other gets 409', async () => {
  const order = await paidCardOrder(ctx, dakar.id, 9);
  const answers = await Promise.all([refund(ctx, order.id), refund(ctx, order.id)]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  await expectOneRefund(order.id, order.paymentIntentId!, '9.00');
});

test('five partial refunds at once never refund more than the total', async () => {
  const order = await paidCardOrder(ctx, dakar.id, 9);
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => refund(ctx, order.id, { amount: '4.00' })),
  );
  expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(2);
  expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(3);
  expect((await orderRow(ctx, order.id)).refundedAmount).toBe('8.00');
  expect(await ctx.app.services.payments.listRefunds(order.paymentIntentId!)).toHaveLength(2);
});

describe("Stripe's webhook", () => {
  test('arriving before the API has its answer: one row, applied once', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const payments = ctx.app.services.payments;
    const createRefund = payments.createRefund.bind(payments);
    const spy = vi.spyOn(payments, 'createRefund').mockImplementationOnce(async (input) => {
      const made = await createRefund(input);
      expect((await chargeRefundedWebhook(ctx, order.paymentIntentId!)).statusCode).toBe(200);
      return made;
    });
    const res = await refund(ctx, order.id);
    spy.mockRestore();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ refundedAmount: '9.00', accessRevoked: true });
    await expectOneRefund(order.id, order.paymentIntentId!, '9.00');
    expect((await recordsOf(ctx, order.id)).activity[0]!.actor).not.toBe('stripe');
  });

  test('arriving after the answer, and replayed, changes nothing', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    expect((await refund(ctx, order.id, { amount: '4.50' })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await chargeRefundedWebhook(ctx, order.paymentIntentId!)).statusCode).toBe(200);
    }
    await expectOneRefund(order.id, order.paymentIntentId!, '4.50');
  });

  test('replayed several times at once records one row', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    await ctx.app.services.payments.createRefund({
      paymentIntentId: order.paymentIntentId!,
      amount: 250,
      metadata: {},
      idempotencyKey: randomUUID(),
    });
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => chargeRefundedWebhook(ctx, order.paymentIntentId!)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    await expectOneRefund(order.id, order.paymentIntentId!, '2.50');
  });

  test("a refund made in Stripe's dashboard is recorded from the webhook alone, and a full one closes access", async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    await ctx.app.services.payments.createRefund({
      paymentIntentId: order.paymentIntentId!,
      metadata: {},
      idempotencyKey: randomUUID(),
    });
    expect((await chargeRefundedWebhook(ctx, order.paymentIntentId!)).statusCode).toBe(200);
    const [row] = await refundRows(ctx, order.id);
    expect(row).toMatchObject({ provider: 'stripe', actor: 'stripe', status: 'succeeded', amount: '9.00' });
    const after = await orderRow(ctx, order.id);
    expect(after.refundedAmount).toBe('9.00');
    expect(after.accessRevokedAt).not.toBeNull();
    const refusal = await refund(ctx, order.id);
    expect(refusal.statusCode).toBe(409);
  });

  test('for a payment that made no order is acknowledged and records nothing', async () => {
    const res = await chargeRefundedWebhook(ctx, 'pi_unknownPayment123456');
    expect(res.statusCode).toBe(200);
  });
});

test('Stripe refusing (the charge refunded in its dashboard meanwhile) answers 409 and keeps no pending row', async () => {
  const order = await paidCardOrder(ctx, dakar.id, 9);
  // Refunded in Stripe, its webhook not yet here: our books still say 9.00 is left.
  await ctx.app.services.payments.createRefund({
    paymentIntentId: order.paymentIntentId!,
    metadata: {},
    idempotencyKey: randomUUID(),
  });
  const res = await refund(ctx, order.id, { amount: '1.00' });
  expect(res.statusCode).toBe(409);
  expect(res.json().message).toMatch(/^Stripe refused the refund: Charge ch_\w+ has already been refunded/);
  expect(await refundRows(ctx, order.id)).toHaveLength(0);
});

test('Stripe unreachable answers 503 and holds the amount; the same request later refunds once', async () => {
  const order = await paidCardOrder(ctx, dakar.id, 9);
  const spy = vi
    .spyOn(ctx.app.services.payments, 'createRefund')
    .mockRejectedValueOnce(new PaymentProviderUnavailableError('connect ECONNREFUSED'));
  const requestKey = randomUUID();
  const down = await refund(ctx, order.id, { requestKey });
  spy.mockRestore();
  expect(down.statusCode).toBe(503);
  expect(down.json().message).toBe('Stripe could not be reached; send the same request again');
  expect((await refundRows(ctx, order.id)).map((r) => r.status)).toEqual(['pending']);
  // Another operator meanwhile: the held amount is not refundable twice.
  expect((await refund(ctx, order.id)).statusCode).toBe(409);

  const retry = await refund(ctx, order.id, { requestKey });
  expect(retry.statusCode, retry.body).toBe(200);
  await expectOneRefund(order.id, order.paymentIntentId!, '9.00');
});

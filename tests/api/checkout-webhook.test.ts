import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { encodeCheckoutMetadata } from '../../src/server/modules/checkout/payment-metadata';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  claimCardOrder,
  deliveryJobCount,
  deliveryJobsFor,
  orderCount,
  ordersFor,
  paymentIntentFor,
  payWithTestCard,
  shopper,
  signatureFor,
  succeededEventBody,
  WEBHOOK_SECRET,
} from './checkout-helpers';

let ctx: TestContext;
const guide: Record<string, string> = {};

beforeAll(async () => {
  // The webhook secret is fixed so the test can sign events; the test-mode fake signs with it too.
  ctx = await createTestContext({ renderPages: false, env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  guide.dakar = (await insertGuide(ctx, { title: 'Dakar essentiel', price: '9.00' })).id;
  guide.abidjan = (await insertGuide(ctx, { title: 'Abidjan pratique', price: '12.50' })).id;
});
afterAll(() => ctx.close());

const webhook = (payload: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    payload,
  });

/** A paid PaymentIntent that no order exists for yet. */
async function paidIntent(items: Array<{ id: string; quantity: number }>, amount: number) {
  const { paymentIntentId } = await paymentIntentFor(ctx, items, amount);
  expect((await payWithTestCard(ctx, paymentIntentId)).statusCode).toBe(200);
  return paymentIntentId;
}

// Until the app listens, the fake's own deliveries cannot reach it: only the events sent here do.
describe('signatures (the app is not listening yet)', () => {
  let paymentIntentId: string;
  let payload: string;
  let before: { orders: number; jobs: number };

  beforeAll(async () => {
    paymentIntentId = await paidIntent([{ id: guide.dakar!, quantity: 1 }], 9);
    payload = await succeededEventBody(ctx, paymentIntentId);
    before = { orders: await orderCount(ctx.db), jobs: await deliveryJobCount(ctx.db) };
  });

  const expectNothingWritten = async () => {
    expect(await orderCount(ctx.db)).toBe(before.orders);
    expect(await deliveryJobCount(ctx.db)).toBe(before.jobs);
  };

  test('a stale timestamp (over 300 s) is refused with 400', async () => {
    const stale = Math.floor(Date.now() / 1000) - 301;
    const res = await webhook(payload, { 'stripe-signature': signatureFor(payload, stale) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid Stripe-Signature: Timestamp outside the tolerance zone/);
    await expectNothingWritten();
  });

  test('one changed byte is refused with 400', async () => {
    const signature = signatureFor(payload);
    const at = payload.indexOf('"amount": 900') + '"amount": '.length;
    const tampered = `${payload.slice(0, at)}1${payload.slice(at + 1)}`; // 900 → 100
    expect(tampered.length).toBe(payload.length);
    const res = await webhook(tampered, { 'stripe-signature': signature });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid Stripe-Signature: No signatures found matching/);
    await expectNothingWritten();
  });

  test('a missing signature header is refused with 400', async () => {
    const res = await webhook(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Missing Stripe-Signature header' });
    await expectNothingWritten();
  });

  test('a re-serialised body (JSON.parse then JSON.stringify) is refused with 400', async () => {
    const signature = signatureFor(payload);
    const reserialised = JSON.stringify(JSON.parse(payload));
    expect(reserialised).not.toBe(payload);
    const res = await webhook(reserialised, { 'stripe-signature': signature });
    expect(res.statusCode).toBe(400);
    await expectNothingWritten();
  });

  test('a signature made with another secret is refused with 400', async () => {
    const { default: Stripe } = await import('stripe');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    const res = await webhook(payload, { 'stripe-signature': forged });
    expect(res.statusCode).toBe(400);
    await expectNothingWritten();
  });

  test('the same bytes correctly signed are accepted and make the order', async () => {
    const res = await webhook(payload, { 'stripe-signature': signatureFor(payload) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const [order] = await ordersFor(ctx.db, paymentIntentId);
    expect(order).toMatchObject({
      status: 'completed',
      paymentMethod: 'stripe',
      email: shopper.email,
      total: '9.00',
    });
  });

  test('events the shop does not act on are acknowledged with 200 and change nothing', async () => {
    const counts = { orders: await orderCount(ctx.db), jobs: await deliveryJobCount(ctx.db) };
    const refunded = await succeededEventBody(ctx, paymentIntentId, 'charge.refunded');
    const other = JSON.stringify(
      {
        id: 'evt_other',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_someoneelse000000000000', object: 'payment_intent', metadata: {} } },
      },
      null,
      2,
    );
    for (const body of [refunded, other]) {
      const res = await webhook(body, { 'stripe-signature': signatureFor(body) });
      expect(res.statusCode).toBe(200);
    }
    expect(await orderCount(ctx.db)).toBe(counts.orders);
    expect(await deliveryJobCount(ctx.db)).toBe(counts.jobs);
  });
});

describe('delivery by the test-mode fake (the app listens)', () => {
  let baseUrl: string;

  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  test('a payment that succeeds with the browser closed is completed by the webhook alone', async () => {
    const items = [
      { id: guide.dakar!, quantity: 1 },
      { id: guide.abidjan!, quantity: 1 },
    ];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 21.5);
    // The card is confirmed; the browser then loses its connection and never calls POST /api/orders.
    expect((await payWithTestCard(ctx, paymentIntentId)).statusCode).toBe(200);
    const order = await vi.waitFor(
      async () => {
        const [row] = await ordersFor(ctx.db, paymentIntentId);
        if (!row) throw new Error('no order yet');
        return row;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(order).toMatchObject({
      status: 'completed',
      paymentMethod: 'stripe',
      email: shopper.email,
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      phoneNumber: shopper.mobile,
      total: '21.50',
      locale: 'fr',
    });
    expect(await deliveryJobsFor(ctx.db, order.id)).toBe(1);

    // When the browser does come back, it gets that same order.
    const late = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 21.5 });
    expect(late.statusCode).toBe(200);
    expect(late.json().orderNumber).toBe(order.orderNumber);
  });

  test('ten copies of one event in parallel, racing the browser, make exactly one order and one delivery job', async () => {
    const items = [{ id: guide.abidjan!, quantity: 2 }];
    const paymentIntentId = await paidIntent(items, 25);
    const { clientSecret } = (await ctx.app.services.payments.retrievePaymentIntent(paymentIntentId))!;
    const payload = await succeededEventBody(ctx, paymentIntentId);
    const send = () =>
      fetch(`${baseUrl}/api/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signatureFor(payload),
        },
        body: payload,
      });
    const [browser, ...copies] = await Promise.all([
      claimCardOrder(ctx, { paymentIntentId, clientSecret: clientSecret ?? undefined, items, total: 25 }),
      ...Array.from({ length: 10 }, send),
    ]);
    expect([200, 201]).toContain(browser!.statusCode);
    expect(copies.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await ordersFor(ctx.db, paymentIntentId);
    expect(rows).toHaveLength(1);
    expect(browser!.json().orderNumber).toBe(rows[0]!.orderNumber);
    expect(await deliveryJobsFor(ctx.db, rows[0]!.id)).toBe(1);
  });

  test('an event it cannot apply (a guide unknown to the shop) is answered non-2xx so Stripe retries, and writes no order', async () => {
    const { payments } = ctx.app.services;
    const metadata = encodeCheckoutMetadata({
      customer: shopper,
      locale: 'fr',
      items: [{ id: randomUUID(), quantity: 1 }],
    });
    const intent = await payments.createPaymentIntent({
      amount: 900,
      currency: 'eur',
      metadata,
      description: 'test',
      idempotencyKey: randomUUID(),
    });
    await payments.confirmTestPayment(intent.id, '4242424242424242');
    const before = await orderCount(ctx.db);
    const payload = await succeededEventBody(ctx, intent.id);
    const res = await webhook(payload, { 'stripe-signature': signatureFor(payload) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().message).toMatch(
      /^A guide in your cart is no longer available: [0-9a-f-]{36}\. We have been told/,
    );
    expect(await orderCount(ctx.db)).toBe(before);
    // The fake's own delivery of the same event was refused too, and is queued for a retry.
    await vi.waitFor(() => {
      const attempts = payments.fake!.deliveries().filter((d) => d.objectId === intent.id);
      expect(attempts).toContainEqual(
        expect.objectContaining({
          type: 'payment_intent.succeeded',
          ok: false,
          detail: expect.stringMatching(/^HTTP 400/),
        }),
      );
    });
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, travelGuides } from '../../src/server/db/schema';
import { type Order, orderSchema } from '../../src/shared/contracts/orders';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  claimCardOrder,
  deliveryJobsFor,
  expectOrderShape,
  orderCount,
  ordersFor,
  paymentIntentFor,
  payWithTestCard,
  shopper,
  startPayment,
} from './checkout-helpers';

// The browser's card path: the app does not listen, so no webhook reaches it and only POST /api/orders
// can create an order. (checkout-webhook.test.ts covers the webhook.)

let ctx: TestContext;
const guide: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
  const rows = [
    { key: 'dakar', title: 'Dakar essentiel', price: '9.00', withPdf: true },
    { key: 'abidjan', title: 'Abidjan pratique', price: '12.50' },
    { key: 'old', title: 'Ancien guide du Maroc', price: '5.00', isActive: false },
    { key: 'kit', title: 'Kit de départ', price: '0.00' },
    { key: 'cheap', title: 'Carte de Dakar', price: '0.30' },
    { key: 'repriced', title: 'Saint-Louis', price: '7.00' },
  ];
  for (const { key, ...values } of rows) guide[key] = (await insertGuide(ctx, values)).id;
});
afterAll(() => ctx.close());

describe('POST /api/create-payment-intent', () => {
  test('computes the amount in cents from the database prices and answers a test-mode client secret', async () => {
    const res = await startPayment(ctx, {
      items: [
        { id: guide.dakar!, quantity: 2 },
        { id: guide.abidjan!, quantity: 1 },
      ],
      amount: 30.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ amount: 3050, currency: 'eur', testMode: true, publishableKey: null });
    expect(body.alreadyPaid).toBe(false);
    expect(body.clientSecret).toMatch(new RegExp(`^${body.paymentIntentId}_secret_`));
    const intent = await ctx.app.services.payments.retrievePaymentIntent(body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 3050, currency: 'eur', status: 'requires_payment_method' });
    expect(intent!.metadata).toMatchObject({ email: shopper.email, mobile: shopper.mobile, locale: 'fr' });
  });

  test('the same cart and customer twice get the same PaymentIntent; another customer gets another', async () => {
    const items = [{ id: guide.abidjan!, quantity: 1 }];
    const first = await paymentIntentFor(ctx, items, 12.5);
    const second = await paymentIntentFor(ctx, items, 12.5);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const two = [
      { id: guide.dakar!, quantity: 1 },
      { id: guide.abidjan!, quantity: 1 },
    ];
    const inOrder = await paymentIntentFor(ctx, two, 21.5);
    const reversed = await paymentIntentFor(ctx, [...two].reverse(), 21.5);
    expect(reversed.paymentIntentId).toBe(inOrder.paymentIntentId);
    const other = await startPayment(ctx, {
      items,
      amount: 12.5,
      customer: { ...shopper, email: 'moussa@example.com' },
    });
    expect(other.json().paymentIntentId).not.toBe(first.paymentIntentId);
  });

  test('a tampered amount is refused with 400 saying so', async () => {
    const res = await startPayment(ctx, { items: [{ id: guide.dakar!, quantity: 1 }], amount: 0.5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The amount 0.50 € does not match the cart's total at current prices, 9.00 €",
    );
  });

  test('unknown and withdrawn guides are refused with 400 giving each id, never a title', async () => {
    const unknown = randomUUID();
    const res = await startPayment(ctx, {
      items: [
        { id: guide.dakar!, quantity: 1 },
        { id: unknown, quantity: 1 },
        { id: guide.old!, quantity: 1 },
      ],
      amount: 14,
    });
    expect(res.statusCode).toBe(400);
    const { message } = res.json();
    expect(message).toBe(`Some guides in your cart are no longer available: ${unknown}, ${guide.old}`);
    expect(message).not.toContain('Maroc');
  });

  test('a free cart is sent to the free order', async () => {
    const res = await startPayment(ctx, { items: [{ id: guide.kit!, quantity: 1 }], amount: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/free order/);
  });

  test('a total under the card minimum is refused with the provider’s reason', async () => {
    const res = await startPayment(ctx, { items: [{ id: guide.cheap!, quantity: 1 }], amount: 0.3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at least 0.50 eur/);
  });

  test('an invalid body names the field', async () => {
    const res = await startPayment(ctx, {
      items: [{ id: guide.dakar!, quantity: 1 }],
      amount: 9,
      customer: { ...shopper, mobile: '77 123 45 67' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^customer\.mobile: must start with \+/);
    // Machine-readable beside the message, for the page to show it under the field in its language.
    expect(res.json()).toMatchObject({ field: 'customer.mobile', code: 'invalid_field' });
  });

  test('an expired card is declined with its own code, for the page to word it', async () => {
    const { paymentIntentId } = await paymentIntentFor(ctx, [{ id: guide.dakar!, quantity: 1 }], 9);
    const res = await payWithTestCard(ctx, paymentIntentId, '4000 0000 0000 0069');
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: 'Your card has expired.', code: 'expired_card' });
  });
});

describe('POST /api/test-mode/confirm-payment and POST /api/orders', () => {
  test('a declined card answers 402 with the decline message and makes no order', async () => {
    const items = [{ id: guide.dakar!, quantity: 3 }];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 27);
    const declined = await payWithTestCard(ctx, paymentIntentId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    // `code` is Stripe's decline code, for the page to word the refusal in the shopper's language.
    expect(declined.json()).toEqual({ message: 'Your card was declined.', code: 'generic_decline' });
    const claim = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 27 });
    expect(claim.statusCode).toBe(402);
    expect(claim.json().message).toBe('The payment has not succeeded (status: requires_payment_method)');
    expect(await ordersFor(ctx.db, paymentIntentId)).toHaveLength(0);

    // The same intent can then be paid with another card.
    expect((await payWithTestCard(ctx, paymentIntentId)).statusCode).toBe(200);
    expect((await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 27 })).statusCode).toBe(
      201,
    );
  });

  test('an unknown test card number is declined without a charge', async () => {
    const { paymentIntentId } = await paymentIntentFor(ctx, [{ id: guide.abidjan!, quantity: 2 }], 25);
    const res = await payWithTestCard(ctx, paymentIntentId, '1234 5678 9012 3456');
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toMatch(/^Your card number is incorrect/);
  });

  test('an order for a payment that has not been made is refused and nothing is written', async () => {
    const items = [{ id: guide.abidjan!, quantity: 3 }];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 37.5);
    const before = await orderCount(ctx.db);
    const res = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 37.5 });
    expect(res.statusCode).toBe(402);
    expect(await orderCount(ctx.db)).toBe(before);
  });

  test('a paid card order is created once: the same PaymentIntent again returns the same order and queues no second delivery', async () => {
    const items = [
      { id: guide.dakar!, quantity: 1 },
      { id: guide.abidjan!, quantity: 2 },
    ];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 34);
    const paid = await payWithTestCard(ctx, paymentIntentId);
    expect(paid.json()).toEqual({ paymentIntentId, status: 'succeeded' });

    const first = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 34 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const order = orderSchema.parse(first.json());
    expectOrderShape(order);
    expect(order).toMatchObject({
      status: 'completed',
      paymentMethod: 'stripe',
      email: shopper.email,
      firstName: 'Awa',
      lastName: 'Diop',
      total: '34.00',
      djamoReference: null,
      locale: 'fr',
    });
    const dakar = order.items.find((i) => i.guide.id === guide.dakar)!;
    expect(dakar).toMatchObject({ quantity: 1, price: '9.00' });
    expect(dakar.guide).toMatchObject({ title: 'Dakar essentiel', hasSecondary: false, locale: 'fr' });
    expect(dakar.guide.imageUrl).toMatch(/^\/api\/images\/cover-.+\.webp$/);
    expect(dakar.guide.fileSize).toBeGreaterThan(0);
    expect(dakar.guide.fileName).toMatch(/\.pdf$/);
    expect(order.items.find((i) => i.guide.id === guide.abidjan)).toMatchObject({
      quantity: 2,
      price: '12.50',
    });

    const second = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 34 });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(order.id);
    const rows = await ordersFor(ctx.db, paymentIntentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentProvider: 'stripe',
      phoneNumber: shopper.mobile,
      currency: 'EUR',
    });
    expect(await deliveryJobsFor(ctx.db, rows[0]!.id)).toBe(1);

    // Starting the same checkout again (the answer was lost, the page reloaded) finds it paid.
    const again = await paymentIntentFor(ctx, items, 34);
    expect(again).toMatchObject({ paymentIntentId, alreadyPaid: true });
  });

  test('a claim that does not match the payment is refused and writes nothing', async () => {
    const items = [{ id: guide.dakar!, quantity: 4 }];
    const { paymentIntentId } = await paymentIntentFor(ctx, items, 36);
    await payWithTestCard(ctx, paymentIntentId);
    const other = [{ id: guide.abidjan!, quantity: 4 }];
    const cases = [
      { paymentIntentId, items, total: 1 },
      { paymentIntentId, items: other, total: 50 },
      { paymentIntentId, items, total: 36, email: 'someone.else@example.com' },
    ];
    for (const claim of cases) {
      const res = await claimCardOrder(ctx, claim);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/does not match|do not match/);
    }
    expect(await ordersFor(ctx.db, paymentIntentId)).toHaveLength(0);
  });

  test('an unknown or malformed payment id is a 400', async () => {
    for (const paymentIntentId of ['pi_000000000000000000000000', 'pi_../../v1/events', 'ch_123']) {
      const res = await claimCardOrder(ctx, {
        paymentIntentId,
        items: [{ id: guide.dakar!, quantity: 1 }],
        total: 9,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Unknown payment' });
    }
  });

  test('a price changed after the payment started: the order is made at the price paid', async () => {
    const items = [{ id: guide.repriced!, quantity: 1 }];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 7);
    await payWithTestCard(ctx, paymentIntentId);
    await ctx.db.update(travelGuides).set({ price: '8.00' }).where(eq(travelGuides.id, guide.repriced!));
    const res = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 7 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: '7.00', items: [{ price: '7.00' }] });
    expect(await ordersFor(ctx.db, paymentIntentId)).toHaveLength(1);
  });
});

describe('GET /api/orders/:id', () => {
  let order: Order;

  beforeAll(async () => {
    const items = [{ id: guide.abidjan!, quantity: 1 }];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 12.5);
    await payWithTestCard(ctx, paymentIntentId);
    order = (await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 12.5 })).json();
  });

  test('finds an order by its public id', async () => {
    const res = await ctx.app.inject({ url: `/api/orders/${order.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(orderSchema.parse(res.json())).toEqual(order);
  });

  test('the public id carries at least 128 random bits and is not a UUID', async () => {
    expect(order.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(order.id).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/i);
    expect(Buffer.from(order.id, 'base64url').length).toBeGreaterThanOrEqual(16);
  });

  test('ids guessed from a sequence, truncated, altered, or another identifier of the order are 404', async () => {
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    const altered = order.id.slice(0, -1) + (order.id.endsWith('A') ? 'B' : 'A');
    const guesses = [
      '1',
      '2',
      '1000',
      '00000000000000000000001',
      order.id.slice(0, -1),
      order.id.slice(0, 11),
      altered,
      order.orderNumber,
      row!.id,
      `${order.id}%00`,
      'a'.repeat(90),
    ];
    for (const guess of guesses) {
      const res = await ctx.app.inject({ url: `/api/orders/${encodeURIComponent(guess)}` });
      expect(res.statusCode, guess).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }
  });
});

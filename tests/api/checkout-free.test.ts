import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, travelGuides } from '../../src/server/db/schema';
import { orderSchema } from '../../src/shared/contracts/orders';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { deliveryJobCount, deliveryJobsFor, expectOrderShape, orderCount, shopper } from './checkout-helpers';

let ctx: TestContext;
const guide: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
  const rows = [
    { key: 'kit', title: 'Kit de départ', price: '0.00' },
    { key: 'lexique', title: 'Petit lexique wolof', price: '0.00', locale: 'en' as const },
    { key: 'checklist', title: 'Checklist', price: '0.00' },
    { key: 'soon', title: 'Bientôt payant', price: '0.00' },
    { key: 'retired', title: 'Ancien kit', price: '0.00', isActive: false },
    { key: 'dakar', title: 'Dakar essentiel', price: '9.00' },
  ];
  for (const { key, ...values } of rows) guide[key] = (await insertGuide(ctx, values)).id;
});
afterAll(() => ctx.close());

const freeOrder = (body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/create-free-order',
    payload: { ...shopper, locale: 'fr', total: 0, ...body },
  });

describe('POST /api/create-free-order', () => {
  test('a free cart becomes a completed order with its delivery queued', async () => {
    const res = await freeOrder({ items: [{ id: guide.kit!, quantity: 1 }], locale: 'en' });
    expect(res.statusCode, res.body).toBe(201);
    const order = orderSchema.parse(res.json());
    expectOrderShape(order);
    expect(order).toMatchObject({ status: 'completed', paymentMethod: 'free', total: '0.00', locale: 'en' });
    expect(order.items).toEqual([
      expect.objectContaining({
        quantity: 1,
        price: '0.00',
        guide: expect.objectContaining({ id: guide.kit }),
      }),
    ]);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    expect(row).toMatchObject({ paymentIntentId: null, paymentProvider: null });
    expect(await deliveryJobsFor(ctx.db, row!.id)).toBe(1);
  });

  test('a double-submitted free order makes one order: every submit with its claim key gets the same one back', async () => {
    const body = {
      claimKey: 'double-submit-claim-key-0001',
      items: [
        { id: guide.lexique!, quantity: 1 },
        { id: guide.checklist!, quantity: 1 },
      ],
    };
    const before = await orderCount(ctx.db);
    const responses = await Promise.all([freeOrder(body), freeOrder(body), freeOrder(body)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(responses.map((r) => r.json().id));
    expect(ids.size).toBe(1);

    // A retry a moment later, with the lines in another order and the number spaced differently.
    const retry = await freeOrder({
      ...body,
      items: [...body.items].reverse(),
      mobile: shopper.mobile.replace(/ /g, ''),
      email: shopper.email.toUpperCase(),
    });
    expect(retry.statusCode).toBe(200);
    expect(ids.has(retry.json().id)).toBe(true);
    expect(await orderCount(ctx.db)).toBe(before + 1);

    // Someone else asking for the same guides gets an order of their own.
    const other = await freeOrder({
      ...body,
      email: 'fatou@example.com',
      firstName: 'Fatou',
      claimKey: 'another-browser-claim-key-01',
    });
    expect(other.statusCode).toBe(201);
    expect(ids.has(other.json().id)).toBe(false);
  });

  test('a free order whose guide got a price between page load and submit is refused', async () => {
    const before = { orders: await orderCount(ctx.db), jobs: await deliveryJobCount(ctx.db) };
    // The page was loaded while the guide was free; the operator then set a price.
    await ctx.db.update(travelGuides).set({ price: '4.00' }).where(eq(travelGuides.id, guide.soon!));
    const res = await freeOrder({ items: [{ id: guide.soon!, quantity: 2 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'These guides are no longer free: the cart now costs 8.00 €. Reload the page to see the current prices.',
    );
    expect(await orderCount(ctx.db)).toBe(before.orders);
    expect(await deliveryJobCount(ctx.db)).toBe(before.jobs);
  });

  test('a client total other than 0 is refused', async () => {
    const res = await freeOrder({ items: [{ id: guide.kit!, quantity: 1 }], total: 9 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("A free order's total must be 0, not 9.00 €");
  });

  test('a paid guide slipped into a free cart is refused, and nothing is written', async () => {
    const before = await orderCount(ctx.db);
    const res = await freeOrder({
      items: [
        { id: guide.kit!, quantity: 1 },
        { id: guide.dakar!, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no longer free: the cart now costs 9.00 €/);
    expect(await orderCount(ctx.db)).toBe(before);
  });

  test('withdrawn and unknown guides are refused by id, never by title', async () => {
    const unknown = randomUUID();
    const res = await freeOrder({
      items: [
        { id: guide.retired!, quantity: 1 },
        { id: unknown, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `Some guides in your cart are no longer available: ${guide.retired}, ${unknown}`,
    );
  });

  test('the shopper’s details are required and checked', async () => {
    const res = await freeOrder({ items: [{ id: guide.kit!, quantity: 1 }], email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^email: /);
  });
});

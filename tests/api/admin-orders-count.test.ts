import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderListSchema } from '../../src/shared/contracts/endpoints/admin-orders.schemas';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, adminRequest, placedOrder } from './admin-orders-support';

// How far the Orders tab counts its matches (bench/order-desk.ts: the five filters together on a
// million orders), and the search of part of an email.
let ctx: TestContext;
let admin: ReturnType<typeof adminRequest>;
let dakar: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  admin = adminRequest(ctx);
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '10.00' });
  // 1,050 completed card orders; the newest 120 hold the Dakar guide.
  await ctx.db.execute(sql`
    insert into orders (public_id, order_number, status, payment_method, email, first_name, last_name,
      phone_number, total, created_at)
    select 'count-public-id-' || lpad(n::text, 8, '0'), 'GA-C' || lpad(n::text, 6, '0'), 'completed', 'stripe',
      'count' || n || '@example.com', 'Count', 'Buyer', '+221 70 000 00 00', 10,
      '2026-06-01'::timestamptz - n * interval '1 minute'
    from generate_series(1, 1050) n`);
  await ctx.db.execute(sql`
    insert into order_items (order_id, guide_id, quantity, unit_price, title)
    select id, ${dakar.id}, 1, 10, 'Dakar essentiel' from orders
    where order_number between 'GA-C000001' and 'GA-C000120'`);
});
afterAll(async () => {
  await ctx?.close();
});

async function counted(query: string) {
  const res = await admin('GET', `/api/admin/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const { total, totalIsAtLeast } = orderListSchema.parse(res.json());
  return { total, totalIsAtLeast };
}

describe('the count above the list', () => {
  test('stops at 1,000 and says "at least"', async () => {
    expect(await counted('')).toEqual({ total: 1000, totalIsAtLeast: true });
    expect(await counted('?status=completed&method=card&locale=fr')).toEqual({
      total: 1000,
      totalIsAtLeast: true,
    });
  });

  test('is exact for a guide alone, whatever the page size or cursor', async () => {
    expect(await counted(`?guide=${dakar.id}`)).toEqual({ total: 120, totalIsAtLeast: false });
    const first = orderListSchema.parse(
      (await admin('GET', `/api/admin/orders?guide=${dakar.id}&limit=5`)).json(),
    );
    expect(await counted(`?guide=${dakar.id}&limit=5&cursor=${first.nextCursor}`)).toEqual({
      total: 120,
      totalIsAtLeast: false,
    });
  });

  test.each([
    ['a status', 'status=completed'],
    ['a method', 'method=card'],
    ['a language', 'locale=fr'],
    ['a date range', 'from=2026-01-01&to=2026-06-01'],
    ['a search', 'q=count'],
  ])('stops at 100 for a guide with %s', async (_other, query) => {
    expect(await counted(`?guide=${dakar.id}&${query}`)).toEqual({ total: 100, totalIsAtLeast: true });
  });

  test('is exact below 100 with a guide and other filters', async () => {
    expect(await counted(`?guide=${dakar.id}&status=pending`)).toEqual({ total: 0, totalIsAtLeast: false });
    expect(await counted(`?guide=${dakar.id}&q=count7`)).toEqual({ total: 11, totalIsAtLeast: false });
  });
});

describe('searching part of an email', () => {
  const found = async (q: string) =>
    orderListSchema
      .parse((await admin('GET', `/api/admin/orders?q=${encodeURIComponent(q)}`)).json())
      .orders.map((o) => o.orderNumber);

  test('a term with a dot and no space finds emails, in any case and with accents', async () => {
    const order = await placedOrder(ctx, [dakar], { email: 'Aïssatou.Sy12@Example.com', lastName: 'Sy' });
    expect(await found('AÏSSATOU.SY')).toEqual([order.orderNumber]);
  });

  test('a name with a dot is still found by a term with a space', async () => {
    const order = await placedOrder(ctx, [dakar], { email: 'jp@example.com', lastName: 'N. Diallo' });
    expect(await found('n. diallo')).toEqual([order.orderNumber]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { discountRedemptions, orders } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  createCode,
  DISCOUNT_ADMIN_KEY,
  freeOrder,
  mobileMoneyOrder,
  shopperNumber,
  statuses,
} from './discounts-helpers';

/**
 * usage limits hold under concurrency. Runs on PGlite, and on PostgreSQL when
 * DATABASE_URL is set (as CI does), where the 50 transactions really overlap.
 */
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ADMIN_API_KEY: DISCOUNT_ADMIN_KEY,
      ORDER_RATE_LIMIT_PER_HOUR: '10000',
      FREE_ORDERS_PER_CLIENT_PER_DAY: '10000',
      MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY: '10000',
    },
  });
  guide = await insertSellableGuide(ctx, { title: 'Saint-Louis en deux jours', price: '10.00' });
});
afterAll(() => ctx.close());

const discountedOrders = async (codeId: string) =>
  ctx.db
    .select({ status: orders.status, discountAmount: orders.discountAmount })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(eq(discountRedemptions.codeId, codeId));

describe('a code limited to 10 uses, 50 checkouts at once', () => {
  test('by mobile money: exactly 10 discounted orders, 40 told the code is used up', async () => {
    const code = await createCode(ctx, { code: 'DIXMM', kind: 'percent', value: 50, maxUses: 10 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        mobileMoneyOrder(ctx, {
          ...shopperNumber(i),
          items: [{ id: guide.id, quantity: 1 }],
          total: 5,
          discountCode: 'dixmm',
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 10, 409: 40 });
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'discount_used_up', field: 'discountCode' });
    }
    const placed = await discountedOrders(code.id);
    expect(placed).toHaveLength(10);
    expect(placed.every((o) => o.status === 'pending' && o.discountAmount === '5.00')).toBe(true);
  });

  test('free by the code: exactly 10 free orders', async () => {
    const code = await createCode(ctx, { code: 'DIXFREE', kind: 'percent', value: 100, maxUses: 10 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        freeOrder(ctx, {
          ...shopperNumber(100 + i),
          items: [{ id: guide.id, quantity: 1 }],
          discountCode: 'DIXFREE',
        }),
      ),
    );
    expect(statuses(responses)).toEqual({ 201: 10, 409: 40 });
    const placed = await discountedOrders(code.id);
    expect(placed).toHaveLength(10);
    expect(placed.every((o) => o.status === 'completed')).toBe(true);
  });
});

test('a code limited to 2 uses per email, 20 orders from one address at once: exactly 2', async () => {
  const code = await createCode(ctx, { code: 'DEUXPAR', kind: 'percent', value: 50, maxUsesPerEmail: 2 });
  const responses = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      mobileMoneyOrder(ctx, {
        ...shopperNumber(200 + i),
        email: i % 2 ? 'meme@example.com' : 'MEME@example.com',
        items: [{ id: guide.id, quantity: 1 }],
        total: 5,
        discountCode: 'DEUXPAR',
      }),
    ),
  );
  expect(statuses(responses)).toEqual({ 201: 2, 409: 18 });
  expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('discount_not_available');
  expect(await discountedOrders(code.id)).toHaveLength(2);
});

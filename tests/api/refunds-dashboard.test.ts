import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { discountCodes, discountRedemptions, orders } from '../../src/server/db/schema';
import type { AnalyticsSummary } from '../../src/shared/contracts/endpoints/analytics.schemas';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, refund } from './refunds-helpers';

// The dashboard's revenue net of refunds (a refund counts on the day it was made) and before and
// after discounts, with the uses of each code; test-mode orders stay out.

let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '20.00' });
});
afterAll(() => ctx?.close());

async function summary(range = '7d'): Promise<AnalyticsSummary> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/admin/analytics/summary?range=${range}`,
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function todaysRevenue(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/analytics/timeseries?range=7d',
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  const series = res.json().series as { date: string; revenue: string }[];
  return series.at(-1)!.revenue;
}

/** A completed mobile-money order (refunded by hand), changed as `values` says. */
async function order(values: Partial<typeof orders.$inferInsert> = {}) {
  const { order: row } = await insertOrder(ctx.db, { guides: [guide] });
  await ctx.db
    .update(orders)
    .set({ paymentMethod: 'djamo', ...values })
    .where(eq(orders.id, row.id));
  return row;
}

test('a refund lowers the revenue on the day it is made, not the orders; a test-mode refund only changes the test-mode figure', async () => {
  const bought = await order();
  const before = await summary();
  expect(before).toMatchObject({ paidRevenueCents: 2000, refundedCents: 0, totalRevenueCents: 2000 });
  expect(await todaysRevenue()).toBe('20.00');

  expect((await refund(ctx, bought.id, { amount: '4.00', note: 'Wave' })).statusCode).toBe(200);
  const after = await summary();
  expect(after).toMatchObject({
    totalRevenueCents: 1600,
    totalRevenue: '16.00',
    paidRevenueCents: 2000,
    refundedCents: 400,
    totalOrders: 1,
  });
  expect(await todaysRevenue()).toBe('16.00');

  const test = await order({ testMode: true });
  expect(await summary()).toMatchObject({
    totalRevenueCents: 1600,
    testModeOrders: 1,
    testModeRevenueCents: 2000,
  });
  expect((await refund(ctx, test.id, { amount: '5.00', note: 'test' })).statusCode).toBe(200);
  // Shown apart, net of its own refund; the shop's revenue is untouched.
  expect(await summary()).toMatchObject({
    totalRevenueCents: 1600,
    refundedCents: 400,
    testModeOrders: 1,
    testModeRevenueCents: 1500,
  });
});

test('a refund of an order older than the range still counts today: past periods never change', async () => {
  const old = await order({ completedAt: new Date(Date.now() - 200 * 86_400_000) });
  const before = await summary('90d');
  expect((await refund(ctx, old.id, { note: 'late complaint' })).statusCode).toBe(200);
  const after = await summary('90d');
  expect(after.refundedCents - before.refundedCents).toBe(2000);
  expect(after.totalRevenueCents - before.totalRevenueCents).toBe(-2000);
  expect(after.paidRevenueCents).toBe(before.paidRevenueCents);
});

test('revenue before and after discounts, and the uses of each code by completed orders', async () => {
  const before = await summary();
  const [code] = await ctx.db
    .insert(discountCodes)
    .values({ code: 'Bienvenue10', kind: 'percent', value: '10' })
    .returning();
  const [other] = await ctx.db
    .insert(discountCodes)
    .values({ code: 'TABASKI', kind: 'fixed', value: '5' })
    .returning();
  const use = async (codeId: string, discount: string, status: 'used' | 'held' | 'released') => {
    const row = await order({ total: (20 - Number(discount)).toFixed(2), discountAmount: discount });
    await ctx.db.insert(discountRedemptions).values({ codeId, orderId: row.id, email: row.email, status });
  };
  await use(code!.id, '2.00', 'used');
  await use(code!.id, '2.00', 'used');
  await use(other!.id, '5.00', 'used');
  await use(other!.id, '5.00', 'held'); // a pending use is not a use yet
  const after = await summary();
  expect(after.discountCents - before.discountCents).toBe(1400);
  expect(after.paidRevenueCents - before.paidRevenueCents).toBe(18_00 + 18_00 + 15_00 + 15_00);
  expect(after.revenueBeforeDiscountsCents - after.discountCents).toBe(after.paidRevenueCents);
  expect(after.discountCodes).toEqual([
    { code: 'Bienvenue10', uses: 2, discountCents: 400 },
    { code: 'TABASKI', uses: 1, discountCents: 500 },
  ]);
});

import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { type Database, openPostgres } from '../../src/server/db/client';
import { invoices, orders } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { mobileMoneyOrder, shopperNumber } from './discounts-helpers';

const ADMIN_KEY = 'invoice-numbers-admin-key-0123456789';
const PAYMENTS = 50;
let ctx: TestContext;
/** A second instance of the shop on the same database (its own pool on PostgreSQL). */
let second: FastifyInstance;
let secondDatabase: Database | undefined;
let guide: GuideRow;

beforeAll(async () => {
  const env = {
    ADMIN_API_KEY: ADMIN_KEY,
    MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY: '1000',
    ORDER_RATE_LIMIT_PER_HOUR: '1000',
  };
  ctx = await createTestContext({ renderPages: false, env });
  secondDatabase = ctx.url ? await openPostgres(ctx.url, { max: 10 }) : undefined;
  second = await buildApp(ctx.config, {
    database: secondDatabase ?? ctx.database,
    files: ctx.files,
    startWorker: false,
  });
  await second.ready();
  guide = await insertSellableGuide(ctx, { title: 'Saint-Louis', price: '7.00' });
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
  await ctx?.close();
});

test('50 payments decided at once on two instances get 50 consecutive invoice numbers, none twice', async () => {
  const ids: string[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const res = await mobileMoneyOrder(ctx, {
      ...shopperNumber(i),
      items: [{ id: guide.id, quantity: 1 }],
      total: 7,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().order.id);
  }
  const rows = await ctx.db.select({ id: orders.id }).from(orders).where(inArray(orders.publicId, ids));
  await ctx.db.update(orders).set({ status: 'pending_verification' }).where(inArray(orders.publicId, ids));
  const answers = await Promise.all(
    rows.map((row, i) =>
      (i % 2 === 0 ? ctx.app : second).inject({
        method: 'PATCH',
        url: `/api/orders/${row.id}/verify`,
        headers: { 'x-admin-key': ADMIN_KEY },
        payload: { verifiedBy: 'admin' },
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(rows.map(() => 200));
  const issued = await ctx.db.select().from(invoices);
  expect(issued).toHaveLength(PAYMENTS);
  const year = new Date().getUTCFullYear();
  const numbers = issued.map((inv) => inv.number).sort();
  expect(numbers).toEqual(
    Array.from({ length: PAYMENTS }, (_, i) => `${year}-${String(i + 1).padStart(6, '0')}`),
  );
  expect(new Set(issued.map((inv) => inv.orderId)).size).toBe(PAYMENTS);
  const [one] = await ctx.db.select().from(orders).where(eq(orders.id, issued[0]!.orderId));
  expect(one!.status).toBe('completed');
});

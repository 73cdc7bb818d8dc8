import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { customerPageSchema } from '../../src/shared/contracts/endpoints/admin-customers.schemas';
import { orderListSchema } from '../../src/shared/contracts/endpoints/admin-orders.schemas';
import { type GuideRow, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, adminRequest, placedOrder } from './admin-orders-support';

/** Statuses and figures that say what happened: refunds, test-mode and unpaid money, export labels. */
let ctx: TestContext;
let admin: ReturnType<typeof adminRequest>;
let guide: GuideRow;
let full: OrderRow;
let part: OrderRow;
let paid: OrderRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  admin = adminRequest(ctx);
  guide = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '40.00' });
  const card = { paymentMethod: 'stripe' as const, paymentProvider: 'stripe', total: '40.00' };
  full = await placedOrder(ctx, [guide], { ...card, email: 'full@example.com', refundedAmount: '40.00' });
  part = await placedOrder(ctx, [guide], { ...card, email: 'part@example.com', refundedAmount: '12.50' });
  paid = await placedOrder(ctx, [guide], { ...card, email: 'paid@example.com' });
  // A buyer who paid by card in test mode, one who has not paid, and one whose order was free.
  await placedOrder(ctx, [guide], { ...card, email: 'test@example.com', testMode: true });
  await placedOrder(ctx, [guide], {
    status: 'pending_verification',
    email: 'unpaid@example.com',
    paymentMethod: 'djamo',
    paymentProvider: 'Wave',
    total: '40.00',
  });
  await placedOrder(ctx, [guide], { email: 'free@example.com', paymentMethod: 'free', total: '0.00' });
});
afterAll(async () => {
  await ctx?.close();
});

async function numbers(query: string) {
  const res = await admin('GET', `/api/admin/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return orderListSchema
    .parse(res.json())
    .orders.map((o) => o.orderNumber)
    .sort();
}

describe('refunded orders', () => {
  test('the status filter offers refunded and partly refunded, and completed means not refunded', async () => {
    expect(await numbers('?status=refunded')).toEqual([full.orderNumber]);
    expect(await numbers('?status=partially_refunded')).toEqual([part.orderNumber]);
    const completed = await numbers('?status=completed&method=card');
    expect(completed).toContain(paid.orderNumber);
    expect(completed).not.toContain(full.orderNumber);
    expect(completed).not.toContain(part.orderNumber);
  });

  test('the export says Refunded and Partially refunded, and names methods as the screen does', async () => {
    const res = await admin('GET', '/api/admin/orders/export');
    expect(res.statusCode).toBe(200);
    const row = (number: string) => res.body.split('\r\n').find((line) => line.startsWith(`"${number}"`));
    expect(row(full.orderNumber)).toContain('"Refunded","Card"');
    expect(row(part.orderNumber)).toContain('"Partially refunded","Card"');
    expect(row(paid.orderNumber)).toContain('"Completed","Card"');
    expect(res.body).toContain('"Receipt to check","Mobile Money"');
    expect(res.body).not.toMatch(/"djamo"|"mobile_money"/);
  });
});

describe('the Customers tab', () => {
  async function customer(email: string) {
    const res = await admin('GET', `/api/admin/customers?q=${encodeURIComponent(email)}`);
    expect(res.statusCode, res.body).toBe(200);
    return customerPageSchema.parse(res.json()).customers.find((c) => c.email === email)!;
  }

  test('test-mode, unpaid and free money are told apart from real payments', async () => {
    expect(await customer('test@example.com')).toMatchObject({ totalPaid: '0.00', testModeTotal: '40.00' });
    expect(await customer('unpaid@example.com')).toMatchObject({ totalPaid: '0.00', unpaidTotal: '40.00' });
    expect(await customer('free@example.com')).toMatchObject({ totalPaid: '0.00', freeOrders: 1 });
    expect(await customer('paid@example.com')).toMatchObject({
      totalPaid: '40.00',
      testModeTotal: '0.00',
      unpaidTotal: '0.00',
      freeOrders: 0,
    });
  });

  test('the export names its file customers-… and says which customers were refunded', async () => {
    const res = await admin('GET', '/api/admin/customers/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="customers-\d{4}-\d{2}-\d{2}\.csv"/);
    const line = (email: string) => res.body.split('\r\n').find((l) => l.startsWith(`"${email}"`));
    expect(line('full@example.com')).toContain('"40.00","40.00","Refunded"');
    expect(line('part@example.com')).toContain('"40.00","12.50","Partially refunded"');
    expect(line('test@example.com')).toContain('"0.00","0.00","","40.00","0.00"');
  });

  test('the Messages tab\'s email list is named email-list-… and says "Mobile Money"', async () => {
    const res = await admin('GET', '/api/admin/emails/export');
    expect(res.headers['content-disposition']).toMatch(/filename="email-list-\d{4}-\d{2}-\d{2}\.csv"/);
    const line = res.body.split('\r\n').find((l) => l.startsWith('"unpaid@example.com"'));
    expect(line).toContain('"Mobile Money"');
    expect(res.body).not.toContain('djamo');
  });
});

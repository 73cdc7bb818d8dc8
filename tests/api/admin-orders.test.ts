import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEvents, paymentProofs, refunds } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/modules/files/files.service';
import {
  orderDetailSchema,
  orderListSchema,
} from '../../src/shared/contracts/endpoints/admin-orders.schemas';
import { type GuideRow, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, adminRequest, placedOrder } from './admin-orders-support';

let ctx: TestContext;
let admin: ReturnType<typeof adminRequest>;
let dakar: GuideRow;
let rabat: GuideRow;
let card: OrderRow;
let wave: OrderRow;
let cinetpay: OrderRow;
let free: OrderRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  admin = adminRequest(ctx);
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '10.00' });
  rabat = await insertSellableGuide(ctx, { title: 'Rabat en famille', price: '8.00', locale: 'en' });
  card = await placedOrder(ctx, [dakar, rabat], {
    email: 'Moussa.Sow@Example.com',
    firstName: 'Moussa',
    lastName: 'Sow',
    phoneNumber: '+221 77 123 45 67',
    paymentMethod: 'stripe',
    paymentProvider: 'stripe',
    paymentIntentId: 'pi_3Desk000000000001',
    discountCode: 'BIENVENUE',
    discountAmount: '2.00',
    total: '16.00',
    refundedAmount: '5.00',
    createdAt: new Date('2026-03-01T10:00:00Z'),
  });
  wave = await placedOrder(ctx, [dakar], {
    status: 'pending_verification',
    email: 'fatou@example.com',
    firstName: 'Fatou',
    lastName: 'Ndiaye',
    phoneNumber: '+225 07 11 22 33 44',
    paymentMethod: 'djamo',
    paymentProvider: 'Wave',
    mobileMoneyReference: 'MMDESK2345',
    createdAt: new Date('2026-03-02T10:00:00Z'),
  });
  cinetpay = await placedOrder(ctx, [rabat], {
    email: 'kofi@example.com',
    firstName: 'Kofi',
    lastName: 'Mensah',
    locale: 'en',
    paymentMethod: 'djamo',
    paymentProvider: 'cinetpay',
    providerTransactionId: 'GA0123456789ABCDEF0123456789ABCDEF',
    mobileMoneyReference: 'MMDESK6789',
    createdAt: new Date('2026-03-03T10:00:00Z'),
  });
  free = await placedOrder(ctx, [dakar], {
    email: 'awa@example.com',
    firstName: '=HYPERLINK("http://evil")',
    lastName: 'Diop',
    paymentMethod: 'free',
    total: '0.00',
    createdAt: new Date('2026-03-04T10:00:00Z'),
  });
});
afterAll(async () => {
  await ctx?.close();
});

async function list(query: string) {
  const res = await admin('GET', `/api/admin/orders${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return orderListSchema.parse(res.json());
}
const numbers = async (query: string) => (await list(query)).orders.map((o) => o.orderNumber);

describe('the orders list', () => {
  test('is behind the admin key', async () => {
    expect((await ctx.app.inject({ url: '/api/admin/orders' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: `/api/admin/orders/${card.id}` })).statusCode).toBe(401);
  });

  test('lists every method newest first, a page at a time after a cursor', async () => {
    const first = await list('?limit=3');
    expect(first.orders.map((o) => o.method)).toEqual(['free', 'cinetpay', 'mobile_money']);
    expect(first.total).toBe(4);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.orders.map((o) => o.orderNumber)).toEqual([card.orderNumber]);
    expect(second.orders[0]).toMatchObject({
      method: 'card',
      total: '16.00',
      totalFcfa: 10_495,
      discountAmount: '2.00',
      refundedAmount: '5.00',
      guides: ['Dakar essentiel', 'Rabat en famille'],
    });
    expect(second.nextCursor).toBeNull();
  });

  test.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['limit=1e999', 'limit'],
    ['limit=99999999999999999999999', 'limit'],
    ['q=a%00b', 'q'],
    [
      `cursor=${Buffer.from('not a date|00000000-0000-4000-8000-000000000000').toString('base64url')}`,
      'cursor',
    ],
    ['cursor=bm90LWEtY3Vyc29y', 'cursor'],
    ['cursor=%25%25', 'cursor'],
    ['status=paid', 'status'],
    ['method=paypal', 'method'],
    ['locale=de', 'locale'],
    ['guide=dakar', 'guide'],
    ['from=2026-13-01', 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-03-05&to=2026-03-01', 'from'],
    [`q=${'x'.repeat(201)}`, 'q'],
  ])('?%s is a 400 naming %s', async (query, field) => {
    const res = await admin('GET', `/api/admin/orders?${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(field);
  });

  test.each([
    ['the order number', () => card.orderNumber.toLowerCase(), () => card],
    ['the order number without its prefix', () => card.orderNumber.slice(3), () => card],
    ['the email in another case', () => 'moussa.sow@example.COM', () => card],
    ['part of the name', () => 'ndiay', () => wave],
    ['the phone number as written', () => '+225 07 11 22 33 44', () => wave],
    ['the phone number’s last digits', () => '22 33 44', () => wave],
    ['the mobile-money reference in lower case', () => 'mmdesk2345', () => wave],
    ['the Stripe PaymentIntent id', () => 'pi_3Desk000000000001', () => card],
    ['the CinetPay transaction id', () => cinetpay.providerTransactionId!, () => cinetpay],
  ])('searching by %s finds the order', async (_kind, term, expected) => {
    expect(await numbers(`?q=${encodeURIComponent(term())}`)).toEqual([expected().orderNumber]);
  });

  test('a search is text, never a pattern: % and _ match only themselves', async () => {
    expect(await numbers('?q=%25%25%25')).toEqual([]);
    expect(await numbers('?q=___')).toEqual([]);
    expect(await numbers('?q=%F0%9F%A6%81%EF%BF%BD')).toEqual([]);
  });

  test('filters by status, method, guide, language and date range, together', async () => {
    expect(await numbers('?status=pending_verification')).toEqual([wave.orderNumber]);
    expect(await numbers('?method=card')).toEqual([card.orderNumber]);
    expect(await numbers('?method=mobile_money')).toEqual([wave.orderNumber]);
    expect(await numbers('?method=cinetpay')).toEqual([cinetpay.orderNumber]);
    expect(await numbers('?method=free')).toEqual([free.orderNumber]);
    expect(await numbers(`?guide=${rabat.id.toUpperCase()}`)).toEqual([
      cinetpay.orderNumber,
      card.orderNumber,
    ]);
    expect(await numbers('?locale=en')).toEqual([cinetpay.orderNumber]);
    expect(await numbers('?from=2026-03-02&to=2026-03-03')).toEqual([cinetpay.orderNumber, wave.orderNumber]);
    expect(await numbers(`?guide=${dakar.id}&status=partially_refunded&to=2026-03-01`)).toEqual([
      card.orderNumber,
    ]);
  });
});

describe('an order’s page', () => {
  test('unknown is 404, and an id that is not one is 400 naming it', async () => {
    const unknown = await admin('GET', '/api/admin/orders/00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Order not found');
    const bad = await admin('GET', '/api/admin/orders/GA-123');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('id');
  });

  test('shows amounts in euros and FCFA with the discount and refunds, the payment and a merged timeline', async () => {
    const receipt = await storeFile(ctx, {
      purpose: 'receipt',
      data: Buffer.from('%PDF-1.4 receipt'),
      contentType: 'application/pdf',
      originalName: 'receipt.pdf',
    });
    await ctx.db.insert(paymentProofs).values({ orderId: card.id, fileId: receipt.id, provider: 'Wave' });
    await ctx.db
      .insert(refunds)
      .values({ orderId: card.id, amount: '5.00', provider: 'stripe', status: 'succeeded', actor: 'key:1' });
    await ctx.db.insert(orderEvents).values({
      orderId: card.id,
      kind: 'download',
      actor: 'buyer',
      data: { file: 'dakar.pdf', country: 'SN' },
    });
    const res = await admin('GET', `/api/admin/orders/${card.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = orderDetailSchema.parse(res.json());
    expect(detail.amounts).toEqual({
      subtotal: { euros: '18.00', fcfa: 11_807 },
      discountCode: 'BIENVENUE',
      discount: { euros: '2.00', fcfa: 1312 },
      total: { euros: '16.00', fcfa: 10_495 },
      refunded: { euros: '5.00', fcfa: 3280 },
    });
    expect(detail.items.map((i) => [i.title, i.unitPrice.euros])).toEqual([
      ['Dakar essentiel', '10.00'],
      ['Rabat en famille', '8.00'],
    ]);
    expect(detail.payment).toMatchObject({
      method: 'card',
      providerId: 'pi_3Desk000000000001',
      testMode: false,
    });
    expect(detail.buyer).toMatchObject({ email: 'Moussa.Sow@Example.com', phone: '+221 77 123 45 67' });
    const kinds = detail.timeline.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['created', 'paid', 'receipt', 'refund', 'download']));
    expect(kinds.at(-1)).toBe('created');
    expect(detail.timeline.find((e) => e.kind === 'download')).toMatchObject({
      summary: 'Downloaded dakar.pdf',
      detail: 'Country: SN',
    });
  });
});

describe('the CSV export', () => {
  test('streams the filtered orders in batches, each once, with formulas neutralised', async () => {
    // 1,100 more orders: the export reads them in batches of 1,000, across the boundary.
    await ctx.db.execute(sql`
      insert into orders (public_id, order_number, status, payment_method, email, first_name, last_name,
        phone_number, total, created_at)
      select 'bulk-public-id-' || lpad(n::text, 8, '0'), 'GA-B' || lpad(n::text, 6, '0'), 'completed', 'free',
        'bulk' || n || '@example.com', 'Bulk', 'Buyer', '+221 70 000 00 00', 0, '2026-01-01'::timestamptz + n * interval '1 minute'
      from generate_series(1, 1100) n`);
    const all = await admin('GET', '/api/admin/orders/export?method=free');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toMatch(
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const lines = all.body.split('\r\n').filter((line) => line !== '');
    expect(lines[0]!.startsWith('\uFEFF"Order Number"')).toBe(true);
    expect(lines).toHaveLength(1 + 1101);
    expect(new Set(lines).size).toBe(lines.length);
    expect(all.body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const one = await admin('GET', `/api/admin/orders/export?q=${card.orderNumber}`);
    const rows = one.body.split('\r\n').filter((line) => line !== '');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('"BIENVENUE","2.00","16.00","10495","5.00"');
  });

  test('refuses bad filters as the list does', async () => {
    const res = await admin('GET', '/api/admin/orders/export?status=paid');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('status');
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { insertGuide } from '../helpers/fixtures';
import { type GuideRow, insertOrder, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'customers-admin-key-0123456789';
let ctx: TestContext;
let dakar: GuideRow;
let lome: GuideRow;

const day = (n: number) => new Date(Date.UTC(2026, 9, n, 12));

/** An order as checkout would leave it, then given the method, date and figures a case needs. */
async function order(
  guides: GuideRow[],
  values: Partial<OrderRow> & { email: string; firstName?: string; lastName?: string },
) {
  const { order: row } = await insertOrder(ctx.db, {
    guides,
    email: values.email,
    firstName: values.firstName,
    lastName: values.lastName,
    status: values.status,
    locale: values.locale,
  });
  const { email: _e, firstName: _f, lastName: _l, status: _s, locale: _lo, ...rest } = values;
  if (Object.keys(rest).length > 0) await ctx.db.update(orders).set(rest).where(eq(orders.id, row.id));
}

const get = (url: string, key: string | null = ADMIN_KEY) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: key === null ? {} : { 'x-admin-key': key },
    remoteAddress: '198.51.100.41',
  });

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  dakar = await insertGuide(ctx, { title: 'Dakar', price: '9.00' });
  lome = await insertGuide(ctx, { title: 'Lomé', price: '12.50' });
  // Awa: three paid orders in mixed-case emails (card, mobile money, CinetPay), one pending, one
  // rejected, one in test mode; the latest order names her differently and is in English.
  await order([dakar], { email: 'awa.diop@gmail.com', paymentMethod: 'stripe', createdAt: day(1) });
  await order([dakar, lome], {
    email: 'Awa.Diop@Gmail.com',
    paymentMethod: 'djamo',
    createdAt: day(3),
    refundedAmount: '5.00',
  });
  await order([lome], {
    email: 'AWA.DIOP@GMAIL.COM',
    paymentMethod: 'djamo',
    paymentProvider: 'cinetpay',
    createdAt: day(5),
  });
  await order([lome], { email: 'awa.diop@gmail.com', status: 'pending', createdAt: day(6) });
  await order([lome], { email: 'awa.diop@gmail.com', status: 'rejected', createdAt: day(7) });
  await order([dakar, lome], {
    email: 'awa.diop@gmail.com',
    testMode: true,
    createdAt: day(8),
    firstName: 'Awa K.',
    lastName: 'Diop',
    locale: 'en',
  });
  // Moussa: one free order; Jean: a paid order whose name looks like a formula.
  await order([dakar], {
    email: 'moussa@example.sn',
    firstName: 'Moussa',
    lastName: 'Ba',
    paymentMethod: 'free',
    total: '0.00',
    createdAt: day(2),
  });
  await order([lome], {
    email: 'jean@example.fr',
    firstName: '=HYPERLINK("http://evil")',
    lastName: '',
    createdAt: day(4),
  });
});
afterAll(() => ctx.close());

describe('GET /api/admin/customers', () => {
  test('one row per email whatever its case, paid figures only from real completed orders', async () => {
    const res = await get('/api/admin/customers');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(3);
    const awa = body.customers.find((c: { email: string }) => c.email.toLowerCase() === 'awa.diop@gmail.com');
    expect(awa).toMatchObject({
      name: 'Awa K. Diop',
      locale: 'en',
      orders: 6,
      paidOrders: 3,
      guides: 2,
      totalPaid: '43.00',
      refunded: '5.00',
      firstOrderAt: day(1).toISOString(),
      lastOrderAt: day(8).toISOString(),
    });
    const moussa = body.customers.find((c: { email: string }) => c.email === 'moussa@example.sn');
    expect(moussa).toMatchObject({ orders: 1, paidOrders: 1, guides: 1, totalPaid: '0.00' });
  });

  test('newest last order first by default; by total paid on request, either way', async () => {
    const emails = async (query: string) =>
      (await get(`/api/admin/customers${query}`)).json().customers.map((c: { email: string }) => c.email);
    expect(await emails('')).toEqual(['awa.diop@gmail.com', 'jean@example.fr', 'moussa@example.sn']);
    expect(await emails('?sort=lastOrder&direction=asc')).toEqual([
      'moussa@example.sn',
      'jean@example.fr',
      'awa.diop@gmail.com',
    ]);
    expect(await emails('?sort=totalPaid')).toEqual([
      'awa.diop@gmail.com',
      'jean@example.fr',
      'moussa@example.sn',
    ]);
  });

  test('search finds a customer by part of an email or of a name, in any case, and % is literal', async () => {
    const search = async (q: string) => (await get(`/api/admin/customers?q=${encodeURIComponent(q)}`)).json();
    expect((await search('GMAIL')).customers.map((c: { email: string }) => c.email)).toEqual([
      'awa.diop@gmail.com',
    ]);
    // An older order's name still finds the customer, with all of her figures.
    const byOldName = await search('awa diop');
    expect(byOldName.total).toBe(1);
    expect(byOldName.customers[0].orders).toBe(6);
    expect((await search('%')).total).toBe(0);
    expect((await search('hyperlink')).total).toBe(1);
    expect((await search('nobody')).customers).toEqual([]);
  });

  test('pages on the server, and a page past the end is empty but keeps the total', async () => {
    const first = (await get('/api/admin/customers?pageSize=2')).json();
    const second = (await get('/api/admin/customers?pageSize=2&page=2')).json();
    expect(first.customers).toHaveLength(2);
    expect(second.customers.map((c: { email: string }) => c.email)).toEqual(['moussa@example.sn']);
    const beyond = (await get('/api/admin/customers?pageSize=2&page=99')).json();
    expect(beyond).toMatchObject({ customers: [], total: 3, page: 99 });
  });

  test('bad parameters are a 400 naming them; no key is a 401', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['sort=name', 'sort'],
      ['direction=up', 'direction'],
      ['page=abc', 'page'],
      [`q=${'x'.repeat(201)}`, 'q'],
    ] as const) {
      const res = await get(`/api/admin/customers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
    expect((await get('/api/admin/customers', null)).statusCode).toBe(401);
    expect((await get('/api/admin/customers/export', 'wrong-key-0123456789')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/customers/export', () => {
  test('streams every customer as CSV, formulas neutralised, with the list figures', async () => {
    const res = await get('/api/admin/customers/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const text = res.body;
    expect(text.startsWith('\uFEFF"Email","Name"')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"awa.diop@gmail.com","Awa K. Diop","en","6","3","2","43.00","5.00"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).not.toMatch(/(^|,)"=/m);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'customers-export-key-0123456789';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  // 2,600 orders over 2,100 emails, some written in two cases: more than two export batches.
  await ctx.db.execute(sql`
    insert into orders (public_id, order_number, status, payment_method, email, first_name, last_name,
      phone_number, total, created_at)
    select md5('export' || n), 'GA-X' || n, 'completed', 'stripe',
      case when n >= 2100 then upper('c' || lpad((n - 2100)::text, 5, '0') || '@x.test')
           else 'c' || lpad(n::text, 5, '0') || '@x.test' end,
      'Client', n::text, '+221770000000', 5.00, now() - (n || ' minutes')::interval
    from generate_series(0, 2599) as n`);
});
afterAll(() => ctx.close());

test('the export streams every customer once, in email order, across its batches', async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/admin/customers/export',
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(res.statusCode).toBe(200);
  const rows = res.body.trim().split('\r\n').slice(1);
  expect(rows).toHaveLength(2100);
  const emails = rows.map((line) => line.split(',')[0]!.replaceAll('"', '').toLowerCase());
  expect(new Set(emails).size).toBe(2100);
  expect([...emails].sort()).toEqual(emails);
  // The first 500 were ordered twice (two spellings): both orders count, 10.00 paid.
  expect(rows[0]).toContain('"2","2","0","10.00"');
  expect(rows[2099]).toContain('"1","1","0","5.00"');
});

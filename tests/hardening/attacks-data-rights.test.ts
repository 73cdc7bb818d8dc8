import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity, orders } from '../../src/server/db/schema';
import { insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'data-rights-hardening-key-0123456789';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  const guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  await insertOrder(ctx.db, { guides: [guide], email: 'awa.diop@gmail.com' });
});
afterAll(() => ctx?.close());

const call = (what: 'export' | 'erase', payload: unknown, key: string | null = ADMIN_KEY) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/customers/data/${what}`,
    headers: key ? { 'x-admin-key': key } : {},
    payload: payload as Record<string, unknown>,
  });

describe('export and erase refuse what they must', () => {
  test('without the admin key: 401, and nothing is erased', async () => {
    for (const what of ['export', 'erase'] as const) {
      const res = await call(what, { email: 'awa.diop@gmail.com', confirm: 'awa.diop@gmail.com' }, null);
      expect(res.statusCode).toBe(401);
    }
    expect((await ctx.db.select().from(orders))[0]!.email).toBe('awa.diop@gmail.com');
  });

  test('an unknown customer is a 404, logged nowhere', async () => {
    expect((await call('export', { email: 'nobody@x.test' })).statusCode).toBe(404);
    expect((await call('erase', { email: 'nobody@x.test', confirm: 'nobody@x.test' })).statusCode).toBe(404);
    expect((await call('export', { phone: '+1 555 000 0000' })).statusCode).toBe(404);
    expect(await ctx.db.select().from(adminActivity)).toEqual([]);
  });

  test.each([
    [{}, 'email'],
    [{ email: 'not an email' }, 'email'],
    [{ email: `${'a'.repeat(250)}@x.test` }, 'email'],
    [{ email: 'a\u0000b@x.test' }, 'email'],
    [{ email: '\ud800@x.test' }, 'email'],
    [{ phone: '12' }, 'phone'],
    [{ phone: "77'; drop table orders;--" }, 'phone'],
    [{ email: 'awa.diop@gmail.com%' }, 'email'],
  ])('odd input %j is a 400 naming %s', async (body, field) => {
    const res = await call('export', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(field);
  });

  test('a LIKE pattern or another case never reaches a different customer', async () => {
    expect((await call('export', { email: '%@gmail.com' })).statusCode).toBe(400);
    const upper = await call('export', { email: 'AWA.DIOP@GMAIL.COM' });
    expect(upper.statusCode).toBe(200);
  });

  test('erasure needs the email typed again; a wrong one is a 400 on confirm', async () => {
    const res = await call('erase', { email: 'awa.diop@gmail.com', confirm: 'awa.diop@gmail.co' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'confirm' });
    expect((await ctx.db.select().from(orders))[0]!.email).toBe('awa.diop@gmail.com');
  });
});

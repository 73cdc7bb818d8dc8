import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, expectWellFormed } from './harness';

/**
 * Limited promo codes turned against the shop (docs/features/discounts.md). The shop runs with its
 * default limits; each request comes from its own client address unless a test says otherwise.
 */
let ctx: TestContext;
let guide: GuideRow;
const figures: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  guide = await insertSellableGuide(ctx, { title: 'Saint-Louis du Sénégal', price: '10.00' });
});
afterAll(async () => {
  for (const line of figures) console.log(`[hardening] discount abuse: ${line}`);
  await ctx?.close();
});

let clients = 0;
const nextAddress = () => {
  const n = clients++;
  return `10.29.${Math.floor(n / 250)}.${(n % 250) + 1}`;
};

async function createCode(body: Record<string, unknown>): Promise<{ id: string; code: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/discounts',
    headers: { 'x-admin-key': ADMIN_KEY },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const buyer = (email: string) => ({ email, firstName: 'Awa', lastName: 'Diop', mobile: '+221 77 123 45 67' });

const post = (url: string, payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

const price = (discountCode: string, extra: Record<string, unknown> = {}) =>
  post('/api/checkout/price', { items: [{ id: guide.id, quantity: 1 }], discountCode, ...extra });

describe('the price of a cart does not tell who bought', () => {
  test('a once-per-email code is priced alike for an email that used it and for any other', async () => {
    await createCode({ code: 'UNEFOISPAREMAIL', kind: 'percent', value: 100, maxUsesPerEmail: 1 });
    const used = await post('/api/create-free-order', {
      ...buyer('deja.client@example.com'),
      items: [{ id: guide.id, quantity: 1 }],
      total: 0,
      discountCode: 'UNEFOISPAREMAIL',
    });
    expect(used.statusCode, used.body).toBe(201);

    const known = await price('UNEFOISPAREMAIL', { email: 'deja.client@example.com' });
    const unknown = await price('UNEFOISPAREMAIL', { email: 'jamais.vu@example.com' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    figures.push(
      `price of a used once-per-email code: ${known.statusCode} / ${unknown.statusCode} (was 409 / 200)`,
    );

    // Placing the order checks the limit, and the refusal names the code, not the email's history.
    const again = await post('/api/create-free-order', {
      ...buyer('deja.client@example.com'),
      lastName: 'Diop-Sow',
      items: [{ id: guide.id, quantity: 1 }],
      total: 0,
      discountCode: 'UNEFOISPAREMAIL',
    });
    expect(again.statusCode, again.body).toBe(409);
    expectWellFormed(again, 'per-email limit at placement');
    expect(again.json()).toMatchObject({ field: 'discountCode', code: 'discount_not_available' });
    expect(again.json().message).not.toMatch(/email|already|déjà/i);
  });
});

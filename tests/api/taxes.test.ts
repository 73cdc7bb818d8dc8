import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity, orders } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { claimCardOrder, payWithTestCard, shopper } from './checkout-helpers';
import {
  createCode,
  DISCOUNT_ADMIN_KEY,
  discountAdmin,
  freeOrder,
  mobileMoneyOrder,
  priceCart,
} from './discounts-helpers';

let ctx: TestContext;
let admin: ReturnType<typeof discountAdmin>;
let dakar: GuideRow;
let abidjan: GuideRow;
/** An address geoip-lite places in Senegal. */
const SENEGAL_IP = '41.82.0.1';
const FRANCE_MOBILE = '+33 6 12 34 56 78';

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: DISCOUNT_ADMIN_KEY } });
  admin = discountAdmin(ctx);
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '12.50' });
});
afterAll(() => ctx.close());

const items = () => [
  { id: dakar.id, quantity: 1 },
  { id: abidjan.id, quantity: 1 },
];
const setRates = async (body: unknown) => {
  const res = await admin('PUT', '/api/admin/settings/taxes', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const orderRow = async (publicId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
const quote = (body: Record<string, unknown>, ip = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/checkout/price', payload: body, remoteAddress: ip });

describe('with no rates set', () => {
  test('nothing changes: tax 0.00, nothing asked, the order keeps no country', async () => {
    const quoted = await priceCart(ctx, { items: items(), mobile: FRANCE_MOBILE });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json()).toMatchObject({
      total: '21.50',
      tax: { amount: '0.00', rateBp: 0, countryNeeded: false },
    });
    const res = await mobileMoneyOrder(ctx, { items: items(), total: 21.5 });
    expect(res.statusCode, res.body).toBe(201);
    const row = await orderRow(res.json().order.id);
    expect(row).toMatchObject({ taxAmount: '0.00', taxRateBp: 0, taxCountry: null, total: '21.50' });
    expect(row.taxEvidence).toMatchObject({ phoneCountry: 'SN', ipCountry: null, decidedBy: 'none' });
  });
});

describe('with rates set', () => {
  beforeAll(async () => {
    await setRates({
      pricesIncludeTax: true,
      rates: [
        { country: 'sn', rateBp: 1800, label: 'TVA 18 %' },
        { country: 'CI', rateBp: 1800, label: null },
        { country: 'FR', rateBp: 2000, label: 'TVA 20 %' },
      ],
    });
  });

  test('the settings read back, and the change is in the activity log', async () => {
    const read = await admin('GET', '/api/admin/settings/taxes');
    expect(read.json().rates).toContainEqual({ country: 'SN', rateBp: 1800, label: 'TVA 18 %' });
    const logged = await ctx.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.action, 'settings.taxes'));
    expect(logged.length).toBeGreaterThan(0);
  });

  test('address and mobile agree: the country is decided without asking', async () => {
    const quoted = await quote({ items: items(), mobile: shopper.mobile }, SENEGAL_IP);
    expect(quoted.json().tax).toMatchObject({
      amount: '3.28', // 21.50 × 18 / 118 = 3.2796…
      country: 'SN',
      label: 'TVA 18 %',
      countryNeeded: false,
    });
    expect(quoted.json().total).toBe('21.50');
  });

  test('they disagree: the quote asks, prefilled with the mobile number’s country; an order without a choice is a 400 naming country', async () => {
    const quoted = await quote({ items: items(), mobile: FRANCE_MOBILE }, SENEGAL_IP);
    expect(quoted.json().tax).toMatchObject({ countryNeeded: true, suggestedCountry: 'FR', amount: '0.00' });
    const refused = await mobileMoneyOrder(ctx, { items: items(), total: 21.5, mobile: FRANCE_MOBILE });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'country' });
    expect(await ctx.db.select().from(orders).where(eq(orders.phoneNumber, FRANCE_MOBILE))).toHaveLength(0);
  });

  test('a country that is not one is a 400 naming country', async () => {
    const res = await mobileMoneyOrder(ctx, { items: items(), total: 21.5, country: 'ZZ' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('country');
  });

  test('card with a discount: the buyer chose Senegal; the order keeps rate, country and evidence', async () => {
    await createCode(ctx, { code: 'TAX10', kind: 'percent', value: 10 });
    const customer = { ...shopper, country: 'SN' };
    // 21.50 less 10 % (2.15) = 19.35; its tax at 18 % included = 2.9517… → 2.95
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { customer, locale: 'fr', items: items(), amount: 19.35, discountCode: 'TAX10' },
    });
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json();
    expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
    // The rate changes before the claim: the order keeps the one it was paid with.
    await setRates({ pricesIncludeTax: true, rates: [{ country: 'SN', rateBp: 500, label: null }] });
    const claimed = await claimCardOrder(ctx, {
      paymentIntentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      items: items(),
      total: 19.35,
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json().tax).toEqual({
      amount: '2.95',
      rateBp: 1800,
      label: 'TVA 18 %',
      country: 'SN',
      pricesIncludeTax: true,
    });
    const row = await orderRow(claimed.json().id);
    expect(row.taxEvidence).toEqual({
      ipCountry: null,
      phoneCountry: 'SN',
      chosenCountry: 'SN',
      decidedBy: 'chosen',
    });
    await setRates({
      pricesIncludeTax: true,
      rates: [{ country: 'SN', rateBp: 1800, label: 'TVA 18 %' }],
    });
  });

  test('a free order pays no tax and the code that makes it free still works', async () => {
    await createCode(ctx, { code: 'TAXFREE', kind: 'percent', value: 100 });
    const res = await freeOrder(ctx, { items: items(), discountCode: 'TAXFREE', country: 'SN' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().tax).toMatchObject({ amount: '0.00', rateBp: 1800, country: 'SN' });
  });

  test('prices without tax: the tax is added on top, on every path alike', async () => {
    await setRates({ pricesIncludeTax: false, rates: [{ country: 'SN', rateBp: 1800, label: null }] });
    const quoted = await quote({ items: items(), mobile: shopper.mobile }, SENEGAL_IP);
    // 21.50 + 18 % = 21.50 + 3.87 = 25.37
    expect(quoted.json()).toMatchObject({ total: '25.37', tax: { amount: '3.87', pricesIncludeTax: false } });
    const underpaid = await mobileMoneyOrder(ctx, {
      items: items(),
      total: 21.5,
      country: 'SN',
      email: 'under@example.com',
    });
    expect(underpaid.statusCode).toBe(400);
    const placed = await mobileMoneyOrder(ctx, {
      items: items(),
      total: 25.37,
      country: 'SN',
      email: 'ht@example.com',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().order.total).toBe('25.37');
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        customer: { ...shopper, email: 'ht-card@example.com' },
        locale: 'fr',
        items: items(),
        amount: 25.37,
      },
      remoteAddress: SENEGAL_IP,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().amount).toBe(2537);
    await setRates({ pricesIncludeTax: true, rates: [] });
  });

  test('bad settings are refused naming the field, and nothing is written', async () => {
    const before = (await admin('GET', '/api/admin/settings/taxes')).json();
    for (const body of [
      { pricesIncludeTax: true, rates: [{ country: 'SN', rateBp: 10_001, label: null }] },
      { pricesIncludeTax: true, rates: [{ country: 'XX', rateBp: 100, label: null }] },
      { pricesIncludeTax: true, rates: [{ country: 'SN', rateBp: 1.5, label: null }] },
      { pricesIncludeTax: true, rates: [{ country: 'SN', rateBp: 100, label: '<b>' }] },
      {
        pricesIncludeTax: true,
        rates: [
          { country: 'SN', rateBp: 100, label: null },
          { country: 'sn', rateBp: 200, label: null },
        ],
      },
    ]) {
      const res = await admin('PUT', '/api/admin/settings/taxes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/rates/);
    }
    expect((await admin('GET', '/api/admin/settings/taxes')).json()).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/settings/taxes' })).statusCode).toBe(401);
  });
});

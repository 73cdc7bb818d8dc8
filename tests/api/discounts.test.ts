import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity, discountCodes, discountRedemptions } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { createCode, DISCOUNT_ADMIN_KEY, discountAdmin, priceCart as price } from './discounts-helpers';

let ctx: TestContext;
let admin: ReturnType<typeof discountAdmin>;
let dakar: GuideRow;
let abidjan: GuideRow;
let london: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: DISCOUNT_ADMIN_KEY } });
  admin = discountAdmin(ctx);
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel, Sénégal', price: '9.99' });
  abidjan = await insertSellableGuide(ctx, { title: "Abidjan pratique, Côte d'Ivoire", price: '12.50' });
  london = await insertSellableGuide(ctx, { title: 'Marrakech for families', price: '20.00', locale: 'en' });
});
afterAll(() => ctx.close());

const line = (guide: GuideRow, quantity = 1) => ({ id: guide.id, quantity });

describe('the Discounts tab', () => {
  test('creates a code, lists it with its uses, and records who did it', async () => {
    const code = await createCode(ctx, { code: 'Bienvenue10', kind: 'percent', value: 10 });
    expect(code).toMatchObject({ code: 'Bienvenue10', kind: 'percent', value: '10', paused: false });
    const list = await admin('GET', '/api/admin/discounts');
    expect(list.statusCode).toBe(200);
    expect(list.json().codes).toContainEqual(
      expect.objectContaining({ id: code.id, uses: { held: 0, used: 0 } }),
    );
    const [activity] = await ctx.db.select().from(adminActivity).where(eq(adminActivity.subjectId, code.id));
    expect(activity).toMatchObject({ action: 'discount.create', subjectType: 'discount' });
    expect(activity!.actor).not.toContain(DISCOUNT_ADMIN_KEY);
  });

  test('a code is unique among live codes whatever its case: 409 naming code', async () => {
    await createCode(ctx, { code: 'SOLDES', kind: 'fixed', value: 2 });
    const again = await admin('POST', '/api/admin/discounts', { code: 'soldes', kind: 'percent', value: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'code' });
    expect(again.json().message).toMatch(/^code: /);
  });

  test.each([
    [{ code: 'ab', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'x'.repeat(33), kind: 'percent', value: 10 }, 'code'],
    [{ code: 'ÉTÉ2026', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'NO SPACE', kind: 'percent', value: 10 }, 'code'],
    [{ code: 'ZERO', kind: 'percent', value: 0 }, 'value'],
    [{ code: 'OVER', kind: 'percent', value: 101 }, 'value'],
    [{ code: 'HALF', kind: 'percent', value: 12.5 }, 'value'],
    [{ code: 'HUGE', kind: 'fixed', value: 1e15 }, 'value'],
    [{ code: 'CENTS', kind: 'fixed', value: 1.005 }, 'value'],
    // Found by the generated hardening suite: positive, "two decimals" to within 1e-6, stored as 0.00.
    [{ code: 'TINY', kind: 'fixed', value: 2.3e-169 }, 'value'],
    [{ code: 'TINYMIN', kind: 'fixed', value: 5, minimumCart: 1e-9 }, 'minimumCart'],
    [{ code: 'NOKIND', kind: 'gift', value: 1 }, 'kind'],
    [{ code: 'LIMIT', kind: 'fixed', value: 1, maxUses: 0 }, 'maxUses'],
    [{ code: 'COUNTRY', kind: 'fixed', value: 1, countries: ['france'] }, 'countries.0'],
    [{ code: 'GUIDE', kind: 'fixed', value: 1, guideIds: ['not-a-uuid'] }, 'guideIds.0'],
    [
      {
        code: 'DATES',
        kind: 'fixed',
        value: 1,
        validFrom: '2026-12-01T00:00:00Z',
        validUntil: '2026-11-01T00:00:00Z',
      },
      'validUntil',
    ],
  ])('a bad code is a 400 naming what is wrong, and nothing is written (%j)', async (body, field) => {
    const before = (await ctx.db.select().from(discountCodes)).length;
    const res = await admin('POST', '/api/admin/discounts', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
    expect((await ctx.db.select().from(discountCodes)).length).toBe(before);
  });

  test('edit, pause, resume and delete, each recorded with the values before and after', async () => {
    const code = await createCode(ctx, { code: 'ETE', kind: 'percent', value: 20 });
    const edited = await admin('PUT', `/api/admin/discounts/${code.id}`, {
      code: 'ETE26',
      kind: 'fixed',
      value: 3,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ code: 'ETE26', kind: 'fixed', value: '3.00' });
    expect((await price(ctx, { items: [line(dakar)], discountCode: 'ete26' })).json()).toMatchObject({
      discount: '3.00',
      total: '6.99',
    });

    const paused = await admin('PUT', `/api/admin/discounts/${code.id}/paused`, { paused: true });
    expect(paused.json()).toMatchObject({ paused: true });
    const refused = await price(ctx, { items: [line(dakar)], discountCode: 'ETE26' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'discount_unknown', field: 'discountCode' });
    await admin('PUT', `/api/admin/discounts/${code.id}/paused`, { paused: false });
    expect((await price(ctx, { items: [line(dakar)], discountCode: 'ETE26' })).statusCode).toBe(200);

    expect((await admin('DELETE', `/api/admin/discounts/${code.id}`)).statusCode).toBe(204);
    expect(
      (await admin('GET', '/api/admin/discounts')).json().codes.map((c: { id: string }) => c.id),
    ).not.toContain(code.id);
    expect((await price(ctx, { items: [line(dakar)], discountCode: 'ETE26' })).json().code).toBe(
      'discount_unknown',
    );
    // Its name is free again; the deleted row stays for the orders that used it.
    await createCode(ctx, { code: 'ete26', kind: 'percent', value: 5 });
    expect(await ctx.db.select().from(discountCodes).where(eq(discountCodes.id, code.id))).toHaveLength(1);

    const actions = await ctx.db
      .select({ action: adminActivity.action, before: adminActivity.before })
      .from(adminActivity)
      .where(and(eq(adminActivity.subjectId, code.id)))
      .orderBy(adminActivity.createdAt);
    expect(actions.map((a) => a.action)).toEqual([
      'discount.create',
      'discount.update',
      'discount.pause',
      'discount.resume',
      'discount.delete',
    ]);
    expect(actions[1]!.before).toMatchObject({ code: 'ETE', kind: 'percent', value: '20' });
  });

  test('two operators creating the same code at once: one gets it, the other a 409; renaming onto it is a 409 too', async () => {
    const [a, b] = await Promise.all([
      admin('POST', '/api/admin/discounts', { code: 'DOUBLE', kind: 'percent', value: 5 }),
      admin('POST', '/api/admin/discounts', { code: 'double', kind: 'fixed', value: 1 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const other = await createCode(ctx, { code: 'AUTRE', kind: 'percent', value: 5 });
    const renamed = await admin('PUT', `/api/admin/discounts/${other.id}`, {
      code: 'Double',
      kind: 'percent',
      value: 5,
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().field).toBe('code');
  });

  test('an unknown or deleted code is a 404; without the key, a 401', async () => {
    const missing = await admin('PUT', '/api/admin/discounts/00000000-0000-4000-8000-000000000000/paused', {
      paused: true,
    });
    expect(missing.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/discounts' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/checkout/price', () => {
  const refusalOf = async (body: Record<string, unknown>) => {
    const res = await price(ctx, body);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    return res.json() as { code: string; field: string; message: string };
  };

  test('without a code: the cart at today’s prices', async () => {
    const res = await price(ctx, { items: [line(dakar, 2), line(abidjan)] });
    expect(res.json()).toEqual({
      subtotal: '32.48',
      discount: '0.00',
      total: '32.48',
      totalXof: 21305,
      discountCode: null,
      // No rate set: no tax, and no country to ask for.
      tax: {
        amount: '0.00',
        country: null,
        countryNeeded: false,
        label: null,
        pricesIncludeTax: true,
        rateBp: 0,
        suggestedCountry: null,
      },
    });
  });

  test('a percentage is rounded to the cent, in any letter case, and answers the code as written', async () => {
    await createCode(ctx, { code: 'Tiers33', kind: 'percent', value: 33 });
    const res = await price(ctx, { items: [line(dakar)], discountCode: '  tIERS33 ' });
    // 33 % of 9.99 = 3.2967 → 3.30
    expect(res.json()).toMatchObject({
      subtotal: '9.99',
      discount: '3.30',
      total: '6.69',
      discountCode: 'Tiers33',
    });
  });

  test('a fixed amount never takes the total below 0, however large', async () => {
    await createCode(ctx, { code: 'MILLION', kind: 'fixed', value: 1_000_000 });
    const res = await price(ctx, { items: [line(dakar, 20), line(abidjan, 20)], discountCode: 'MILLION' });
    expect(res.json()).toMatchObject({ subtotal: '449.80', discount: '449.80', total: '0.00', totalXof: 0 });
  });

  test('a code limited to guides discounts only those lines, and refuses a cart without them', async () => {
    await createCode(ctx, {
      code: 'ABIDJAN50',
      kind: 'percent',
      value: 50,
      guideIds: [abidjan.id.toUpperCase()],
    });
    const res = await price(ctx, { items: [line(dakar), line(abidjan, 2)], discountCode: 'ABIDJAN50' });
    expect(res.json()).toMatchObject({ subtotal: '34.99', discount: '12.50', total: '22.49' });
    expect(await refusalOf({ items: [line(dakar)], discountCode: 'ABIDJAN50' })).toMatchObject({
      code: 'discount_not_for_guides',
      field: 'discountCode',
    });
  });

  test('a code limited to countries or to a language', async () => {
    await createCode(ctx, { code: 'TERANGA', kind: 'fixed', value: 5, countries: ['senegal'] });
    expect(
      (await price(ctx, { items: [line(dakar), line(abidjan)], discountCode: 'TERANGA' })).json(),
    ).toMatchObject({
      discount: '5.00',
    });
    expect((await refusalOf({ items: [line(abidjan)], discountCode: 'TERANGA' })).code).toBe(
      'discount_not_for_country',
    );

    await createCode(ctx, { code: 'ENGLISH', kind: 'percent', value: 10, locale: 'en' });
    expect(
      (await price(ctx, { items: [line(dakar), line(london)], discountCode: 'english' })).json(),
    ).toMatchObject({
      discount: '2.00',
    });
    expect((await refusalOf({ items: [line(dakar)], discountCode: 'ENGLISH' })).code).toBe(
      'discount_not_for_language',
    );
  });

  test('each refusal has its own code: unknown, expired, not yet valid, minimum not reached', async () => {
    const hour = 3_600_000;
    await createCode(ctx, {
      code: 'PASSE',
      kind: 'percent',
      value: 10,
      validUntil: new Date(Date.now() - hour).toISOString(),
    });
    await createCode(ctx, {
      code: 'AVENIR',
      kind: 'percent',
      value: 10,
      validFrom: new Date(Date.now() + hour).toISOString(),
    });
    await createCode(ctx, { code: 'GROS', kind: 'percent', value: 10, minimumCart: 30 });
    const cart = { items: [line(dakar)] };
    expect((await refusalOf({ ...cart, discountCode: 'NOPE' })).code).toBe('discount_unknown');
    expect((await refusalOf({ ...cart, discountCode: 'PASSE' })).code).toBe('discount_expired');
    expect((await refusalOf({ ...cart, discountCode: 'AVENIR' })).code).toBe('discount_not_yet_valid');
    const minimum = await refusalOf({ ...cart, discountCode: 'gros' });
    expect(minimum.code).toBe('discount_minimum_not_reached');
    expect(minimum.message).toContain('30.00');
    expect((await price(ctx, { items: [line(dakar, 4)], discountCode: 'GROS' })).statusCode).toBe(200);
  });

  test.each([['été-10'], ['AB'], ['\u0000NUL'], ['\ud800ABC'], ['x'.repeat(200)], ['<script>']])(
    'a malformed code is a 400 naming discountCode (%j)',
    async (discountCode) => {
      const res = await price(ctx, { items: [line(dakar)], discountCode });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/discountCode/);
    },
  );

  test('nothing is held by pricing', async () => {
    await createCode(ctx, { code: 'ONCE', kind: 'percent', value: 10, maxUses: 1 });
    for (let i = 0; i < 3; i++)
      expect((await price(ctx, { items: [line(dakar)], discountCode: 'ONCE' })).statusCode).toBe(200);
    expect(await ctx.db.select().from(discountRedemptions)).toHaveLength(0);
  });
});

test('guessing codes is slow: the price endpoint allows ten times the hourly order limit per client', async () => {
  const limited = await createTestContext({ renderPages: false, env: { ORDER_RATE_LIMIT_PER_HOUR: '1' } });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await price(limited, {
        items: [{ id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
        discountCode: `GUESS${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  } finally {
    await limited.close();
  }
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { taxRates } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, HARDENING_ENV } from './harness';

/** Hostile input on the tax settings, the buyer's country and the document addresses. */
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: HARDENING_ENV });
  guide = await insertSellableGuide(ctx, { title: 'Dakar', price: '9.00' });
});
afterAll(() => ctx.close());

const saveTaxes = (payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/taxes',
    headers: { 'x-admin-key': ADMIN_KEY },
    payload,
  });

describe('tax settings', () => {
  test('a label with a NUL, a lone surrogate turned visible, or too long: refused or cleaned, never stored raw', async () => {
    const nul = await saveTaxes({
      pricesIncludeTax: true,
      rates: [{ country: 'SN', rateBp: 1800, label: 'TVA\u0000' }],
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/label/);
    const long = await saveTaxes({
      pricesIncludeTax: true,
      rates: [{ country: 'SN', rateBp: 1800, label: 'x'.repeat(41) }],
    });
    expect(long.statusCode).toBe(400);
    const surrogate = await saveTaxes({
      pricesIncludeTax: true,
      rates: [{ country: 'SN', rateBp: 1800, label: 'TVA \ud800' }],
    });
    expect(surrogate.statusCode, surrogate.body).toBe(200);
    const [stored] = await ctx.db.select().from(taxRates);
    expect(stored!.label).toBe('TVA \ufffd');
    const many = await saveTaxes({
      pricesIncludeTax: true,
      rates: Array.from({ length: 251 }, () => ({ country: 'SN', rateBp: 1, label: null })),
    });
    expect(many.statusCode).toBe(400);
  });
});

describe('the buyer’s country', () => {
  test('a country that is not a code, with a NUL, or very long is a 400 naming country, and no order is written', async () => {
    for (const country of ['S\u0000', 'ZZ', 'SEN', 'x'.repeat(10_000), '']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/checkout/price',
        payload: { items: [{ id: guide.id, quantity: 1 }], mobile: '+221 77 000 00 00', country },
      });
      expect(res.statusCode, JSON.stringify(country).slice(0, 20)).toBe(400);
      expect(res.json().message).toMatch(/country/);
    }
  });
});

describe('document addresses', () => {
  test('guessed or malformed ids and numbers answer JSON 400 or 404, never a file', async () => {
    for (const url of [
      '/api/orders/not-an-id/invoice.pdf',
      `/api/orders/${'a'.repeat(40)}/credit-notes/AV-2026-000001`,
      '/api/orders/x/credit-notes/..%2F..%2Fetc%2Fpasswd',
      '/api/admin/orders/not-a-uuid/invoice.pdf',
      '/api/admin/invoices/tax-report.csv?from=2026-01-01&to=2026-01-01%00',
      '/api/admin/invoices/register.csv?from=3574-17-28&to=9572-31-93',
    ]) {
      const res = await ctx.app.inject({ url, headers: { 'x-admin-key': ADMIN_KEY } });
      expect([400, 404], url).toContain(res.statusCode);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
    }
  });
});

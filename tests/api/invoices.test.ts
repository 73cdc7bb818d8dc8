import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creditNotes, invoices, orders } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { claimCardOrder, payWithTestCard, shopper } from './checkout-helpers';
import { freeOrder, mobileMoneyOrder } from './discounts-helpers';
import { ADMIN_KEY, refund } from './refunds-helpers';

let ctx: TestContext;
let dakar: GuideRow;
let abidjan: GuideRow;
const year = new Date().getUTCFullYear();
/** Sample documents for the operator's accountant to look at, outside the repository. */
const SAMPLES = process.env.INVOICE_SAMPLES_DIR;

const admin = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { 'x-admin-key': ADMIN_KEY }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '12.50' });
  const saved = await admin('PUT', '/api/admin/settings/taxes', {
    pricesIncludeTax: true,
    rates: [{ country: 'SN', rateBp: 1800, label: 'TVA 18 %' }],
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(
    (await admin('POST', '/api/admin/discounts', { code: 'DAKAR10', kind: 'percent', value: 10 })).statusCode,
  ).toBe(201);
});
afterAll(() => ctx.close());

/** Two guides by card, from Senegal, with 10 % off: 21.50 − 2.15 = 19.35, of which 2.95 tax. */
async function senegalCardOrder(
  email = `sn-${randomUUID().slice(0, 8)}@example.com`,
  business: { businessName?: string; taxId?: string } = {},
) {
  const items = [
    { id: dakar.id, quantity: 1 },
    { id: abidjan.id, quantity: 1 },
  ];
  const customer = { ...shopper, email, country: 'SN', ...business };
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { customer, locale: 'fr', items, amount: 19.35, discountCode: 'DAKAR10' },
  });
  expect(started.statusCode, started.body).toBe(200);
  const intent = started.json();
  expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
  const claimed = await claimCardOrder(ctx, { ...intent, items, total: 19.35, email });
  expect(claimed.statusCode, claimed.body).toBe(201);
  return claimed.json() as { id: string; orderNumber: string; invoiceNumber: string | null };
}

const textOf = async (url: string, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ url, headers });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { res, text: (await pdfPageTexts(new Uint8Array(res.rawPayload))).join('\n') };
};

describe('invoices', () => {
  test('a paid order gets the next number of the year, and a French PDF with its tax line', async () => {
    const order = await senegalCardOrder();
    expect(order.invoiceNumber).toMatch(new RegExp(`^${year}-\\d{6}$`));
    const { res, text } = await textOf(`/api/orders/${order.id}/invoice.pdf`);
    expect(res.headers['content-disposition']).toContain(`facture-${order.invoiceNumber}.pdf`);
    expect(text).toContain('Facture');
    expect(text).toContain(order.invoiceNumber);
    expect(text).toContain('TVA 18 %');
    expect(text).toMatch(/2,95\s€/);
    expect(text).toMatch(/16,40\s€/); // taxable amount: 19.35 − 2.95
    expect(text).toMatch(/19,35\s€/);
    expect(text).toMatch(/12\s693\sFCFA/); // 19.35 € at 655.957
    expect(text).toContain('Guides Afrique');
    if (SAMPLES) {
      await mkdir(SAMPLES, { recursive: true });
      await writeFile(`${SAMPLES}/invoice-fr.pdf`, res.rawPayload);
    }
  });

  test('numbers follow each other without a gap, and an issued invoice never changes', async () => {
    const first = await senegalCardOrder();
    const second = await senegalCardOrder();
    const n = (number: string | null) => Number(number?.slice(5));
    expect(n(second.invoiceNumber)).toBe(n(first.invoiceNumber) + 1);
    const [before] = await ctx.db.select().from(invoices).where(eq(invoices.number, first.invoiceNumber!));
    // The shop renames itself and the rate changes: the invoice says what it said.
    await admin('PUT', '/api/admin/settings/taxes', {
      pricesIncludeTax: true,
      rates: [{ country: 'SN', rateBp: 500, label: null }],
    });
    const { text } = await textOf(`/api/orders/${first.id}/invoice.pdf`);
    expect(text).toContain('TVA 18 %');
    const [after] = await ctx.db.select().from(invoices).where(eq(invoices.number, first.invoiceNumber!));
    expect(after).toEqual(before);
    await admin('PUT', '/api/admin/settings/taxes', {
      pricesIncludeTax: true,
      rates: [{ country: 'SN', rateBp: 1800, label: 'TVA 18 %' }],
    });
  });

  test('a business name and tax identifier given at checkout are on the invoice, through the card payment', async () => {
    const order = await senegalCardOrder(undefined, {
      businessName: 'Teranga SARL',
      taxId: 'SN-DKR-2024-B-123',
    });
    const { text } = await textOf(`/api/orders/${order.id}/invoice.pdf`);
    expect(text).toContain('Teranga SARL');
    expect(text).toContain('SN-DKR-2024-B-123');
  });

  test('a free order and an unpaid mobile-money order have no invoice (409)', async () => {
    expect(
      (await admin('POST', '/api/admin/discounts', { code: 'OFFERT', kind: 'percent', value: 100 }))
        .statusCode,
    ).toBe(201);
    const free = await freeOrder(ctx, {
      items: [{ id: dakar.id, quantity: 1 }],
      discountCode: 'OFFERT',
      country: 'SN',
    });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json().invoiceNumber).toBeNull();
    expect((await ctx.app.inject({ url: `/api/orders/${free.json().id}/invoice.pdf` })).statusCode).toBe(409);
    const mm = await mobileMoneyOrder(ctx, {
      items: [{ id: dakar.id, quantity: 1 }],
      total: 9,
      country: 'SN',
    });
    expect(mm.statusCode, mm.body).toBe(201);
    expect((await ctx.app.inject({ url: `/api/orders/${mm.json().order.id}/invoice.pdf` })).statusCode).toBe(
      409,
    );
  });

  test('the admin downloads the invoice by the order id; without the key it is 401', async () => {
    const order = await senegalCardOrder();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    await textOf(`/api/admin/orders/${row!.id}/invoice.pdf`, { 'x-admin-key': ADMIN_KEY });
    expect((await ctx.app.inject({ url: `/api/admin/orders/${row!.id}/invoice.pdf` })).statusCode).toBe(401);
  });
});

describe('credit notes and the tax report', () => {
  test('a partial refund then the rest: two credit notes referencing the invoice, giving back exactly its tax', async () => {
    const from = new Date().toISOString().slice(0, 10);
    const order = await senegalCardOrder();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    // One guide back: 9.00 less its share of the discount, 8.10.
    const first = await refund(ctx, row!.id, { amount: '8.10' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await refund(ctx, row!.id);
    expect(second.statusCode, second.body).toBe(200);
    const notes = await ctx.db
      .select()
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(eq(invoices.orderId, row!.id));
    expect(notes).toHaveLength(2);
    const docs = notes.map(
      (n) => n.credit_notes.document as { taxCents: number; amountCents: number; invoiceNumber: string },
    );
    expect(docs.map((d) => d.amountCents).sort()).toEqual([1125, 810].sort());
    expect(docs.reduce((s, d) => s + d.taxCents, 0)).toBe(295);
    expect(docs.every((d) => d.invoiceNumber === order.invoiceNumber)).toBe(true);

    const view = (await ctx.app.inject({ url: `/api/orders/${order.id}` })).json();
    expect(view.creditNotes).toHaveLength(2);
    const number = view.creditNotes[0];
    expect(number).toMatch(new RegExp(`^AV-${year}-\\d{6}$`));
    const { res, text } = await textOf(`/api/orders/${order.id}/credit-notes/${number}`);
    expect(text).toContain('Avoir');
    expect(text).toContain(order.invoiceNumber!);
    expect(text).toMatch(/8,10\s€/);
    expect(text).toMatch(/1,23\s€/); // 8.10 × 295 / 1935 = 1.2349… → 1.23
    if (SAMPLES) await writeFile(`${SAMPLES}/credit-note-fr.pdf`, res.rawPayload);
    // Another order's credit note is not reachable through this order.
    const other = await senegalCardOrder();
    expect((await ctx.app.inject({ url: `/api/orders/${other.id}/credit-notes/${number}` })).statusCode).toBe(
      404,
    );

    const to = new Date().toISOString().slice(0, 10);
    const report = await admin('GET', `/api/admin/invoices/tax-report.csv?from=${from}&to=${to}`);
    expect(report.statusCode, report.body).toBe(200);
    if (SAMPLES) await writeFile(`${SAMPLES}/tax-report.csv`, report.rawPayload);
    const lines = report.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const sn = lines.find((l) => l.startsWith('"SN"'))!;
    // Every invoice of this file is a Senegal order of 19.35 with 2.95 tax; one was refunded in full.
    const n = (await ctx.db.select().from(invoices)).length;
    const euros = (cents: number) => (cents / 100).toFixed(2);
    expect(sn).toBe(
      `"SN","18.00","${n}","2","${euros((n - 1) * 1640)}","${euros((n - 1) * 295)}","${euros((n - 1) * 1935)}"`,
    );
    expect(lines.at(-1)).toBe(
      `"Total","","${n}","2","${euros((n - 1) * 1640)}","${euros((n - 1) * 295)}","${euros((n - 1) * 1935)}"`,
    );
    const register = await admin('GET', `/api/admin/invoices/register.csv?from=${from}&to=${to}`);
    expect(register.statusCode).toBe(200);
    expect(register.body).toContain(`"credit_note","${number}"`);
    if (SAMPLES) await writeFile(`${SAMPLES}/invoice-register.csv`, register.rawPayload);
  });

  test('a bad period is a 400 naming the field', async () => {
    for (const query of ['from=2027-13-01&to=2027-01-01', 'from=2027-02-01&to=2027-01-01', 'to=2027-01-01']) {
      const res = await admin('GET', `/api/admin/invoices/tax-report.csv?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(/from/);
    }
  });
});

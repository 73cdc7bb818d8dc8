import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { creditNotes, invoices, orders } from '../../src/server/db/schema';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { claimCardOrder, payWithTestCard, shopper } from './checkout-helpers';
import { mobileMoneyOrder } from './discounts-helpers';
import { ADMIN_KEY, refund } from './refunds-helpers';

/** The business to invoice, named after ordering (docs/features/invoices.md). */
let ctx: TestContext;
let dakar: GuideRow;
const headers = { 'x-admin-key': ADMIN_KEY };

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/settings/taxes',
    headers,
    payload: { pricesIncludeTax: true, rates: [{ country: 'SN', rateBp: 1800, label: 'TVA 18 %' }] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => ctx.close());

async function paidOrder() {
  const email = `sn-${randomUUID().slice(0, 8)}@example.com`;
  const items = [{ id: dakar.id, quantity: 1 }];
  const customer = { ...shopper, email, country: 'SN' };
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { customer, locale: 'fr', items, amount: 9 },
  });
  expect(started.statusCode, started.body).toBe(200);
  const intent = started.json();
  expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
  const claimed = await claimCardOrder(ctx, { ...intent, items, total: 9, email });
  expect(claimed.statusCode, claimed.body).toBe(201);
  return claimed.json() as { id: string; invoiceNumber: string };
}

const give = (publicId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: `/api/orders/${publicId}/business-details`, payload });
const pdfText = async (url: string) =>
  (await pdfPageTexts(new Uint8Array((await ctx.app.inject({ url })).rawPayload))).join('\n');

describe('business details given after ordering', () => {
  test('an issued invoice is cancelled whole by a credit note and replaced under a new number with the business', async () => {
    const order = await paidOrder();
    const before = await pdfText(`/api/orders/${order.id}/invoice.pdf`);
    expect(before).not.toContain('Teranga SARL');

    const res = await give(order.id, { businessName: 'Teranga SARL', taxId: 'SN-DKR-2024-B-123' });
    expect(res.statusCode, res.body).toBe(200);
    const docs = res.json() as { invoiceNumber: string; creditNotes: string[] };
    expect(docs.invoiceNumber).not.toBe(order.invoiceNumber);
    expect(docs.creditNotes).toHaveLength(1);

    const after = await pdfText(`/api/orders/${order.id}/invoice.pdf`);
    expect(after).toContain(docs.invoiceNumber);
    expect(after).toContain('Teranga SARL');
    expect(after).toContain('SN-DKR-2024-B-123');
    const note = await pdfText(`/api/orders/${order.id}/credit-notes/${docs.creditNotes[0]}`);
    expect(note).toContain(order.invoiceNumber);
    expect(note).toContain(`Remplacée par la facture ${docs.invoiceNumber}`);

    // The first invoice is kept as issued, marked replaced; the note gives back all of it, tax included.
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    const all = await ctx.db.select().from(invoices).where(eq(invoices.orderId, row!.id));
    expect(all.map((i) => [i.number, i.replacedAt !== null]).sort()).toEqual(
      [
        [order.invoiceNumber, true],
        [docs.invoiceNumber, false],
      ].sort(),
    );
    const [credit] = await ctx.db
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.number, docs.creditNotes[0]!));
    expect(credit!.refundId).toBeNull();
    const first = all.find((i) => i.number === order.invoiceNumber)!.document as {
      totalCents: number;
      tax: { cents: number };
    };
    expect(credit!.document).toMatchObject({ amountCents: first.totalCents, taxCents: first.tax.cents });

    // The same details again change nothing.
    const again = await give(order.id, { businessName: 'Teranga SARL', taxId: 'SN-DKR-2024-B-123' });
    expect(again.json()).toEqual(docs);

    // The tax report nets the cancelled invoice out: one order's worth.
    const day = new Date().toISOString().slice(0, 10);
    const report = await ctx.app.inject({
      url: `/api/admin/invoices/tax-report.csv?from=${day}&to=${day}`,
      headers,
    });
    const sn = report.body.split('\r\n').find((l) => l.startsWith('"SN"'))!;
    expect(sn).toBe('"SN","18.00","2","1","7.63","1.37","9.00"');
  });

  test('before the invoice is issued, the order keeps the details for it', async () => {
    const placed = await mobileMoneyOrder(ctx, {
      items: [{ id: dakar.id, quantity: 1 }],
      total: 9,
      country: 'SN',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const publicId = placed.json().order.id as string;
    const res = await give(publicId, { businessName: 'Keur Gui SUARL' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ invoiceNumber: null, creditNotes: [] });
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, publicId));
    expect(row).toMatchObject({ buyerBusinessName: 'Keur Gui SUARL', buyerTaxId: null });
  });

  test('refused: a refunded order (409), an unknown order (404), bad input naming the field; nothing changes', async () => {
    const order = await paidOrder();
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    expect((await refund(ctx, row!.id, { amount: '2.00' })).statusCode).toBe(200);
    const refused = await give(order.id, { businessName: 'Teranga SARL' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('refunded');
    expect((await give(`${order.id.slice(0, -2)}zz`, { businessName: 'X' })).statusCode).toBe(404);
    const bad = await give(order.id, { businessName: '<b>Teranga</b>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('businessName');
    expect((await give(order.id, { taxId: 'SN;DROP' })).json().field).toBe('taxId');
    const [still] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    expect(still!.buyerBusinessName).toBeNull();
    expect(await ctx.db.select().from(invoices).where(eq(invoices.orderId, row!.id))).toHaveLength(1);
  });
});

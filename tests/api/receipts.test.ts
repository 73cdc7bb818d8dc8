import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { formatFcfa } from '../../src/shared/money';
import { insertContent } from '../helpers/fixtures';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { WEBHOOK_SECRET } from './checkout-helpers';
import { freeOrder } from './discounts-helpers';
import { flat, paidOrder as paidOrderOf, receiptOf as receiptOfOrder, receiptUrl } from './receipts-helpers';
import { ADMIN_KEY, paidCardOrder, refund } from './refunds-helpers';

const paidOrder = (guides: GuideRow[], values: Parameters<typeof paidOrderOf>[2] = {}) =>
  paidOrderOf(ctx, guides, values);
const receiptOf = (order: { publicId: string; orderNumber: string }) => receiptOfOrder(ctx, order);

let ctx: TestContext;
let dakar: GuideRow;
let abidjan: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: { ADMIN_API_KEY: ADMIN_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel : l’île de Gorée', price: '37.50' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '12.00' });
});
afterAll(() => ctx?.close());

describe('GET /api/orders/:id/receipt.pdf', () => {
  test('a French card order: a PDF attachment in French with both currencies, the number, the date and the PaymentIntent', async () => {
    const order = await paidOrder([dakar, abidjan], {
      paymentIntentId: 'pi_3ReceiptFr0123456789',
      createdAt: new Date('2026-03-03T10:00:00Z'),
    });
    const { res, text } = await receiptOf(order);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="recu-${order.orderNumber}.pdf"; filename*=UTF-8''recu-${order.orderNumber}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Downloaded on costly mobile data: only the glyphs used, objects packed in compressed streams.
    expect(res.rawPayload.length).toBeLessThan(45_000);
    expect(text).toContain('Reçu');
    expect(text).toContain(`Commande n° ${order.orderNumber}`);
    expect(text).toContain('Date de commande : 3 mars 2026');
    expect(text).toContain('Guides Afrique');
    expect(text).toContain('contact@guides-afrique.com');
    expect(text).toContain('Dakar essentiel : l’île de Gorée');
    expect(text).toContain(flat(formatFcfa(3750, 'fr')));
    expect(text).toContain('37,50 €');
    expect(text).toContain('Total payé');
    expect(text).toContain(flat(formatFcfa(4950, 'fr')));
    expect(text).toContain('49,50 €');
    expect(text).toContain('Carte bancaire (Stripe)');
    expect(text).toContain('pi_3ReceiptFr0123456789');
    expect(text).not.toContain('Réduction');
    expect(text).not.toContain('Remboursé');
  });

  test('an English order is in English, with English number formatting', async () => {
    const order = await paidOrder([dakar], {
      locale: 'en',
      paymentIntentId: 'pi_3ReceiptEn0123456789',
      createdAt: new Date('2026-03-03T10:00:00Z'),
    });
    const { res, text } = await receiptOf(order);
    expect(res.headers['content-disposition']).toContain(`filename="receipt-${order.orderNumber}.pdf"`);
    expect(text).toContain('Receipt');
    expect(text).toContain(`Order no. ${order.orderNumber}`);
    expect(text).toContain('Order date: 3 March 2026');
    expect(text).toContain('24 598 FCFA');
    expect(text).toContain('€37.50');
    expect(text).toContain('Total paid');
    expect(text).toContain('Card (Stripe)');
    expect(text).not.toContain('Reçu');
  });

  test('a discount shows the subtotal, the code and what it took off, then the total paid', async () => {
    const order = await paidOrder([dakar, abidjan], {
      total: '44.50',
      discountCode: 'BIENVENUE5',
      discountAmount: '5.00',
      paymentIntentId: 'pi_3ReceiptDiscount0001',
    });
    const { text } = await receiptOf(order);
    expect(text).toContain('Sous-total');
    expect(text).toContain(`${flat(formatFcfa(4950, 'fr'))} 49,50 €`);
    expect(text).toContain('Réduction (code BIENVENUE5)');
    expect(text).toContain(`−${flat(formatFcfa(500, 'fr'))} −5 €`);
    expect(text).toContain(`Total payé ${flat(formatFcfa(4450, 'fr'))} 44,50 €`);
  });

  test('a refund made through the shop shows on the next receipt: refunded amount and what is left', async () => {
    const paid = await paidCardOrder(ctx, abidjan.id, 12);
    const before = await receiptOf(paid);
    expect(before.text).not.toContain('Remboursé');
    const res = await refund(ctx, paid.id, { amount: '4.50' });
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await receiptOf(paid);
    expect(text).toContain(`Remboursé −${flat(formatFcfa(450, 'fr'))} −4,50 €`);
    expect(text).toContain(`Montant net après remboursement ${flat(formatFcfa(750, 'fr'))} 7,50 €`);
    expect(text).toContain(paid.paymentIntentId!);
  });

  test('mobile money names the wallet and the reference; CinetPay its transaction id', async () => {
    const manual = await paidOrder([dakar], {
      paymentMethod: 'djamo',
      paymentProvider: 'wave',
      mobileMoneyReference: 'MMRCPT2345',
    });
    expect((await receiptOf(manual)).text).toContain('Moyen de paiement : Mobile money (wave)');
    expect((await receiptOf(manual)).text).toContain('Référence mobile money : MMRCPT2345');
    const automatic = await paidOrder([dakar], {
      locale: 'en',
      paymentMethod: 'djamo',
      paymentProvider: 'cinetpay',
      mobileMoneyReference: 'MMRCPT6789',
      providerTransactionId: 'GA1732400000RCPT',
    });
    const { text } = await receiptOf(automatic);
    expect(text).toContain('Payment method: Mobile money (CinetPay)');
    expect(text).toContain('CinetPay transaction: GA1732400000RCPT');
  });

  test('a free order placed through the checkout has a receipt saying no payment was taken', async () => {
    const kit = await insertSellableGuide(ctx, { title: 'Kit de départ', price: '0.00' });
    const placed = await freeOrder(ctx, {
      email: 'free@example.com',
      firstName: 'Fatou',
      lastName: 'Sow',
      locale: 'en',
      items: [{ id: kit.id, quantity: 1 }],
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.email, 'free@example.com'));
    const { text } = await receiptOf(order!);
    expect(text).toContain('Free order: no payment');
    expect(text).toContain('Total 0 FCFA €0');
    expect(text).toContain('Fatou Sow');
  });

  test('the seller block is the operator’s content block, in the order’s language', async () => {
    await insertContent(ctx.db, {
      key: 'receipt.shop',
      locale: 'fr',
      value: 'Boutique Teranga\nDakar Plateau',
    });
    await insertContent(ctx.db, { key: 'receipt.shop', locale: 'en', value: 'Teranga Shop\nDakar, Senegal' });
    const fr = await receiptOf(await paidOrder([dakar], { paymentIntentId: 'pi_3ReceiptShopFr0001' }));
    expect(fr.text).toContain('Boutique Teranga Dakar Plateau');
    expect(fr.text).not.toContain('Guides Afrique');
    const en = await receiptOf(
      await paidOrder([dakar], { locale: 'en', paymentIntentId: 'pi_3ReceiptShopEn1' }),
    );
    expect(en.text).toContain('Teranga Shop Dakar, Senegal');
  });
});

describe('refusals', () => {
  test('an unknown or malformed id is 404 in JSON, asking nothing of the typesetter', async () => {
    for (const id of ['x'.repeat(30), 'not-an-id', '%F0%9F%98%80'.repeat(4)]) {
      const res = await ctx.app.inject({ url: `/api/orders/${id}/receipt.pdf` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }
    // Longer than the router takes for a parameter: no route, still a JSON 404.
    const long = await ctx.app.inject({ url: `/api/orders/${'a'.repeat(5000)}/receipt.pdf` });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toHaveProperty('message');
  });

  test('waiting, rejected and expired orders are 409 saying why, in the order’s language', async () => {
    const cases = [
      ['pending', 'fr', 'receipt_not_paid', /pas encore payée/],
      ['pending_verification', 'en', 'receipt_not_paid', /not paid yet/],
      ['rejected', 'fr', 'receipt_rejected', /n’a pas été validé/],
      ['expired', 'en', 'receipt_expired', /expired without payment/],
    ] as const;
    for (const [status, locale, code, message] of cases) {
      const { order } = await insertOrder(ctx.db, { guides: [dakar], status, locale });
      const res = await ctx.app.inject({ url: receiptUrl(order) });
      expect(res.statusCode, status).toBe(409);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json()).toMatchObject({ code });
      expect(res.json().message).toMatch(message);
    }
  });
});

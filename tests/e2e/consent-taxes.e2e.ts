import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { marketingConsents, orders } from '../../src/server/db/schema';
import { CONSENT_WORDING } from '../../src/shared/consent';
import { pdfPageTexts } from '../helpers/pdf';
import { endProcess, openStoppedShopDatabase } from './faults-support';
import { keepScreenshot } from './harness';
import { newPage } from './mobile-money-support';
import { fillCheckout, withShopAndBrowser } from './shop-and-browser';

/**
 * The whole trade in the open (docs/features/taxes.md, invoices.md, consent.md): a buyer from Senegal,
 * 18 % set, buys two guides with a discount and ticks the email news box, sees the tax line,
 * downloads a French invoice, is refunded one guide and gets a credit note; the tax report adds up
 * and the consent is recorded with its words.
 */
const ADMIN_KEY = 'e2e-consent-key-0123456789abcdef';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } } });

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${e2e.shop.url}${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

const LABELS = {
  fr: {
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    checkout: 'Passer à la caisse',
    heading: 'Paiement sécurisé',
  },
  en: { add: 'Add to cart', cart: 'Your cart', checkout: 'Proceed to Checkout', heading: 'Secure Checkout' },
};

/** Two guides in the cart, then the checkout. */
async function checkoutTwoGuides(page: Page, locale: 'fr' | 'en') {
  const t = LABELS[locale];
  await page.goto(`${e2e.shop.url}/?lang=${locale}`);
  const cards = page.locator('[data-testid="guide-card"]');
  await cards.nth(0).getByRole('button', { name: t.add }).click();
  const cart = page.getByRole('dialog', { name: t.cart });
  await cart.waitFor();
  await page.keyboard.press('Escape');
  await cart.waitFor({ state: 'hidden' });
  await cards.nth(1).getByRole('button', { name: t.add }).click();
  await cart.getByRole('link', { name: t.checkout }).click();
  await page.getByRole('heading', { name: t.heading, level: 1 }).waitFor();
}

const cents = (euros: string) => Math.round(Number(euros) * 100);

describe('a buyer from Senegal buying two guides', () => {
  test('ticks email news, pays with a discount and tax, gets a French invoice, then a credit note for one guide; the report adds up', async () => {
    const rates = { pricesIncludeTax: true, rates: [{ country: 'SN', rateBp: 1800, label: 'TVA 18 %' }] };
    expect((await admin('PUT', '/api/admin/settings/taxes', rates)).status).toBe(200);
    const discount = { code: 'DEUXGUIDES', kind: 'percent', value: 10 };
    expect((await admin('POST', '/api/admin/discounts', discount)).status).toBe(201);

    // The checkout as it looks before anything is typed, on a phone and a desktop, in both languages.
    for (const locale of ['fr', 'en'] as const) {
      for (const width of [390, 1280]) {
        const look = await newPage(e2e.browser, width, 900);
        await checkoutTwoGuides(look, locale);
        await look.locator('input[name="mobile"]').fill('+221 77 123 45 67');
        const box = look.getByLabel(CONSENT_WORDING.whatsapp[locale]);
        await box.waitFor();
        expect(await box.isChecked()).toBe(false);
        expect(await look.getByLabel(CONSENT_WORDING.email[locale]).isChecked()).toBe(false);
        await keepScreenshot(look, `consent-checkout-${locale}-${width}`, { fullPage: true });
        await look.context().close();
      }
    }

    const page = await newPage(e2e.browser, 390, 844);
    await checkoutTwoGuides(page, 'fr');
    await page.getByLabel('Code promo').fill('DEUXGUIDES');
    await page.getByRole('button', { name: 'Appliquer', exact: true }).click();
    await page.getByText('Réduction (DEUXGUIDES)').waitFor();
    await fillCheckout(page, {
      email: 'aminata.sn@example.com',
      firstName: 'Aminata',
      lastName: 'Sow',
      mobile: '+221 77 765 43 21',
    });
    const country = page.locator('select[name="country"]');
    await country.waitFor();
    expect(await country.inputValue()).toBe('SN');
    await page.getByText('TVA 18 %').first().waitFor();
    await page.getByLabel(CONSENT_WORDING.email.fr).check();
    await page.getByRole('button', { name: /^Payer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Merci pour votre commande !' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('TVA 18 % (incluses)');
    await dialog.getByRole('link').first().click();
    const invoiceLink = page.getByRole('link', { name: /Facture \d{4}-\d{6} \(PDF\)/ });
    await invoiceLink.waitFor();
    const invoice = await fetch(`${e2e.shop.url}${await invoiceLink.getAttribute('href')}`);
    expect(invoice.status).toBe(200);
    const invoiceText = (await pdfPageTexts(new Uint8Array(await invoice.arrayBuffer()))).join('\n');
    expect(invoiceText).toMatch(/Facture/);
    expect(invoiceText).toContain('TVA 18 %');
    expect(invoiceText).toContain('DEUXGUIDES');
    expect(invoiceText).toContain('Aminata Sow');

    const found = (await (await admin('GET', '/api/admin/orders?q=aminata.sn')).json()) as {
      orders: { id: string }[];
    };
    const orderId = found.orders[0]!.id;
    const detail = (await (await admin('GET', `/api/admin/orders/${orderId}`)).json()) as {
      items: { unitPrice: { euros: string } }[];
      amounts: { total: { euros: string } };
    };
    expect(detail.items).toHaveLength(2);
    // One guide back: its share of what was paid (the order's discount applies to it too).
    const firstPrice = Math.max(...detail.items.map((item) => cents(item.unitPrice.euros)));
    expect(firstPrice).toBeGreaterThan(0);
    const refundCents = Math.round(firstPrice * 0.9);
    const refunded = await admin('POST', `/api/admin/orders/${orderId}/refunds`, {
      requestKey: crypto.randomUUID(),
      amount: (refundCents / 100).toFixed(2),
    });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    await page.reload();
    const noteLink = page.getByRole('link', { name: /Avoir AV-\d{4}-\d{6} \(PDF\)/ });
    await noteLink.waitFor();
    const note = await fetch(`${e2e.shop.url}${await noteLink.getAttribute('href')}`);
    expect(note.status).toBe(200);
    const noteText = (await pdfPageTexts(new Uint8Array(await note.arrayBuffer()))).join('\n');
    expect(noteText).toMatch(/Avoir/);

    const today = new Date().toISOString().slice(0, 10);
    const report = await (
      await admin('GET', `/api/admin/invoices/tax-report.csv?from=${today}&to=${today}`)
    ).text();
    const sn = report.split('\r\n').find((line) => line.startsWith('"SN"'))!;
    const [, , invoices, notes, taxable, tax, total] = sn.split(',').map((cell) => cell.replaceAll('"', ''));
    expect([invoices, notes]).toEqual(['1', '1']);
    expect(cents(taxable!) + cents(tax!)).toBe(cents(total!));
    expect(cents(total!)).toBe(cents(detail.amounts.total.euros) - refundCents);

    await endProcess(e2e.shop);
    const db = await openStoppedShopDatabase(e2e.shop);
    try {
      const [order] = await db.db.select().from(orders).where(eq(orders.id, orderId));
      const rows = await db.db.select().from(marketingConsents).where(eq(marketingConsents.orderId, orderId));
      expect(rows).toEqual([
        expect.objectContaining({
          channel: 'email',
          action: 'given',
          email: 'aminata.sn@example.com',
          locale: 'fr',
          wording: CONSENT_WORDING.email.fr,
          source: 'checkout',
        }),
      ]);
      expect(order!.taxCountry).toBe('SN');
    } finally {
      await db.close();
    }
  });
});

import { describe, expect, test } from 'vitest';
import { checkoutFirstCard, keepScreenshot } from './harness';
import { newPage, signedInAdmin } from './mobile-money-support';
import { fillCheckout, withShopAndBrowser } from './shop-and-browser';

/**
 * Taxes and invoices (docs/features/taxes.md, invoices.md): a buyer from Senegal, with an 18 % rate
 * set, buys with a discount, sees the tax line, downloads a French invoice, is refunded and gets a
 * credit note; the tax report adds up.
 */
const ADMIN_KEY = 'e2e-taxes-key-0123456789abcdef';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } } });

const admin = (method: string, path: string, body?: unknown) =>
  fetch(`${e2e.shop.url}${path}`, {
    method,
    headers: { 'x-admin-key': ADMIN_KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });

describe('a buyer from Senegal', () => {
  test('sees the tax line, downloads a French invoice, and gets a credit note when refunded', async () => {
    expect(
      (
        await admin('PUT', '/api/admin/settings/taxes', {
          pricesIncludeTax: true,
          rates: [{ country: 'SN', rateBp: 1800, label: 'TVA 18 %' }],
        })
      ).status,
    ).toBe(200);
    expect(
      (await admin('POST', '/api/admin/discounts', { code: 'TERANGA10', kind: 'percent', value: 10 })).status,
    ).toBe(201);
    const page = await newPage(e2e.browser, 390, 844);
    await page.goto(`${e2e.shop.url}/?search=dakar`);
    await checkoutFirstCard(page);
    await page.getByLabel('Code promo').fill('TERANGA10');
    await page.getByRole('button', { name: 'Appliquer', exact: true }).click();
    await page.getByText('Réduction (TERANGA10)').waitFor();
    await fillCheckout(page, {
      email: 'fatou.sn@example.com',
      firstName: 'Fatou',
      lastName: 'Ndiaye',
      mobile: '+221 77 123 45 67',
    });
    // The client address (127.0.0.1) says nothing: the country is asked, prefilled from the mobile number.
    const country = page.locator('select[name="country"]');
    await country.waitFor();
    expect(await country.inputValue()).toBe('SN');
    await page.getByText('TVA 18 %').waitFor();
    const taxLine = await page.locator('dl').getByText('TVA 18 %').locator('xpath=../..').textContent();
    expect(taxLine).toMatch(/TVA 18 % \(incluses\)\d/);
    await keepScreenshot(page, 'taxes-checkout-fr-390', { fullPage: true });
    await page.getByRole('button', { name: /^Payer/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Merci pour votre commande !' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('TVA 18 % (incluses)');
    await dialog.getByRole('link').first().click();
    const invoiceLink = page.getByRole('link', { name: /Facture \d{4}-\d{6} \(PDF\)/ });
    await invoiceLink.waitFor();
    await keepScreenshot(page, 'taxes-order-fr-390', { fullPage: true });
    const invoiceUrl = await invoiceLink.getAttribute('href');
    const invoice = await fetch(`${e2e.shop.url}${invoiceUrl}`);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-disposition')).toMatch(/facture-\d{4}-\d{6}\.pdf/);

    const publicId = page.url().split('/').pop()!.split('?')[0]!;
    const orderId = await (async () => {
      const res = await admin('GET', `/api/admin/orders?q=fatou.sn`);
      const body = (await res.json()) as { orders: { id: string; publicId?: string }[] };
      return body.orders[0]!.id;
    })();
    const refunded = await admin('POST', `/api/admin/orders/${orderId}/refunds`, {
      requestKey: crypto.randomUUID(),
      amount: '1.00',
    });
    expect(refunded.status).toBe(200);
    await page.goto(`${e2e.shop.url}/order-confirmation/${publicId}`);
    const noteLink = page.getByRole('link', { name: /Avoir AV-\d{4}-\d{6} \(PDF\)/ });
    await noteLink.waitFor();
    const note = await fetch(`${e2e.shop.url}${await noteLink.getAttribute('href')}`);
    expect(note.status).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const report = await (
      await admin('GET', `/api/admin/invoices/tax-report.csv?from=${today}&to=${today}`)
    ).text();
    const sn = report.split('\r\n').find((line) => line.startsWith('"SN"'))!;
    const [, , invoices, notes, taxable, tax, total] = sn.split(',').map((cell) => cell.replaceAll('"', ''));
    expect([invoices, notes]).toEqual(['1', '1']);
    expect(Math.round(Number(taxable) * 100) + Math.round(Number(tax) * 100)).toBe(
      Math.round(Number(total) * 100),
    );
  });
});

describe('the operator', () => {
  test('sets the rates in the Settings tab, on a phone and on a desktop', async () => {
    for (const width of [390, 1280]) {
      const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'settings', width);
      const rates = page.locator('[data-testid="tax-rates"]');
      await rates.waitFor();
      await page.locator('input[name="country-0"]').waitFor();
      expect(await page.locator('input[name="country-0"]').inputValue()).toBe('SN');
      await keepScreenshot(page, `taxes-settings-${width}`, { fullPage: true });
    }
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'settings', 1280);
    await page.locator('input[name="country-0"]').waitFor();
    await page.getByRole('button', { name: 'Add a country' }).click();
    await page.locator('input[name="country-1"]').fill('ci');
    await page.locator('input[name="rate-1"]').fill('18');
    await page.getByRole('button', { name: 'Save taxes' }).click();
    await page.getByText('Orders placed from now on use these rates.').waitFor();
    const saved = (await (await admin('GET', '/api/admin/settings/taxes')).json()) as {
      rates: { country: string }[];
    };
    expect(saved.rates.map((r) => r.country)).toEqual(['CI', 'SN']);
  });
});

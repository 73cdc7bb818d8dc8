import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Order } from '../../src/shared/contracts/orders';
import type { Locale } from '../../src/shared/locale';
import { formatEuros, formatFcfa, toCents } from '../../src/shared/money';
import { pdfPageTexts } from '../helpers/pdf';
import { keepScreenshot, trackPageErrors } from './harness';
import { signedInAdmin } from './mobile-money-support';
import { payByTestCard, withShopAndBrowser } from './shop-and-browser';

// a buyer on a phone pays by
// test card, opens the order page from the confirmation and taps the receipt link, in French and
// in English.

const ADMIN_KEY = 'e2e-admin-key-receipts-0123456789';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } } });

const LABELS = {
  fr: { view: 'Voir et télécharger mes guides' },
  en: { view: 'View and download my guides' },
} satisfies Record<Locale, unknown>;

const RECEIPT_LINK = { fr: 'Télécharger le reçu (PDF)', en: 'Download the receipt (PDF)' } satisfies Record<
  Locale,
  string
>;

/** Buys the first guide found for "dakar" by test card and opens the order page; answers the order. */
async function buyAndOpenOrder(
  page: Page,
  locale: Locale,
  email = `receipt-${locale}@example.com`,
): Promise<Order> {
  const { dialog } = await payByTestCard(page, e2e.shop.url, {
    search: 'dakar',
    locale,
    shopper: { email, firstName: 'Aïssatou', lastName: 'Ndiaye', mobile: '+221 77 000 00 00' },
  });
  await dialog.getByRole('link', { name: LABELS[locale].view }).click();
  await page.getByRole('link', { name: RECEIPT_LINK[locale] }).waitFor();
  const publicId = new URL(page.url()).pathname.split('/').pop()!;
  const response = await fetch(`${e2e.shop.url}/api/orders/${publicId}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Order;
}

const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('the receipt link on the order page', () => {
  for (const locale of ['fr', 'en'] as const) {
    test(`${locale}: on a phone, the link downloads a PDF holding the order's number and amounts in both currencies`, async () => {
      const context = await e2e.browser.newContext({
        viewport: { width: 390, height: 844 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      const order = await buyAndOpenOrder(page, locale);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await keepScreenshot(page, `receipt-order-page-${locale}-390`, { fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: RECEIPT_LINK[locale] }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `${locale === 'fr' ? 'recu' : 'receipt'}-${order.orderNumber}.pdf`,
      );
      const bytes = await readFile((await download.path())!);
      const text = flat((await pdfPageTexts(bytes)).join('\n'));
      const cents = toCents(order.total);
      expect(cents).toBeGreaterThan(0);
      expect(text).toContain(order.orderNumber);
      expect(text).toContain(flat(formatFcfa(cents, locale)));
      expect(text).toContain(flat(formatEuros(cents, locale)));
      expect(text).toContain(locale === 'fr' ? 'Carte bancaire (Stripe)' : 'Card (Stripe)');
      expect(text).toContain('Aïssatou Ndiaye');
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  test('on a desktop the link sits under the downloads without widening the page', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // Another buyer: the same cart and email again would be the first payment, already made.
    await buyAndOpenOrder(page, 'fr', 'receipt-desktop@example.com');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(1280);
    await keepScreenshot(page, 'receipt-order-page-fr-1280', { fullPage: true });
    await context.close();
  });

  test('the operator, on a phone, downloads the same receipt from the order’s page in the Orders tab', async () => {
    const buyer = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
    const order = await buyAndOpenOrder(await buyer.newPage(), 'en', 'receipt-admin@example.com');
    await buyer.close();
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'orders', 390);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('link', { name: order.orderNumber }).click();
    await page.getByTestId('order-page').getByRole('heading', { name: order.orderNumber }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await keepScreenshot(page, 'receipt-admin-order-390', { fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Receipt (PDF)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`receipt-${order.orderNumber}.pdf`);
    const text = flat((await pdfPageTexts(await readFile((await download.path())!))).join('\n'));
    expect(text).toContain(`Order no. ${order.orderNumber}`);
    expect(text).toContain(flat(formatEuros(toCents(order.total), 'en')));
    await page.context().close();
  });
});

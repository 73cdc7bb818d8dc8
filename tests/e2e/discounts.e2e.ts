import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { checkoutFirstCard, chooseCheckoutTab, keepScreenshot, trackPageErrors } from './harness';
import { newPage, SHOPPER, signedInAdmin } from './mobile-money-support';
import { withShopAndBrowser } from './shop-and-browser';

/**
 * discount codes: the operator creates a code in the Discount Codes tab on a phone, then
 * shoppers buy with it by card (in French) and by mobile money (in English), at phone width.
 */
const ADMIN_KEY = 'e2e-discounts-key-0123456789abcdef';
const e2e = withShopAndBrowser({ shop: { env: { ADMIN_API_KEY: ADMIN_KEY } } });

/** The code's uses as the admin API reports them. */
async function usesOf(code: string): Promise<{ held: number; used: number }> {
  const res = await fetch(`${e2e.shop.url}/api/admin/discounts`, { headers: { 'x-admin-key': ADMIN_KEY } });
  const { codes } = (await res.json()) as { codes: { code: string; uses: { held: number; used: number } }[] };
  return codes.find((c) => c.code === code)!.uses;
}

async function applyCode(page: Page, label: string, button: string, code: string) {
  await page.getByLabel(label).fill(code);
  await page.getByRole('button', { name: button, exact: true }).click();
}

describe('discount codes', () => {
  test('the operator creates a code on a phone; it is listed with its uses', async () => {
    const page = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'mobile-money', 390);
    const errors = trackPageErrors(page);
    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Discount Codes' })
      .click();
    await page.getByText('No discount codes yet').waitFor();
    await page.getByRole('button', { name: 'New code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New discount code' });
    await dialog.getByLabel(/^Code/).fill('bienvenue20');
    await dialog.getByLabel('Percentage (1–100)').fill('120');
    await dialog.getByRole('button', { name: 'Create' }).click();
    // The server's refusal shows under the field it names, and nothing is created.
    await dialog.getByText(/whole number from 1 to 100|less than or equal to 100/).waitFor();
    await keepScreenshot(page, 'discounts-dialog-390', { fullPage: true });
    await dialog.getByLabel('Percentage (1–100)').fill('20');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const row = page.locator('[data-testid="discount-row"][data-code="bienvenue20"]');
    await row.waitFor();
    expect(await row.getByTestId('discount-uses').textContent()).toBe('0 used');
    await keepScreenshot(page, 'discounts-tab-390', { fullPage: true });
    const desktop = await signedInAdmin(e2e.browser, e2e.shop.url, ADMIN_KEY, 'mobile-money', 1280);
    await desktop
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Discount Codes' })
      .click();
    await desktop.locator('[data-testid="discount-row"]').first().waitFor();
    await keepScreenshot(desktop, 'discounts-tab-1280', { fullPage: true });
    // The one refused request (a 120 % code) is all that failed.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });

  test('a shopper pays by card in French with the code, typed in another case', async () => {
    const page = await newPage(e2e.browser, 390, 844);
    await page.goto(`${e2e.shop.url}/?search=dakar`);
    await checkoutFirstCard(page);
    const pay = page.getByRole('button', { name: /^Payer/ });
    const before = await pay.textContent();

    await applyCode(page, 'Code promo', 'Appliquer', 'NOPE-404');
    await page.getByText('Ce code promo n’existe pas. Vérifiez son orthographe.').waitFor();
    await applyCode(page, 'Code promo', 'Appliquer', 'BIENVENUE20');
    await page.getByText('Réduction (bienvenue20)').waitFor();
    expect(await pay.textContent()).not.toBe(before);
    await keepScreenshot(page, 'discounts-checkout-fr-390', { fullPage: true });

    for (const [name, value] of Object.entries({ email: 'awa.promo@example.com', ...SHOPPER })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await pay.click();
    await page.getByRole('dialog', { name: 'Merci pour votre commande !' }).waitFor();
    expect(await usesOf('bienvenue20')).toEqual({ held: 0, used: 1 });
  });

  test('a shopper orders by mobile money in English: the amount to pay is the discounted one', async () => {
    const page = await newPage(e2e.browser, 390, 844);
    await page.goto(`${e2e.shop.url}/?search=abidjan&lang=en`);
    await checkoutFirstCard(page, 'en');
    await chooseCheckoutTab(page, 'Pay with mobile money');
    await applyCode(page, 'Promo code', 'Apply', 'été');
    await page.getByText('A promo code has 3 to 32 letters, digits, dashes or underscores.').waitFor();
    await applyCode(page, 'Promo code', 'Apply', 'Bienvenue20');
    await page.getByText('Discount (bienvenue20)').waitFor();
    await keepScreenshot(page, 'discounts-checkout-en-390', { fullPage: true });
    for (const [name, value] of Object.entries({ email: 'kofi.promo@example.com', ...SHOPPER })) {
      await page.locator(`input[name="${name}"]`).fill(value);
    }
    await page.getByRole('button', { name: 'Order and pay with mobile money' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay by mobile money' });
    await dialog.getByText(/Discount \(bienvenue20\): −€/).waitFor();
    await keepScreenshot(page, 'discounts-mobile-money-en-390', { fullPage: true });
    expect(await usesOf('bienvenue20')).toEqual({ held: 1, used: 1 });
  });
});

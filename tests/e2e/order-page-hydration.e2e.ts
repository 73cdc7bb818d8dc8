import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Locale } from '../../src/shared/locale';
import { checkoutFirstCard, trackPageErrors } from './harness';
import { orderByMobileMoney, SHOPPER } from './mobile-money-support';
import { payByTestCard, withShopAndBrowser } from './shop-and-browser';

/**
 * The order page, opened fresh (server HTML, then hydration) in each state the payment flows reach,
 * at phone width in both languages: the browser's first render equals the server's HTML, so React
 * reports no hydration mismatch, and nothing else fails either.
 */
const e2e = withShopAndBrowser({
  shop: { env: { MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/pay?ref={reference}&amount={amount}' } },
});

const HEADINGS = {
  paid: { fr: 'Commande terminée !', en: 'Order Complete!' },
} satisfies Record<string, Record<Locale, string>>;

async function phonePage(): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
  return context.newPage();
}

/** The order page's address, from the link in the dialog that ends a checkout. */
async function orderPathIn(dialog: Locator): Promise<string> {
  const href = await dialog.locator('a[href*="/order-confirmation/"]').first().getAttribute('href');
  const path = /\/order-confirmation\/[A-Za-z0-9_-]{22,}/.exec(href ?? '')?.[0];
  if (!path) throw new Error(`No order page link in the dialog (${href})`);
  return path;
}

/**
 * Opens the order page in a page of its own and waits until React has hydrated its heading (React
 * marks each element it owns with a `__reactProps…` key; a mismatch is reported as it commits).
 */
async function openFresh(path: string, locale: Locale, setUp?: (page: Page) => Promise<unknown>) {
  const page = await phonePage();
  const errors = trackPageErrors(page);
  if (setUp) await setUp(page);
  await page.goto(`${e2e.shop.url}${path}${locale === 'en' ? '?lang=en' : ''}`);
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1, h1');
    return heading !== null && Object.keys(heading).some((k) => k.startsWith('__reactProps'));
  });
  // One more round trip, so that what the page reported while committing has arrived.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return { page, errors };
}

describe.each(['fr', 'en'] as const)('the order page hydrates without a mismatch (%s)', (locale) => {
  test('paid by card', async () => {
    const buyer = await phonePage();
    const { dialog } = await payByTestCard(buyer, e2e.shop.url, {
      search: 'dakar',
      locale,
      shopper: { email: `paid-${locale}@example.com`, ...SHOPPER },
    });
    const path = await orderPathIn(dialog);
    await buyer.context().close();

    const { page, errors } = await openFresh(path, locale);
    await page.getByRole('heading', { name: HEADINGS.paid[locale] }).waitFor();
    // The offline button depends on the browser: it appears after hydration, not in the server's HTML.
    await page
      .getByRole('button', { name: locale === 'fr' ? 'Garder hors ligne' : 'Save for offline' })
      .first()
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('free order', async () => {
    const buyer = await phonePage();
    await buyer.goto(`${e2e.shop.url}/?search=${encodeURIComponent('kit de depart')}`);
    await checkoutFirstCard(buyer);
    for (const [name, value] of Object.entries({ email: `free-${locale}@example.com`, ...SHOPPER }))
      await buyer.locator(`input[name="${name}"]`).fill(value);
    await buyer.getByRole('button', { name: 'Recevoir mes guides gratuits' }).click();
    const path = await orderPathIn(buyer.getByRole('dialog', { name: 'Merci pour votre commande !' }));
    await buyer.context().close();

    const { page, errors } = await openFresh(path, locale);
    await page.getByRole('heading', { name: HEADINGS.paid[locale] }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('awaiting the mobile-money receipt', async () => {
    const buyer = await phonePage();
    const { dialog } = await orderByMobileMoney(buyer, e2e.shop.url, 'dakar', `mm-${locale}@example.com`);
    const path = await orderPathIn(dialog);
    await buyer.context().close();

    const { page, errors } = await openFresh(path, locale);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('English kept only in localStorage, the page then switching to it', async () => {
    const buyer = await phonePage();
    const { dialog } = await payByTestCard(buyer, e2e.shop.url, {
      search: 'dakar',
      locale,
      shopper: { email: `stored-${locale}@example.com`, ...SHOPPER },
    });
    const path = await orderPathIn(dialog);
    await buyer.context().close();

    // No cookie and no ?lang=: the server draws French, the browser hydrates it, then applies English.
    const { page, errors } = await openFresh(path, 'fr', (p) =>
      p.addInitScript(() => localStorage.setItem('lang', 'en')),
    );
    await page.getByRole('heading', { name: HEADINGS.paid.en }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Locale } from '../../src/shared/locale';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { checkoutFirstCard, launchBrowser, type RunningShop, startShop } from './harness';

/** What a browser file runs against, filled before its first test (read it inside tests and hooks). */
export interface ShopAndBrowser {
  shop: RunningShop;
  browser: Browser;
  /** Set when asked for with `smtp`: the shop's SMTP_URL points at it. */
  smtp: TestSmtpServer;
}

export type StartShopOptions = NonNullable<Parameters<typeof startShop>[0]>;

/**
 * A browser file's set-up: before its tests, a fresh shop (`startShop`'s options), Chromium (or
 * `browser()`) and, with `smtp`, a local SMTP server the shop sends to, started together; after
 * them, all stopped. `shop` may be a function, for options that need the SMTP server's address.
 */
export function withShopAndBrowser(
  options: {
    shop?: StartShopOptions | ((smtp: TestSmtpServer | undefined) => StartShopOptions);
    smtp?: boolean | { acceptDelayMs?: number };
    browser?: () => Promise<Browser>;
  } = {},
): ShopAndBrowser {
  const running = {} as ShopAndBrowser;
  beforeAll(async () => {
    if (options.smtp)
      running.smtp = await startSmtpServer(typeof options.smtp === 'object' ? options.smtp : {});
    const smtp = running.smtp as TestSmtpServer | undefined;
    const shopOptions = typeof options.shop === 'function' ? options.shop(smtp) : { ...options.shop };
    if (smtp) shopOptions.env = { SMTP_URL: smtp.url, ...shopOptions.env };
    [running.shop, running.browser] = await Promise.all([
      startShop(shopOptions),
      (options.browser ?? launchBrowser)(),
    ]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.shop?.stop();
    await running.smtp?.close();
  });
  return running;
}

/** What a test card checkout asks for, as a shopper in Dakar would type it. */
export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
}

/** Types each value into the checkout input of that name. */
export async function fillCheckout(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
}

const CARD_LABELS = {
  fr: { pay: /^Payer/, thanks: 'Merci pour votre commande !' },
  en: { pay: /^Pay/, thanks: 'Thank you for your order!' },
} satisfies Record<Locale, unknown>;

/**
 * Buys the first guide found for `search` by test card (the shop runs without Stripe keys): the
 * cart, the checkout form, Pay, and the thank-you dialog. Answers the dialog and the order number it
 * shows. `beforePay` runs on the filled form, e.g. to check what it says.
 */
export async function payByTestCard(
  page: Page,
  shopUrl: string,
  options: { search: string; shopper: Shopper; locale?: Locale; beforePay?: () => Promise<void> },
): Promise<{ dialog: Locator; orderNumber: string }> {
  const locale = options.locale ?? 'fr';
  const lang = locale === 'en' ? '&lang=en' : '';
  await page.goto(`${shopUrl}/?search=${encodeURIComponent(options.search)}${lang}`);
  await checkoutFirstCard(page, locale);
  await fillCheckout(page, { ...options.shopper });
  await options.beforePay?.();
  await page.getByRole('button', { name: CARD_LABELS[locale].pay }).click();
  const dialog = page.getByRole('dialog', { name: CARD_LABELS[locale].thanks });
  await dialog.waitFor();
  const orderNumber = (await dialog.textContent())?.match(/GA-[A-Z0-9]+/)?.[0];
  expect(orderNumber).toBeTruthy();
  return { dialog, orderNumber: orderNumber! };
}

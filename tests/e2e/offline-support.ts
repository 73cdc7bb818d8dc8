import { createHash } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import {
  type BuyerNetwork,
  type ShopBehindNetwork,
  savedGuideDigest,
  startShopBehindNetwork,
} from './network-support';

/** A file's shop with one large guide ordered, Chromium and the buyer's network; with `smtp`, mail too. */
export type OfflineSetup = ShopBehindNetwork & { smtp: TestSmtpServer };

/**
 * The offline files' set-up: before their tests, `startShopBehindNetwork` (and, with `smtp`, an SMTP
 * server the shop sends to); after each, the network back on; after all, everything stopped.
 * Read the returned object's fields inside tests: they are filled before the first one.
 */
export function withShopBehindNetwork(options: {
  env?: Record<string, string>;
  guide: { title: string; locale: 'fr' | 'en' };
  smtp?: boolean;
}): OfflineSetup {
  const setup = {} as OfflineSetup;
  beforeAll(async () => {
    const env = { ...options.env };
    if (options.smtp) {
      setup.smtp = await startSmtpServer();
      env.SMTP_URL = setup.smtp.url;
    }
    Object.assign(setup, await startShopBehindNetwork({ env, guide: options.guide }));
  });
  afterEach(() => {
    if (setup.network) setup.network.dark = false;
  });
  afterAll(async () => {
    await setup.stop?.();
    await setup.smtp?.close();
  });
  return setup;
}

/**
 * Switches the buyer's network off or on: Chromium's offline mode, and the buyer's network dropping
 * every connection, since that mode does not reach service workers.
 */
export async function setNetwork(context: BrowserContext, network: BuyerNetwork, on: boolean): Promise<void> {
  network.dark = !on;
  await context.setOffline(!on);
}

/** With no network, reloads the page and waits for the offline page listing the saved guide. */
export async function reloadOffline(page: Page, network: BuyerNetwork, guideTitle: string): Promise<void> {
  await setNetwork(page.context(), network, false);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();
  await page.getByText(guideTitle).waitFor();
}

/** Taps Open on the saved guide: it opens from the phone, as the stamped copy byte for byte. */
export async function expectSavedGuideOpens(page: Page, stamped: Buffer): Promise<void> {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Open', exact: true }).click(),
  ]);
  expect(tab.url()).toMatch(/^blob:/);
  expect(await savedGuideDigest(page)).toBe(createHash('sha256').update(stamped).digest('hex'));
  await tab.close();
}

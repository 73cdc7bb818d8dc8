import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { keepScreenshot, type RunningShop, trackPageErrors } from './harness';
import {
  type BuyerNetwork,
  type ShopBehindNetwork,
  savedGuideDigest,
  stampedCopy,
  startShopBehindNetwork,
} from './network-support';

// Issue 20: the order page as an installable app. A guide saved for offline opens from the phone
// with the network switched off (Chromium's offline mode, and the buyer's network dropping every
// connection, since that mode does not reach service workers), and removing it frees its space.

let setup: ShopBehindNetwork;
let shop: RunningShop;
let network: BuyerNetwork;
let browser: Browser;
let order: ShopBehindNetwork['order'];

beforeAll(async () => {
  setup = await startShopBehindNetwork({ guide: { title: 'Saint-Louis in pictures', locale: 'en' } });
  ({ shop, network, browser, order } = setup);
});
afterEach(() => {
  if (network) network.dark = false;
});
afterAll(async () => {
  await setup?.stop();
});

const usage = async (page: Page) =>
  Number(await page.locator('[data-offline-usage]').getAttribute('data-offline-usage'));

test('saved for offline, the order page opens without a network, lists the guide, opens it, and Remove frees it', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  const orderUrl = `${network.url}/order-confirmation/${order.publicId}?lang=en`;
  await page.goto(orderUrl);
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();

  // Installable: a manifest with its icons, and a worker for the order pages only.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await fetch(new URL(manifestHref!, network.url))).json();
  expect(manifest).toMatchObject({
    start_url: `/order-confirmation/${order.publicId}`,
    display: 'standalone',
  });
  const scopes = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname);
  });
  expect(scopes).toEqual(['/order-confirmation/']);

  const before = await usage(page);
  await page.getByRole('button', { name: 'Save for offline' }).click();
  await page.getByText(/^Saved on this phone · 1[.,]\d MB$/).waitFor();
  await expect.poll(() => usage(page), { timeout: 15_000 }).toBeGreaterThan(before + 1_000_000);
  const stamped = await stampedCopy(shop.url, order.publicId, order.guideId);
  await keepScreenshot(page, 'offline-saved-390');

  // No network at all.
  network.dark = true;
  await context.setOffline(true);
  await page.reload({ waitUntil: 'domcontentloaded' });
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();
  await page.getByText('Saint-Louis in pictures').waitFor();
  await keepScreenshot(page, 'offline-no-network-390');

  // It opens from the phone, as the stamped copy byte for byte.
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Open', exact: true }).click(),
  ]);
  expect(tab.url()).toMatch(/^blob:/);
  const digest = await savedGuideDigest(page);
  expect(digest).toBe(createHash('sha256').update(stamped).digest('hex'));
  await tab.close();

  // Remove frees the space.
  const saved = await usage(page);
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await page.getByText('No guide from this order is saved on this phone.').waitFor();
  // The guide's cache is gone; Chromium's estimate gives the space back later (when it compacts).
  const left = await page.evaluate(async () =>
    (await caches.keys()).filter((key) => key.startsWith('guide-offline-v1:')),
  );
  expect(left).toEqual([]);
  expect(await usage(page)).toBeLessThanOrEqual(saved);
  await page.getByText(/Guide removed from this phone: 1[.,]\d MB freed/).waitFor();
  await keepScreenshot(page, 'offline-removed-390');

  // The network is back: the page is the order, fresh from the shop.
  network.dark = false;
  await context.setOffline(false);
  await page.reload();
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  // The offline shell's root is empty, so React reports that it rendered it instead of hydrating
  // (kept out of every page's first load: DEVIATIONS 117); the network's own failures aside, nothing else.
  const expected = /ERR_INTERNET_DISCONNECTED|Failed to load resource|net::|Minified React error #418/;
  expect(errors.filter((error) => !expected.test(error))).toEqual([]);
  await context.close();
}, 120_000);

test('the worker never answers for the shop’s other pages: without a network they do not open', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${network.url}/order-confirmation/${order.publicId}`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  const shopPage = await context.newPage();
  await shopPage.goto(`${network.url}/guides`);
  expect(await shopPage.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  network.dark = true;
  await context.setOffline(true);
  for (const address of ['/', '/guides', '/admin/orders']) {
    const other = await context.newPage();
    await expect(other.goto(`${network.url}${address}`), address).rejects.toThrow(/ERR_/);
    await other.close();
  }
  // While the order page itself, in French, still opens from the phone.
  const offline = await context.newPage();
  await offline.goto(`${network.url}/order-confirmation/${order.publicId}`);
  await offline.getByRole('heading', { name: 'Vous êtes hors ligne' }).waitFor();
  await keepScreenshot(offline, 'offline-no-network-1280');
  network.dark = false;
  await context.close();
});

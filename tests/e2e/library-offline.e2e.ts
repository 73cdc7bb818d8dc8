import { expect, test } from 'vitest';
import { LIBRARY_TOKEN_FRAGMENT } from '../../src/shared/library-pages';
import { readEmail } from '../helpers/mail';
import { keepScreenshot, trackPageErrors } from './harness';
import { stampedCopy } from './network-support';
import { expectSavedGuideOpens, reloadOffline, setNetwork, withShopBehindNetwork } from './offline-support';

// "My guides" as an installable app. Signed in, the buyer saves a guide for
// offline from the library; with the network switched off (Chromium's offline mode, and the
// buyer's network dropping every connection) the library opens, lists the saved guide, and opens it.

const EMAIL = 'awa.diop@gmail.com';
const e2e = withShopBehindNetwork({ guide: { title: 'Gorée in pictures', locale: 'en' }, smtp: true });

test('saved from the library, the library opens without a network, lists the guide and opens it', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${e2e.network.url}/my-guides?lang=en`);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByRole('button', { name: 'Send me my link' }).click();
  const mails = () => e2e.smtp.received.filter((m) => /My guides/.test(readEmail(m.raw).subject));
  await expect.poll(() => mails().length, { timeout: 20_000 }).toBe(1);
  const link = new RegExp(`/my-guides\\S*#${LIBRARY_TOKEN_FRAGMENT}=[A-Za-z0-9_-]{43}`).exec(
    readEmail(mails()[0]!.raw).text,
  )?.[0];
  expect(link).toBeTruthy();
  // Through the buyer's network, so the cookie and the worker belong to the address the phone uses.
  // (A fresh load, as from the email app: a change of fragment alone would not reload the page.)
  await page.goto('about:blank');
  await page.goto(`${e2e.network.url}${link}`);
  await page.getByRole('button', { name: 'Open my guides' }).click();
  await page.getByRole('heading', { name: /^Order GA-/ }).waitFor();

  // Installable: the manifest starts at the library, the worker answers for the library only.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await (await fetch(new URL(manifestHref!, e2e.network.url))).json();
  expect(manifest).toMatchObject({ start_url: '/my-guides', display: 'standalone' });
  const scopes = await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    return (await navigator.serviceWorker.getRegistrations()).map((r) => new URL(r.scope).pathname);
  });
  expect(scopes).toEqual(['/my-guides']);

  await page.getByRole('button', { name: 'Save for offline' }).click();
  await page.getByText(/^Saved on this phone · 1[.,]\d MB$/).waitFor();
  await keepScreenshot(page, 'library-offline-saved-390', { fullPage: true });

  await reloadOffline(page, e2e.network, 'Gorée in pictures');
  await keepScreenshot(page, 'library-offline-no-network-390');
  // What opens is the stamped copy kept on the phone, byte for byte.
  await expectSavedGuideOpens(page, await stampedCopy(e2e.shop.url, e2e.order.publicId, e2e.order.guideId));

  // Back online: the library itself, fresh from the shop, the guide still marked as saved.
  await setNetwork(context, e2e.network, true);
  await page.reload();
  await page.getByRole('heading', { name: /^Order GA-/ }).waitFor();
  await page.getByText(/^Saved on this phone · 1[.,]\d MB$/).waitFor();
  const expected =
    /ERR_INTERNET_DISCONNECTED|Failed to load resource|net::|status of 401|error occurred when fetching the script/;
  expect(errors.filter((error) => !expected.test(error))).toEqual([]);
  await context.close();
}, 120_000);

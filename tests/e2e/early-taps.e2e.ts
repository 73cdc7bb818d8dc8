import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { keepScreenshot, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

// A tap made after a button is drawn and before the app's JavaScript has run is not lost: it is
// shown as taken at once and done the moment the app is ready. The test holds the app's scripts
// back itself (no timing involved), taps, then lets them through. Phone and laptop, both languages.

const e2e = withShopAndBrowser();

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;
const UI = {
  fr: {
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    search: 'Rechercher un guide',
    toggle: 'passer en anglais',
    other: 'en',
  },
  en: {
    add: 'Add to cart',
    cart: 'Your cart',
    search: 'Search guides',
    toggle: 'switch to French',
    other: 'fr',
  },
} as const;

/** A page whose JavaScript modules wait until `release()` is called. */
async function pageWithScriptsHeld(viewport: { width: number; height: number }) {
  const context = await e2e.browser.newContext({ viewport });
  const page = await context.newPage();
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  return {
    page,
    release: async () => {
      released = true;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

const cartCount = (page: Page) =>
  page.evaluate(() =>
    (JSON.parse(localStorage.getItem('cart') ?? '[]') as { quantity: number }[]).reduce(
      (n, i) => n + i.quantity,
      0,
    ),
  );

/** A paid guide as the cart keeps it (what the checkout reads from localStorage). */
async function paidCartGuide(lang: 'fr' | 'en') {
  const guides = (await (await fetch(`${e2e.shop.url}/api/travel-guides?locale=${lang}`)).json()) as {
    id: string;
    slug: string;
    title: string;
    price: string;
    imageUrl: string | null;
    locale: string;
  }[];
  const { id, slug, title, price, imageUrl, locale } = guides.find((g) => g.price !== '0.00')!;
  return { id, slug, title, price, imageUrl, locale };
}

/** The French checkout on a phone, a paid guide in the cart, its scripts held until `release()`. */
async function phoneCheckoutWithScriptsHeld(options: { clock?: boolean } = {}) {
  const guide = await paidCartGuide('fr');
  const { page, release } = await pageWithScriptsHeld(SIZES[0][1]);
  if (options.clock) await page.clock.install();
  await page.addInitScript(
    (item) => localStorage.setItem('cart', JSON.stringify([{ guide: item, quantity: 1 }])),
    guide,
  );
  await page.goto(`${e2e.shop.url}/checkout?lang=fr`, { waitUntil: 'commit' });
  return { page, release, guide, tab: page.getByRole('tab', { name: 'Payer par mobile money' }) };
}

describe('taps before the app is ready', () => {
  for (const lang of ['fr', 'en'] as const)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: two taps on Add to cart before the scripts run are shown at once and both counted`, async () => {
        const { page, release } = await pageWithScriptsHeld(size);
        const errors = trackPageErrors(page);
        await page.goto(`${e2e.shop.url}/guides/senegal-dakar-essentiel-fr?lang=${lang}`, {
          waitUntil: 'commit',
        });
        const add = page.getByRole('button', { name: UI[lang].add }).first();
        await add.click();
        await add.click();
        expect(await add.getAttribute('data-tapped')).toBe('');
        expect(await cartCount(page)).toBe(0);
        await release();
        await page.getByRole('dialog', { name: UI[lang].cart }).waitFor();
        await expect.poll(() => cartCount(page)).toBe(2);
        expect(await add.getAttribute('data-tapped')).toBeNull();
        expect(errors).toEqual([]);
        await page.context().close();
      });

      test(`${lang}, ${label}: the search button and the language toggle tapped early do their work once the app is ready`, async () => {
        const search = await pageWithScriptsHeld(size);
        await search.page.goto(`${e2e.shop.url}/?lang=${lang}`, { waitUntil: 'commit' });
        await search.page.getByRole('button', { name: UI[lang].search }).click();
        await search.release();
        await search.page.getByRole('searchbox').waitFor();
        await search.page.context().close();

        const toggle = await pageWithScriptsHeld(size);
        await toggle.page.goto(`${e2e.shop.url}/?lang=${lang}`, { waitUntil: 'commit' });
        const button = toggle.page.getByRole('button', { name: UI[lang].toggle });
        await button.click();
        expect(await button.getAttribute('data-tapped')).toBe('');
        await toggle.release();
        await expect
          .poll(() => toggle.page.evaluate(() => document.documentElement.lang))
          .toBe(UI[lang].other);
        await toggle.page.context().close();
      });
    }

  for (const lang of ['fr', 'en'] as const)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: the checkout shows its title, summary and the payment spinner from the first paint, and never drops them while it loads`, async () => {
        const guide = await paidCartGuide(lang);
        const { page, release } = await pageWithScriptsHeld(size);
        await page.addInitScript((item) => {
          localStorage.setItem('cart', JSON.stringify([{ guide: item, quantity: 1 }]));
          const seen = window as unknown as { __headingRemoved?: boolean };
          new MutationObserver((records) => {
            for (const record of records)
              for (const node of record.removedNodes)
                if (node instanceof Element && (node.matches('h1') || node.querySelector('h1')))
                  seen.__headingRemoved = true;
          }).observe(document, { subtree: true, childList: true });
        }, guide);
        await page.goto(`${e2e.shop.url}/checkout?lang=${lang}`, { waitUntil: 'commit' });
        await page
          .getByRole('heading', { level: 1, name: lang === 'fr' ? 'Paiement sécurisé' : 'Secure Checkout' })
          .waitFor();
        await page.getByRole('status').first().waitFor();
        const tab = page.getByRole('tab', {
          name: lang === 'fr' ? 'Payer par mobile money' : 'Pay with mobile money',
        });
        await tab.click();
        await release();
        await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
        await page.getByRole('listitem').filter({ hasText: guide.title }).first().waitFor();
        expect(
          await page.evaluate(() => (window as unknown as { __headingRemoved?: boolean }).__headingRemoved),
        ).toBeUndefined();
        await page.context().close();
      });
    }

  test('on a phone, before the cart is read the checkout shows no amount and keeps its rows’ room (the promo field drawn, not yet usable): the tabs move only by the guide row’s extra height', async () => {
    const { page, release, guide, tab } = await phoneCheckoutWithScriptsHeld();
    await tab.waitFor();
    const top = async () => (await tab.boundingBox())?.y ?? Number.NaN;
    const before = await top();
    // The server cannot know the cart: not "Gratuit" for a cart that has a paid guide in it.
    const total = page.locator('dt', { hasText: /^Total$/ }).locator('xpath=following-sibling::dd');
    expect(await total.textContent()).toBe('…');
    // The promo field keeps its room, and takes no code the app could not yet apply.
    const promo = page.getByLabel('Code promo');
    expect(await promo.isDisabled()).toBe(true);
    await keepScreenshot(page, 'checkout-before-the-cart-is-read-390');
    await release();
    const row = page.getByRole('listitem').filter({ hasText: guide.title }).first();
    await row.waitFor();
    await expect.poll(() => total.textContent()).toContain('FCFA');
    expect(await promo.isEnabled()).toBe(true);
    // The one row kept for the cart is 64 px tall; a taller title row moves the tabs by the rest only
    // (before, the tabs moved by the whole row and the promo field: 184 px for a three-line title).
    const rowHeight = (await row.boundingBox())?.height ?? Number.NaN;
    expect(Math.abs((await top()) - before - (rowHeight - 64))).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  test('a tap waits however long the phone takes to run the scripts: the mobile-money tab after 25 s', async () => {
    // The page's clock is the test's: 25 seconds pass at once, without waiting for them.
    const { page, release, tab } = await phoneCheckoutWithScriptsHeld({ clock: true });
    await tab.click();
    await page.clock.runFor(25_000);
    expect(await tab.getAttribute('data-tapped')).toBe('');
    await release();
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await page.getByRole('button', { name: 'Commander et payer par mobile money' }).waitFor();
    await page.context().close();
  });

  test('the cart button tapped before the scripts run opens the cart once they have', async () => {
    const { page, release } = await pageWithScriptsHeld(SIZES[0][1]);
    await page.goto(`${e2e.shop.url}/?lang=fr`, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Ouvrir le panier' }).click();
    await release();
    await page.getByRole('dialog', { name: 'Votre panier' }).waitFor();
    await page.context().close();
  });
});

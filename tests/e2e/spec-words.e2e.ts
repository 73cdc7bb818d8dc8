import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { GuidePage } from '../../src/shared/contracts/catalogue';
import { seedCatalogue } from '../helpers/catalogue';
import { keepScreenshot, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

// What the specification says, as a shopper sees it on a phone and a laptop in both languages: the
// checkout's tax line "0.00" in the shop's money format, its 'Secure Checkout' title for a free cart
// too, a country page's "Showing X of Y guides" and Load More, and a home page without page links.

const e2e = withShopAndBrowser({
  shop: { prepare: async ({ db }) => void (await seedCatalogue(db, 200)) },
});

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;
const LANGS = ['fr', 'en'] as const;
const UI = {
  fr: {
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    checkout: 'Passer à la caisse',
    title: 'Paiement sécurisé',
    free: 'Vos guides gratuits',
    tax: 'Taxes',
    zero: '0,00 €',
    more: 'Charger plus',
    showing: (shown: number, total: number) => `${shown} sur ${total} guides affichés`,
  },
  en: {
    add: 'Add to cart',
    cart: 'Your cart',
    checkout: 'Proceed to Checkout',
    title: 'Secure Checkout',
    free: 'Your free guides',
    tax: 'Tax',
    zero: '€0.00',
    more: 'Load More',
    showing: (shown: number, total: number) => `Showing ${shown} of ${total} guides`,
  },
};

async function newPage(viewport: { width: number; height: number }, javaScriptEnabled = true) {
  const context = await e2e.browser.newContext({ viewport, javaScriptEnabled });
  return context.newPage();
}

/** Puts the first guide found for `search` in the cart and opens the checkout. */
async function checkoutWith(page: Page, lang: 'fr' | 'en', search: string) {
  await page.goto(`${e2e.shop.url}/?lang=${lang}&search=${encodeURIComponent(search)}`);
  await page
    .locator('[data-testid="guide-card"]')
    .first()
    .getByRole('button', { name: UI[lang].add })
    .click();
  await page
    .getByRole('dialog', { name: UI[lang].cart })
    .getByRole('link', { name: UI[lang].checkout })
    .click();
  await page.locator('form input[name="email"]').waitFor();
}

/** The summary's line `label` as shown: its term and its amount. */
async function summaryLine(page: Page, label: string): Promise<string> {
  const line = page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  return (await line.innerText()).replace(/\s+/g, ' ').trim();
}

const api = async (query: string): Promise<GuidePage> =>
  (await fetch(`${e2e.shop.url}/api/travel-guides/page?${query}`)).json() as Promise<GuidePage>;
const cardTitles = (page: Page) => page.locator('[data-testid="guide-card"] h3').allTextContents();

describe('the checkout says what the specification says', () => {
  for (const lang of LANGS)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: 'Secure Checkout' with the tax line at ${UI[lang].zero}, for a paid and a free cart`, async () => {
        const page = await newPage(size);
        const errors = trackPageErrors(page);
        await checkoutWith(page, lang, 'abidjan');
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(UI[lang].title);
        expect(await summaryLine(page, UI[lang].tax)).toBe(`${UI[lang].tax} ${UI[lang].zero}`);
        await keepScreenshot(page, `spec-checkout-${lang}-${size.width}`);
        await page.context().close();

        const free = await newPage(size);
        await checkoutWith(free, lang, 'kit de depart');
        expect(await free.getByRole('heading', { level: 1 }).innerText()).toBe(UI[lang].title);
        await free.getByText(UI[lang].free, { exact: true }).waitFor();
        expect(await summaryLine(free, UI[lang].tax)).toBe(`${UI[lang].tax} ${UI[lang].zero}`);
        await keepScreenshot(free, `spec-checkout-free-${lang}-${size.width}`);
        await free.context().close();
        expect(errors).toEqual([]);
      });
    }
});

describe('a country page: 12 guides, "Showing X of Y guides" and Load More', () => {
  for (const lang of LANGS)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: Load More adds the next 12 in place with JavaScript, and opens page 2 without it`, async () => {
        const query = `locale=${lang}&country=maroc&size=12`;
        const [first, second] = [await api(`${query}&page=1`), await api(`${query}&page=2`)];
        expect(first.total).toBeGreaterThan(24);
        const page = await newPage(size);
        const errors = trackPageErrors(page);
        await page.goto(`${e2e.shop.url}/maroc?lang=${lang}`);
        await page.getByText(UI[lang].showing(12, first.total)).waitFor();
        expect(await cardTitles(page)).toEqual(first.guides.map((g) => g.title));
        const more = page.getByRole('link', { name: UI[lang].more });
        await more.click();
        await page.getByText(UI[lang].showing(24, first.total)).waitFor();
        await expect
          .poll(() => cardTitles(page))
          .toEqual([...first.guides, ...second.guides].map((g) => g.title));
        expect(new URL(page.url()).search).toBe(`?lang=${lang}`);
        await more.scrollIntoViewIfNeeded();
        await keepScreenshot(page, `spec-load-more-${lang}-${size.width}`);
        expect(errors).toEqual([]);
        await page.context().close();

        const plain = await newPage(size, false);
        await plain.goto(`${e2e.shop.url}/maroc?lang=${lang}`);
        await plain.getByRole('link', { name: UI[lang].more }).click();
        await plain.waitForURL(new RegExp(`/maroc\\?lang=${lang}&page=2$`));
        await plain.getByText(UI[lang].showing(12, first.total)).waitFor();
        expect(await cardTitles(plain)).toEqual(second.guides.map((g) => g.title));
        await plain.context().close();
      });
    }
});

describe('the home page', () => {
  for (const lang of LANGS)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: three guides and the view-all link, no page links; /?page=2 is /guides' page 2`, async () => {
        const page = await newPage(size);
        await page.goto(`${e2e.shop.url}/?lang=${lang}`);
        await expect.poll(async () => (await cardTitles(page)).length).toBe(3);
        expect(await page.locator('main a[href*="page="]').count()).toBe(0);
        expect(await page.locator('main').innerText()).not.toMatch(/Page 1 (sur|of)/);
        await page.goto(`${e2e.shop.url}/?page=2&lang=${lang}`);
        expect(new URL(page.url()).pathname).toBe('/guides');
        const second = await api(`locale=${lang}&page=2`);
        await expect.poll(() => cardTitles(page)).toEqual(second.guides.map((g) => g.title));
        await page.context().close();
      });
    }
});

import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { GuidePage } from '../../src/shared/contracts/catalogue';
import { seedCatalogue } from '../helpers/catalogue';
import { keepScreenshot, trackPageErrors } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

// /guides and the country pages over a thousand guides: /guides a page at a time, walked to page 2
// and back, a country page 12 and then 12 more, on a phone in French and on a laptop in English, with JavaScript and without it.

const e2e = withShopAndBrowser({
  shop: { prepare: async ({ db }) => void (await seedCatalogue(db, 1000)) },
});

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
const LABELS = {
  fr: { next: 'Suivante', previous: 'Précédente', status: (p: number, n: number) => `Page ${p} sur ${n}` },
  en: { next: 'Next', previous: 'Previous', status: (p: number, n: number) => `Page ${p} of ${n}` },
};

async function newPage(viewport: typeof PHONE, javaScriptEnabled = true): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport, javaScriptEnabled });
  return context.newPage();
}

const api = async (query: string): Promise<GuidePage> =>
  (await fetch(`${e2e.shop.url}/api/travel-guides/page?${query}`)).json() as Promise<GuidePage>;
const cardTitles = (page: Page) => page.locator('[data-testid="guide-card"] h3').allTextContents();
const pages = (page: Page, name: string) => page.getByRole('navigation', { name });

/** The cards shown are the API's for that page, and the line says which page of how many. */
async function expectPage(page: Page, locale: 'fr' | 'en', query: string, number: number) {
  const expected = await api(`locale=${locale}&${query}&page=${number}`);
  await page.getByText(LABELS[locale].status(number, expected.pageCount)).waitFor();
  await expect.poll(() => cardTitles(page)).toEqual(expected.guides.map((g) => g.title));
  return expected;
}

/** A country page's 12 guides of that page, and "Showing 12 of N guides" under them. */
async function expectCountry(page: Page, locale: 'fr' | 'en', query: string, number: number) {
  const expected = await api(`locale=${locale}&${query}&size=12&page=${number}`);
  const line =
    locale === 'fr'
      ? `${expected.guides.length} sur ${expected.total} guides affichés`
      : `Showing ${expected.guides.length} of ${expected.total} guides`;
  await page.getByText(line).waitFor();
  await expect.poll(() => cardTitles(page)).toEqual(expected.guides.map((g) => g.title));
  return expected;
}

describe('a thousand guides, a page at a time', () => {
  test('a phone in French, with JavaScript: /guides to page 2 by the next link, back, and by keyboard', async () => {
    const page = await newPage(PHONE);
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/guides`);
    const first = await expectPage(page, 'fr', '', 1);
    expect(first.pageCount).toBeGreaterThan(20);
    const nav = pages(page, 'Pages de la liste');
    const next = nav.getByRole('link', { name: LABELS.fr.next });
    // A touch target of at least 44 px at 390 px wide.
    const box = await next.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    await next.click();
    await page.waitForURL(`${e2e.shop.url}/guides?page=2`);
    await expectPage(page, 'fr', '', 2);
    // The new page starts at the top of its list, not at the links it was left from.
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(1500);
    await nav.scrollIntoViewIfNeeded();
    await keepScreenshot(page, 'pages-fr-390-page2');
    await page.goBack();
    await page.waitForURL(`${e2e.shop.url}/guides`);
    await expectPage(page, 'fr', '', 1);

    // By keyboard: the page 2 link takes the focus and Enter follows it.
    const two = nav.getByRole('link', { name: 'Page 2', exact: true });
    await two.focus();
    expect(await two.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${e2e.shop.url}/guides?page=2`);
    await nav.getByRole('link', { name: LABELS.fr.previous }).click();
    await page.waitForURL(`${e2e.shop.url}/guides`);
    await expectPage(page, 'fr', '', 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('a laptop in English, with JavaScript: a country page shows 12, Load More adds the next 12 in place; a new order starts again', async () => {
    const page = await newPage(LAPTOP);
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/senegal?lang=en`);
    const first = await expectCountry(page, 'en', 'country=senegal', 1);
    const more = page.getByRole('link', { name: 'Load More' });
    expect(await more.getAttribute('href')).toBe('/senegal?lang=en&page=2');
    await more.click();
    const second = await api('locale=en&country=senegal&size=12&page=2');
    await page.getByText(`Showing 24 of ${first.total} guides`).waitFor();
    await expect
      .poll(() => cardTitles(page))
      .toEqual([...first.guides, ...second.guides].map((g) => g.title));
    expect(page.url()).toBe(`${e2e.shop.url}/senegal?lang=en`);
    expect(await more.getAttribute('href')).toBe('/senegal?lang=en&page=3');
    await keepScreenshot(page, 'pages-en-1280-load-more');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL(/\/senegal\?sort=price-asc&lang=en$/);
    await expectCountry(page, 'en', 'country=senegal&sort=price-asc', 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('without JavaScript: the links and the order form are plain addresses, on a phone in French and a laptop in English', async () => {
    const phone = await newPage(PHONE, false);
    await phone.goto(`${e2e.shop.url}/guides`);
    await expectPage(phone, 'fr', '', 1);
    await pages(phone, 'Pages de la liste').getByRole('link', { name: LABELS.fr.next }).click();
    await phone.waitForURL(`${e2e.shop.url}/guides?page=2`);
    await expectPage(phone, 'fr', '', 2);
    await pages(phone, 'Pages de la liste').getByRole('link', { name: LABELS.fr.previous }).click();
    await phone.waitForURL(`${e2e.shop.url}/guides`);
    await expectPage(phone, 'fr', '', 1);
    await phone.goto(`${e2e.shop.url}/guides?page=9999`);
    await phone.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    await keepScreenshot(phone, 'pages-fr-390-beyond-nojs');
    await phone.context().close();

    const laptop = await newPage(LAPTOP, false);
    await laptop.goto(`${e2e.shop.url}/senegal?lang=en`);
    await laptop.getByLabel('Sort by').selectOption('price-desc');
    await laptop.getByRole('button', { name: 'Sort' }).click();
    await laptop.waitForURL(/\/senegal\?sort=price-desc&lang=en$/);
    await expectCountry(laptop, 'en', 'country=senegal&sort=price-desc', 1);
    await laptop.getByRole('link', { name: 'Load More' }).click();
    await laptop.waitForURL(/sort=price-desc&lang=en&page=2$/);
    await expectCountry(laptop, 'en', 'country=senegal&sort=price-desc', 2);
    await laptop.getByRole('link', { name: 'Previous' }).waitFor();
    await keepScreenshot(laptop, 'pages-en-1280-page2-nojs', { fullPage: true });
    await laptop.context().close();
  });
});

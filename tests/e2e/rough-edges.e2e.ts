import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { GuidePage } from '../../src/shared/contracts/catalogue';
import { keepScreenshot, trackPageErrors, waitForHydration } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

// What shoppers hit on a phone and a laptop, in both languages: a search's results in the first
// screen, singular and plural, place names however spelled, the guide's page count, free guides said
// free, share previews on every page, payment tabs that control their panel, French typography.

const e2e = withShopAndBrowser();

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;
const LANGS = ['fr', 'en'] as const;
const UI = {
  fr: {
    search: 'Rechercher un guide',
    found: (n: number) => (n === 1 ? '1 guide correspond à votre recherche' : `${n} guides correspondent`),
    length: 'Longueur',
    free: /^Gratuit\u00a0: téléchargement immédiat/,
    promo: 'Code promo',
    add: 'Ajouter au panier',
    cart: 'Votre panier',
    checkout: 'Passer à la caisse',
  },
  en: {
    search: 'Search guides',
    found: (n: number) => (n === 1 ? 'Found 1 guide matching your search' : `Found ${n} guides`),
    length: 'Length',
    free: /^Free: instant download/,
    promo: 'Promo code',
    add: 'Add to cart',
    cart: 'Your cart',
    checkout: 'Proceed to Checkout',
  },
};

async function newPage(viewport: { width: number; height: number }) {
  const context = await e2e.browser.newContext({ viewport });
  return context.newPage();
}

const api = async (query: string): Promise<GuidePage> =>
  (await fetch(`${e2e.shop.url}/api/travel-guides/page?${query}`)).json() as Promise<GuidePage>;
const cardTitles = (page: Page) => page.locator('[data-testid="guide-card"] h3').allInnerTexts();

describe('search', () => {
  for (const lang of LANGS)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: the results of a search from the header are in the first screen, counted in the right number`, async () => {
        const meknes = await api(`locale=${lang}&q=meknes`);
        expect(meknes.total).toBe(1);
        const page = await newPage(size);
        const errors = trackPageErrors(page);
        await page.goto(`${e2e.shop.url}/?lang=${lang}`);
        await page.getByRole('button', { name: UI[lang].search }).click();
        await page.getByRole('searchbox').fill('Meknès');
        await page.getByRole('searchbox').press('Enter');
        await page.getByText(UI[lang].found(1), { exact: true }).waitFor();
        const card = page.locator('[data-testid="guide-card"]').first();
        const box = await card.boundingBox();
        expect(box!.y).toBeLessThan(size.height - 100);
        await keepScreenshot(page, `rough-search-${lang}-${size.width}`);
        expect(errors).toEqual([]);
        await page.context().close();
      });

      test(`${lang}, ${label}: Fès, Fez and fes find the same guide; Marrakesh finds Marrakech; Ivory Coast finds Côte d’Ivoire`, async () => {
        const page = await newPage(size);
        for (const [q, title] of [
          ['fes', /F[eè]s|Fez/],
          ['Fès', /F[eè]s|Fez/],
          ['fez', /F[eè]s|Fez/],
          ['marrakesh', /Marrakech/],
          ['ivory coast', /Côte d’Ivoire|ivoirien|Abidjan|Grand-Bassam/],
          ['cote divoire', /Côte d’Ivoire|ivoirien|Abidjan|Grand-Bassam/],
        ] as const) {
          await page.goto(`${e2e.shop.url}/?lang=${lang}&search=${encodeURIComponent(q)}`);
          await expect
            .poll(() => cardTitles(page), { message: q })
            .toEqual(expect.arrayContaining([expect.stringMatching(title)]));
        }
        await page.context().close();
      });
    }
});

describe('the guide page', () => {
  for (const lang of LANGS)
    for (const [label, size] of SIZES) {
      test(`${lang}, ${label}: the page count is named as such; a free guide says free and its checkout has no promo field`, async () => {
        const paid = (await api(`locale=${lang}&q=marrakech`)).guides[0]!;
        const page = await newPage(size);
        await page.goto(`${e2e.shop.url}/guides/${paid.slug}?lang=${lang}`);
        const length = page
          .locator('dl > div')
          .filter({ has: page.getByText(UI[lang].length, { exact: true }) });
        expect(await length.innerText()).toMatch(new RegExp(`^${UI[lang].length}\\s+\\d+ pages$`));
        expect(await page.locator('main').innerText()).not.toMatch(
          /Sommaire\s*:?\s*\d+ pages|Contents\s*\d+ pages/,
        );

        const free = (await api(`locale=${lang}&q=${lang === 'fr' ? 'kit de depart' : 'departure kit'}`))
          .guides[0]!;
        await page.goto(`${e2e.shop.url}/guides/${free.slug}?lang=${lang}`);
        expect(await page.getByText(UI[lang].free).count()).toBe(1);
        await page.getByRole('button', { name: UI[lang].add }).click();
        await page
          .getByRole('dialog', { name: UI[lang].cart })
          .getByRole('link', { name: UI[lang].checkout })
          .click();
        await page.locator('form input[name="email"]').waitFor();
        expect(await page.getByLabel(UI[lang].promo).count()).toBe(0);
        await page.context().close();
      });

      test(`${lang}, ${label}: the payment tabs each control the panel below them`, async () => {
        const page = await newPage(size);
        const paid = (await api(`locale=${lang}&q=marrakech`)).guides[0]!;
        await page.goto(`${e2e.shop.url}/guides/${paid.slug}?lang=${lang}`);
        await page.getByRole('button', { name: UI[lang].add }).click();
        await page
          .getByRole('dialog', { name: UI[lang].cart })
          .getByRole('link', { name: UI[lang].checkout })
          .click();
        const tabs = page.getByRole('tab');
        await expect.poll(() => tabs.count()).toBe(2);
        for (const tab of await tabs.all()) {
          const controlled = await tab.getAttribute('aria-controls');
          expect(controlled).toBeTruthy();
          const panel = page.locator(`[id="${controlled}"]`);
          expect(await panel.getAttribute('role')).toBe('tabpanel');
        }
        const panel = page.getByRole('tabpanel');
        expect(await panel.getAttribute('aria-labelledby')).toBe(await tabs.first().getAttribute('id'));
        await waitForHydration(tabs.first());
        await tabs.first().focus();
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
        expect(await panel.getAttribute('aria-labelledby')).toBe(await tabs.nth(1).getAttribute('id'));
        await page.context().close();
      });
    }
});

describe('shared links and French typography', () => {
  test.each(LANGS)(
    '%s: every public page gives a shared link a title, a text and a picture',
    async (lang) => {
      for (const path of [
        '/',
        '/guides',
        '/senegal',
        '/maroc',
        '/cote-divoire',
        '/about',
        '/faq',
        '/contact',
      ]) {
        const html = await (await fetch(`${e2e.shop.url}${path}?lang=${lang}`)).text();
        for (const tag of ['og:title', 'og:description', 'og:image', 'og:url'])
          expect(html, `${path} ${tag}`).toMatch(new RegExp(`<meta property="${tag}" content="[^"]+">`));
        expect(html, path).toMatch(/<meta name="twitter:card" content="summary_large_image">/);
        const image = html.match(/<meta property="og:image" content="([^"]+)">/)![1]!;
        const picture = await fetch(image.replace(/^https?:\/\/[^/]+/, e2e.shop.url));
        expect(picture.headers.get('content-type'), path).toMatch(/^image\//);
        // Exactly one set: a guide page's own cover is not joined by the shop's picture.
      }
    },
  );

  test('French signs stay on the line of the word before them, on a phone', async () => {
    const page = await newPage(SIZES[0][1]);
    await page.goto(`${e2e.shop.url}/?search=fes`);
    const heading = await page.getByRole('heading', { level: 1 }).textContent();
    expect(heading).toBe('Résultats de recherche pour «\u00a0fes\u00a0»');
    await page.context().close();
  });
});

describe('a page whose code cannot be fetched', () => {
  test('offline, a tap to a page not yet loaded shows the page in full (or the browser’s offline page), never a blank app', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${e2e.shop.url}/`);
    const faq = page.locator('footer').getByRole('link', { name: 'FAQ' });
    await waitForHydration(faq);
    await context.setOffline(true);
    // The static pages' code is not loaded yet: the app's own navigation cannot fetch it, and the
    // page is loaded in full, which offline is the browser's own error page (its own words).
    const fullLoad = page.waitForEvent('requestfailed', {
      predicate: (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/faq',
    });
    await faq.click();
    expect((await fullLoad).failure()?.errorText).toBe('net::ERR_INTERNET_DISCONNECTED');
    // Back online, the same address opens the page, and the app does not reload it again and again.
    await context.setOffline(false);
    await page.goto(`${e2e.shop.url}/faq`);
    await page.getByRole('heading', { level: 1, name: 'Questions fréquentes' }).waitFor();
    await context.close();
  });
});

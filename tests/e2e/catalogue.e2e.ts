import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { guideMatchesCountry } from '../../src/shared/countries';
import { insertGuide } from '../helpers/fixtures';
import { seriousAccessibilityViolations, trackPageErrors, waitForHydration } from './harness';
import { withShopAndBrowser } from './shop-and-browser';

const EXTRA_SENEGAL_GUIDES = 14;
const e2e = withShopAndBrowser({
  shop: {
    // More Senegal guides than the old first 12, fewer than a page of 24.
    prepare: async (deps) => {
      for (let i = 1; i <= EXTRA_SENEGAL_GUIDES; i++) {
        await insertGuide(deps, {
          slug: `extra-senegal-${i}`,
          title: `Carnet Sénégal n°${String(i).padStart(2, '0')}`,
          description: 'Un carnet de route du Sénégal.',
          price: `${i}.00`,
          createdAt: new Date(Date.UTC(2025, 0, i)),
        });
      }
    },
  },
});

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport });
  return context.newPage();
}

const cardTitles = (page: Page) => page.locator('[data-testid="guide-card"] h3').allTextContents();

describe('browsing the catalogue in a real browser', () => {
  test('search from the header shows the results and their count', async () => {
    const page = await newPage();
    await page.goto(`${e2e.shop.url}/`);
    await page.getByRole('button', { name: 'Rechercher un guide' }).click();
    const field = page.getByRole('searchbox', { name: 'Rechercher un guide…' });
    await field.fill('   ');
    await field.press('Enter');
    expect(new URL(page.url()).search).toBe('');
    await field.fill('marrakech');
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Résultats de recherche pour « marrakech »' }).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('marrakech');
    await page.getByText('1 guide correspond à votre recherche').waitFor();
    expect(await cardTitles(page)).toEqual(['Marrakech et l’Atlas']);
    // Escape closes and clears the field
    await page.getByRole('button', { name: 'Rechercher un guide' }).click();
    await page.getByRole('searchbox').fill('xyz');
    await page.getByRole('searchbox').press('Escape');
    expect(await page.getByRole('searchbox').count()).toBe(0);
    await page.context().close();
  });

  test('a search with no result says so', async () => {
    const page = await newPage();
    await page.goto(`${e2e.shop.url}/?search=${encodeURIComponent('zanzibar')}`);
    await page.getByText('Aucun guide trouvé pour « zanzibar »').waitFor();
    await page.context().close();
  });

  test('hovering a card shows the table-of-contents preview after 300 ms; the keyboard and touch can open it too', async () => {
    const page = await newPage();
    const previews: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/preview')) previews.push(r.url());
    });
    await page.goto(`${e2e.shop.url}/`);
    await page.waitForLoadState('networkidle');
    const card = page.locator('[data-testid="guide-card"]').first();
    // Hover and focus do nothing before the page is hydrated; a loaded machine hydrates after networkidle.
    await waitForHydration(card.locator('h3 a'));
    await card.hover();
    await page.waitForTimeout(150);
    expect(await card.getByRole('img', { name: /^Sommaire du guide/ }).count()).toBe(0);
    const preview = card.getByRole('img', { name: /^Sommaire du guide/ });
    await preview.waitFor({ state: 'visible' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(previews.length).toBe(1);
    await page.mouse.move(0, 0);
    await expect.poll(() => preview.count()).toBe(0);

    // keyboard: focus a link inside the second card
    const second = page.locator('[data-testid="guide-card"]').nth(1);
    await second.locator('h3 a').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await second.getByRole('img', { name: /^Sommaire du guide/ }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => second.getByRole('img', { name: /^Sommaire du guide/ }).count()).toBe(0);

    // touch: the Aperçu button
    const third = page.locator('[data-testid="guide-card"]').nth(2);
    await third.getByRole('button', { name: 'Aperçu' }).click();
    await third.getByRole('img', { name: /^Sommaire du guide/ }).waitFor();
    await page.context().close();
  });

  test('a broken preview says "Aperçu indisponible"', async () => {
    const page = await newPage();
    await page.route('**/preview', (route) => route.fulfill({ status: 500, body: 'no' }));
    await page.goto(`${e2e.shop.url}/`);
    const card = page.locator('[data-testid="guide-card"]').first();
    await card.getByRole('button', { name: 'Aperçu' }).click();
    await card.getByText('Aperçu indisponible').waitFor();
    await page.context().close();
  });

  test('a broken cover falls back to a tile with the title and "Aperçu du guide"', async () => {
    const page = await newPage();
    await page.route('**/api/images/**', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto(`${e2e.shop.url}/`);
    const card = page.locator('[data-testid="guide-card"]').first();
    await card.getByText('Aperçu du guide').waitFor();
    await page.context().close();
  });

  test('a country page sorts through its address (a sort starts again at 12 guides), Load More follows the order, and English keeps it', async () => {
    const senegal = async (locale: string) =>
      ((await (await fetch(`${e2e.shop.url}/api/travel-guides?locale=${locale}`)).json()) as Guide[]).filter(
        (g) => guideMatchesCountry(g, 'senegal'),
      );
    const french = await senegal('fr');
    // More than one page of 12: Load More has something to add (the pages are walked in catalogue-pages.e2e.ts).
    expect(french.length).toBeGreaterThan(12 + 2);
    const page = await newPage();
    await page.goto(`${e2e.shop.url}/senegal`);
    await page.locator('[data-testid="guide-card"]').nth(11).waitFor();
    expect(await cardTitles(page)).toEqual(french.slice(0, 12).map((g) => g.title));

    await page.getByLabel('Trier par').selectOption('price-asc');
    await page.waitForURL(/\/senegal\?sort=price-asc$/);
    const byPrice = [...french].sort((a, b) => Number(a.price) - Number(b.price));
    const priceOf = (title: string) => byPrice.find((g) => g.title === title)?.price;
    await expect
      .poll(async () => (await cardTitles(page)).map(priceOf))
      .toEqual(byPrice.slice(0, 12).map((g) => g.price));
    // Load More adds the next guides of the same order under the first twelve.
    await page.getByRole('link', { name: 'Charger plus' }).click();
    await expect.poll(async () => (await cardTitles(page)).length).toBe(Math.min(24, french.length));
    expect((await cardTitles(page)).map(priceOf)).toEqual(byPrice.slice(0, 24).map((g) => g.price));

    // Another order starts again at 12.
    await page.getByLabel('Trier par').selectOption('title-desc');
    await page.waitForURL(/sort=title-desc$/);
    await expect
      .poll(async () => (await cardTitles(page))[0])
      .toBe([...french].sort((a, b) => b.title.localeCompare(a.title))[0]!.title);
    const titles = await cardTitles(page);
    expect(titles).toHaveLength(12);
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a)));
    await page.getByLabel('Trier par').selectOption('oldest');
    await expect.poll(async () => (await cardTitles(page))[0]).toBe('Carnet Sénégal n°01');

    await page.getByRole('button', { name: 'passer en anglais' }).click();
    await page.getByRole('heading', { name: 'Senegal', exact: true }).waitFor();
    const english = await senegal('en');
    await expect.poll(async () => (await cardTitles(page)).length).toBe(Math.min(12, english.length));
    expect(await page.getByLabel('Sort by').inputValue()).toBe('oldest');
    await page.getByRole('heading', { name: 'Must-see attractions' }).waitFor();
    await page.context().close();
  });

  test('a guide page carries its meta tags and links to its translation', async () => {
    const slugRes = await fetch(`${e2e.shop.url}/api/travel-guides?locale=fr&q=marrakech`);
    const [guide] = (await slugRes.json()) as { slug: string; title: string }[];
    const html = await (await fetch(`${e2e.shop.url}/guides/${guide!.slug}`)).text();
    expect(html).toContain(`<meta property="og:title" content="${guide!.title}">`);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/api\/images\/[^"]+">/,
    );
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\/guides\/[^"]+\?lang=en">/);
    const page = await newPage();
    const errors = trackPageErrors(page);
    await page.goto(`${e2e.shop.url}/guides/${guide!.slug}`);
    expect(await page.title()).toBe(`${guide!.title} — Guides Afrique`);
    await page.getByRole('link', { name: 'Marrakech and the Atlas Mountains' }).click();
    await page.getByRole('button', { name: 'switch to French' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').textContent()).toBe('Marrakech and the Atlas Mountains');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  test('on a 390 px phone the guide page offers "Share on WhatsApp", working without JavaScript, in both languages', async () => {
    const [guide] = (await (
      await fetch(`${e2e.shop.url}/api/travel-guides?locale=fr&q=marrakech`)
    ).json()) as Guide[];
    const cases = [
      {
        lang: 'fr',
        query: '',
        name: 'Partager sur WhatsApp',
        price: /\d FCFA \([\d,]+ €\)/,
        javaScriptEnabled: false,
      },
      {
        lang: 'en',
        query: '?lang=en',
        name: 'Share on WhatsApp',
        price: /[\d,]+ FCFA \(€[\d.]+\)/,
        javaScriptEnabled: true,
      },
    ];
    for (const c of cases) {
      const context = await e2e.browser.newContext({
        viewport: { width: 390, height: 844 },
        javaScriptEnabled: c.javaScriptEnabled,
      });
      const page = await context.newPage();
      const errors = trackPageErrors(page);
      await page.goto(`${e2e.shop.url}/guides/${guide!.slug}${c.query}`);
      if (c.javaScriptEnabled) await page.waitForLoadState('networkidle');
      const link = page.getByRole('link', { name: c.name });
      await link.scrollIntoViewIfNeeded();
      expect(await link.isVisible()).toBe(true);
      const box = (await link.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(box.height).toBeGreaterThanOrEqual(40); // a thumb-sized target
      const href = new URL((await link.getAttribute('href'))!);
      expect(href.origin + href.pathname).toBe('https://wa.me/');
      const [first, address] = href.searchParams.get('text')!.split('\n');
      expect(first!.startsWith(`${guide!.title} — `)).toBe(true);
      expect(first).toMatch(c.price);
      expect(address).toBe(`${e2e.shop.url}/guides/${guide!.slug}${c.query}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `/tmp/perf-guide-${c.lang}-390.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  test('on 360, 390, 412 and 440 px phones the header keeps the cart button on screen, in both languages', async () => {
    for (const width of [360, 390, 412, 440]) {
      for (const query of ['', '?lang=en']) {
        const page = await newPage({ width, height: 823 });
        await page.goto(`${e2e.shop.url}/${query}`);
        const cart = page.getByRole('banner').getByRole('button', { name: /^(Ouvrir le panier|Open cart)/ });
        const box = (await cart.boundingBox())!;
        expect(box.x + box.width, `${width} px ${query}`).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.context().close();
      }
    }
  });

  test('axe finds no serious or critical accessibility violation on any public page', async () => {
    const [guide] = (await (await fetch(`${e2e.shop.url}/api/travel-guides?locale=fr`)).json()) as {
      slug: string;
    }[];
    const page = await newPage({ width: 360, height: 740 });
    const found: Record<string, string[]> = {};
    for (const path of [
      '/',
      '/guides',
      '/?search=dakar',
      '/senegal',
      '/cote-divoire',
      '/maroc',
      `/guides/${guide!.slug}`,
      '/about',
      '/contact',
      '/faq',
      '/privacy',
      '/terms',
      '/nowhere',
      '/?lang=en',
    ]) {
      await page.goto(`${e2e.shop.url}${path}`);
      await page.waitForLoadState('networkidle');
      const violations = await seriousAccessibilityViolations(page);
      if (violations.length) found[path] = violations;
    }
    expect(found).toEqual({});
    await page.context().close();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { travelGuides } from '../../src/server/db/schema';
import { isSharedPage } from '../../src/server/render/pages';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { seedCatalogue } from '../helpers/catalogue';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * /guides, a search and the country pages are rendered a page at a time (`?page=2`),
 * with plain links to the others, rel prev/next, a canonical that keeps the page, and the shop's
 * 404 page past the last page; a bad `?page=` is the first page. A thousand guides.
 */
const ORIGIN = 'http://localhost';
let ctx: TestContext;
let french: Guide[];

beforeAll(async () => {
  ctx = await createTestContext({ env: { CATALOGUE_CACHE_TTL_MS: '600000', PAGE_CACHE_TTL_MS: '600000' } });
  await insertGuide(ctx, { slug: 'dakar-tout-neuf', title: 'Dakar tout neuf', description: 'Le Sénégal.' });
  await seedCatalogue(ctx.db, 1000);
  french = (await ctx.app.inject({ url: '/api/travel-guides?locale=fr' })).json();
}, 120_000);
afterAll(() => ctx?.close());

const page = (url: string) => ctx.app.inject({ url, headers: { host: 'localhost' } });
const cards = (html: string) => html.split('data-testid="guide-card"').length - 1;
const headLink = (html: string, rel: string) =>
  html.match(new RegExp(`<link rel="${rel}" href="([^"]*)">`))?.[1]?.replace(/&amp;/g, '&');
const pageLinks = (html: string) =>
  [...html.matchAll(/<a [^>]*href="(\/guides\?[^"]*page=\d+[^"]*|\/guides)"/g)].map((m) =>
    m[1]!.replace(/&amp;/g, '&'),
  );

describe('/guides a page at a time', () => {
  test('page 1: 24 cards, "Page 1 sur 21", a link to page 2 and the last; next in the head, no prev', async () => {
    const res = await page('/guides');
    expect(res.statusCode).toBe(200);
    expect(cards(res.body)).toBe(24);
    expect(res.body).toContain('Page 1 sur 21');
    expect(res.body).toContain('guides 1 à 24 sur 501');
    expect(res.body).toContain('Dakar tout neuf');
    expect(headLink(res.body, 'canonical')).toBe(`${ORIGIN}/guides`);
    expect(headLink(res.body, 'next')).toBe(`${ORIGIN}/guides?page=2`);
    expect(headLink(res.body, 'prev')).toBeUndefined();
    expect(pageLinks(res.body)).toEqual(expect.arrayContaining(['/guides?page=2', '/guides?page=21']));
    expect(res.body).toMatch(
      /<a [^>]*href="\/guides\?page=2"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="\/guides\?page=2"/,
    );
    // The page's state carries this page only, not the whole language.
    expect(res.body.length).toBeLessThan(150_000);
  });

  test('page 2: its own 24 guides, a canonical that keeps the page, prev and next', async () => {
    const res = await page('/guides?page=2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Page 2 sur 21');
    for (const g of french.slice(24, 48)) expect(res.body).toContain(g.slug);
    expect(res.body).not.toContain(`/guides/${french[0]!.slug}"`);
    expect(headLink(res.body, 'canonical')).toBe(`${ORIGIN}/guides?page=2`);
    expect(headLink(res.body, 'prev')).toBe(`${ORIGIN}/guides`);
    expect(headLink(res.body, 'next')).toBe(`${ORIGIN}/guides?page=3`);
    expect(res.body).toContain('aria-current="page"');
  });

  test('the last page has no next; past it, the shop’s 404 page', async () => {
    const last = await page('/guides?page=21');
    expect(cards(last.body)).toBe(501 - 20 * 24);
    expect(headLink(last.body, 'next')).toBeUndefined();
    for (const beyond of ['22', '999999', '1000000000', '9'.repeat(20)]) {
      const res = await page(`/guides?page=${beyond}`);
      expect(res.statusCode, beyond).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('404');
      expect(cards(res.body)).toBe(0);
    }
  });

  test.each(['abc', '-1', '0', '1e308', '2.5', '', '%ED%A0%80', '%F0%9F%92%A5', 'x'.repeat(10_000)])(
    '?page=%s is the first page',
    async (value) => {
      const res = await page(`/guides?page=${value}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Page 1 sur 21');
      expect(headLink(res.body, 'canonical')).toBe(`${ORIGIN}/guides`);
    },
  );

  test('in English: "Page 2 of 21", and the links keep the language', async () => {
    const res = await page('/guides?page=2&lang=en');
    expect(res.body).toContain('Page 2 of 21');
    expect(res.body).toContain('guides 25 to 48 of 499');
    expect(headLink(res.body, 'canonical')).toBe(`${ORIGIN}/guides?page=2&lang=en`);
    expect(pageLinks(res.body)).toContain('/guides?lang=en&page=3');
  });
});

describe('the search and the country pages', () => {
  test('a search keeps its text in its page links; a country page its order; a filter starts at page 1', async () => {
    const search = await page('/?search=guide&page=2');
    expect(search.statusCode).toBe(200);
    expect(search.body).toMatch(/Page 2 sur \d+/);
    expect(search.body).toContain('href="/?search=guide&amp;page=3"');
    expect(search.body).toContain('href="/?search=guide"');

    const senegal = await page('/senegal?sort=price-asc&page=2');
    expect(senegal.statusCode).toBe(200);
    expect(senegal.body).toContain('href="/senegal?sort=price-asc&amp;page=3"');
    expect(senegal.body).toContain('<option value="price-asc" selected="">');
    expect(senegal.body).toMatch(/<form [^>]*action="\/senegal" method="get"/);
    expect(senegal.body).toContain('<noscript>');
    expect((await page('/senegal?page=99')).statusCode).toBe(404);
    expect((await page('/senegal?sort=nonsense')).statusCode).toBe(200);
  });

  test('a country page: 12 guides, "Showing 12 of N guides" and a "Load More" link to the next 12 (rel=next)', async () => {
    const fr = await page('/senegal');
    expect(cards(fr.body)).toBe(12);
    const total = Number(fr.body.match(/12 sur (\d+) guides affichés/)?.[1]);
    expect(total).toBeGreaterThan(24);
    expect(fr.body).toMatch(/<a href="\/senegal\?page=2" rel="next"[^>]*>Charger plus<\/a>/);
    expect(headLink(fr.body, 'next')).toBe(`${ORIGIN}/senegal?page=2`);
    expect(fr.body).not.toContain('Page 1 sur');

    const en = await page('/senegal?lang=en&page=2');
    expect(cards(en.body)).toBe(12);
    expect(en.body).toMatch(/Showing 12 of \d+ guides/);
    expect(en.body).toMatch(/<a href="\/senegal\?lang=en&amp;page=3" rel="next"[^>]*>Load More<\/a>/);
    expect(en.body).toMatch(/<a rel="prev" href="\/senegal\?lang=en"/);
    expect(headLink(en.body, 'prev')).toBe(`${ORIGIN}/senegal?lang=en`);
    expect(isSharedPage('/senegal?lang=en&page=3')).toBe(true);
  });

  test('the home page has no page links of its own; /?page=N is page N of /guides', async () => {
    const home = await page('/');
    expect(home.body).not.toMatch(/href="\/\?page=/);
    expect(home.body).not.toContain('Page 1 sur');
    for (const [asked, landed] of [
      ['/?page=2', '/guides?page=2'],
      ['/?page=3&lang=en', '/guides?lang=en&page=3'],
      ['/?page=abc', '/guides?page=abc'],
    ]) {
      const res = await page(asked!);
      expect(res.statusCode, asked).toBe(302);
      expect(res.headers.location, asked).toBe(landed);
    }
    expect((await page('/?search=guide&page=2')).statusCode).toBe(200);
  });

  test('the home page carries its three guides, not the catalogue', async () => {
    const res = await page('/');
    expect(cards(res.body)).toBe(3);
    expect(res.body.length).toBeLessThan(110_000);
    expect(res.body).not.toContain(french[100]!.slug);
  });
});

describe('the page cache', () => {
  test('keeps a list’s pages as the links write them, nothing a client makes up', () => {
    for (const url of ['/guides?page=2', '/senegal?sort=price-asc&page=3', '/guides?lang=en&page=21'])
      expect(isSharedPage(url), url).toBe(true);
    for (const url of [
      '/guides?page=1000000',
      '/guides?page=abc',
      '/guides?page=02',
      '/guides?sort=x',
      '/?search=a&page=2',
    ])
      expect(isSharedPage(url), url).toBe(false);
  });

  test('a flood of made-up page numbers gets the 404 page, keeps nothing, and leaves the kept pages alone', async () => {
    const kept = (await page('/guides?page=3')).body;
    const numbers = Array.from({ length: 400 }, (_, i) => 22 + ((i * 2_654_435_761) % 999_999_978));
    for (let i = 0; i < numbers.length; i += 50) {
      const answers = await Promise.all(numbers.slice(i, i + 50).map((n) => page(`/guides?page=${n}`)));
      for (const res of answers) expect(res.statusCode).toBe(404);
    }
    // Renamed behind the app's back: page 3 is still the kept one (the flood did not push it out:
    // no 404 is kept, and numbers of seven digits or more are never shared).
    await ctx.db
      .update(travelGuides)
      .set({ title: 'Pendant la crue' })
      .where(eq(travelGuides.id, french[50]!.id));
    ctx.app.services.catalogueCache.invalidate();
    expect((await page('/guides?page=3')).body).toBe(kept);
  });

  test('page 2 is kept: a change behind the app’s back shows only after the operator changes something', async () => {
    const second = french[30]!;
    expect((await page('/guides?page=2')).body).toContain(second.title);
    await ctx.db
      .update(travelGuides)
      .set({ title: 'Renommé en douce' })
      .where(eq(travelGuides.id, second.id));
    expect((await page('/guides?page=2')).body).toContain(second.title);
    ctx.app.services.pageCache.invalidate();
    ctx.app.services.catalogueCache.invalidate();
    expect((await page('/guides?page=2')).body).toContain('Renommé en douce');
  });
});

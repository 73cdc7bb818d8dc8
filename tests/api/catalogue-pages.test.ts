import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  GUIDE_PAGE_SIZE,
  type Guide,
  type GuidePage,
  guideCardSchema,
} from '../../src/shared/contracts/catalogue';
import { guideMatchesCountry } from '../../src/shared/countries';
import { seedCatalogue } from '../helpers/catalogue';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * GET /api/travel-guides/page answers one page (24) of a list or a search, with only what
 * a card shows and the totals, over a catalogue of a thousand guides.
 */
let ctx: TestContext;
let french: Guide[];

beforeAll(async () => {
  ctx = await createTestContext({ env: { CATALOGUE_CACHE_TTL_MS: '600000' } });
  await insertGuide(ctx, { slug: 'dakar-tout-neuf', title: 'Dakar tout neuf', description: 'Le Sénégal.' });
  await seedCatalogue(ctx.db, 1000);
  french = (await ctx.app.inject({ url: '/api/travel-guides?locale=fr' })).json();
}, 120_000);
afterAll(() => ctx?.close());

const get = (query: string) => ctx.app.inject({ url: `/api/travel-guides/page?${query}` });
const pageOf = async (query: string): Promise<GuidePage> => {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Every page of a list, one after the other. */
async function allPages(query: string): Promise<GuidePage['guides']> {
  const first = await pageOf(query);
  const rest = await Promise.all(
    Array.from({ length: first.pageCount - 1 }, (_, i) => pageOf(`${query}&page=${i + 2}`)),
  );
  return [first, ...rest].flatMap((p) => p.guides);
}

describe('a list a page at a time', () => {
  test('the first page: 24 cards, newest first, with the totals and only what a card shows', async () => {
    expect(french.length).toBe(501);
    const page = await pageOf('locale=fr');
    expect(page).toMatchObject({ total: 501, page: 1, pageCount: 21, pageSize: GUIDE_PAGE_SIZE });
    expect(page.guides.map((g) => g.id)).toEqual(french.slice(0, 24).map((g) => g.id));
    expect(page.guides[0]!.title).toBe('Dakar tout neuf');
    for (const card of page.guides)
      expect(Object.keys(card).sort()).toEqual(Object.keys(guideCardSchema.shape).sort());
  });

  test('the pages one after the other are the whole list, once each, in order; the last is short', async () => {
    const guides = await allPages('locale=fr');
    expect(guides.map((g) => g.id)).toEqual(french.map((g) => g.id));
    const last = await pageOf('locale=fr&page=21');
    expect(last.guides).toHaveLength(501 - 20 * 24);
  });

  test('past the last page: no guides, the same totals (the page shows its 404)', async () => {
    for (const page of [22, 1000, 1_000_000]) {
      expect(await pageOf(`locale=fr&page=${page}`)).toMatchObject({
        guides: [],
        total: 501,
        page,
        pageCount: 21,
      });
    }
  });

  test('a country: its guides only, every one of them; sorted by price across pages', async () => {
    const senegal = french.filter((g) => guideMatchesCountry(g, 'senegal'));
    expect(senegal.length).toBeGreaterThan(24 * 3);
    const guides = await allPages('locale=fr&country=senegal');
    expect(guides.map((g) => g.id)).toEqual(senegal.map((g) => g.id));

    const byPrice = await allPages('locale=fr&country=senegal&sort=price-asc');
    const prices = byPrice.map((g) => Number(g.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(new Set(byPrice.map((g) => g.id)).size).toBe(senegal.length);
    const titles = (await pageOf('locale=en&sort=title-desc')).guides.map((g) => g.title);
    expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a)));
  });

  test('a search: the same guides in the same order as the whole answer, a page at a time, and far smaller', async () => {
    for (const q of ['dakar', 'Sénégal', 'senegal', 'marrakesh', 'MARCHES souks', 'Cœur', 'plage dakar']) {
      const whole = (
        await ctx.app.inject({ url: '/api/travel-guides', query: { locale: 'fr', q } })
      ).json() as Guide[];
      const paged = await allPages(`locale=fr&q=${encodeURIComponent(q)}`);
      expect(
        paged.map((g) => g.id),
        q,
      ).toEqual(whole.map((g) => g.id));
    }
    const whole = await ctx.app.inject({ url: '/api/travel-guides?locale=fr&q=guide' });
    const page = await get('locale=fr&q=guide');
    expect(page.json().total).toBe(whole.json().length);
    expect(page.body.length).toBeLessThan(whole.body.length / 10);
    expect(page.body.length).toBeLessThan(16_000);
  });

  test('a search in a country, and a search that finds nothing', async () => {
    const found = await allPages('locale=fr&q=plages&country=maroc');
    expect(found.length).toBeGreaterThan(0);
    for (const g of found) expect(guideMatchesCountry({ ...g, fileName: null }, 'maroc')).toBe(true);
    expect(await pageOf('locale=fr&q=zzzzzzzz')).toMatchObject({ guides: [], total: 0, pageCount: 1 });
    expect(await pageOf('locale=fr&q=%25%25')).toMatchObject({ guides: [], total: 0 });
  });

  test('the home page’s three: size', async () => {
    const page = await pageOf('locale=en&size=3');
    expect(page.guides).toHaveLength(3);
    expect(page.pageSize).toBe(3);
  });
});

describe('bad input', () => {
  const bad: [string, RegExp][] = [
    ['page=abc', /page/],
    ['page=-1', /page/],
    ['page=0', /page/],
    ['page=2.5', /page/],
    ['page=', /page/],
    ['page=1e308', /page/],
    ['page=Infinity', /page/],
    ['page=1000001', /page must be at most 1000000/],
    ['page=%ED%A0%80', /page/],
    [`page=${'9'.repeat(10_000)}`, /page/],
    ['size=25', /size/],
    ['size=0', /size/],
    ['sort=cheapest', /sort/],
    ['country=atlantis', /country/],
    [`q=${'a'.repeat(201)}`, /q/],
  ];
  test.each(bad)('%s is a 400 that names what is wrong', async (query, message) => {
    const res = await get(`locale=fr&${query.slice(0, 20_000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.stringify(res.json())).toMatch(message);
  });

  test('no language is a 400', async () => {
    expect((await get('page=2')).statusCode).toBe(400);
  });
});

describe('at once', () => {
  test('forty requests for every page and search at once all answer, each its own page', async () => {
    const queries = Array.from({ length: 40 }, (_, i) =>
      i % 2 ? `locale=fr&page=${(i % 21) + 1}` : `locale=fr&q=dakar&page=${(i % 3) + 1}`,
    );
    const answers = await Promise.all(queries.map((q) => get(q)));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.json().page).toBe(Number(new URLSearchParams(queries[i]).get('page')));
    }
    // The kept first page is the same bytes as a fresh one.
    expect((await get('locale=fr')).body).toBe((await get('locale=fr&page=1')).body);
  });
});

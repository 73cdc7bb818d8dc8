import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * A sorted list is a copy of the unsorted one: its canonical (and its language alternates) name the
 * unsorted list, keeping the page number, so search engines index one copy of each list.
 */
const ORIGIN = 'http://localhost';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // 30 guides of Senegal: two pages of 24.
  for (let i = 0; i < 30; i++)
    await insertGuide(ctx, {
      slug: `senegal-${i}-fr`,
      title: `Dakar ${i}`,
      description: 'Le Sénégal.',
      price: `${5 + i}.00`,
      withCover: false,
    });
});
afterAll(() => ctx.close());

const page = (url: string) => ctx.app.inject({ url, headers: { host: 'localhost' } });
const headLinks = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"(?: hreflang="[^"]*")? href="([^"]*)">`, 'g'))].map((m) =>
    m[1]!.replace(/&amp;/g, '&'),
  );

describe('the canonical of a sorted list', () => {
  test.each([
    ['/senegal?sort=price-asc', '/senegal'],
    ['/senegal?sort=price-desc&page=2', '/senegal?page=2'],
    ['/guides?sort=newest', '/guides'],
    ['/guides?page=2&sort=price-asc', '/guides?page=2'],
    ['/senegal?sort=price-asc&lang=en', '/senegal?lang=en'],
  ])('%s names %s', async (url, canonical) => {
    const res = await page(url);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(headLinks(res.body, 'canonical')).toEqual([`${ORIGIN}${canonical}`]);
    // The language alternates name the unsorted list too.
    for (const alternate of headLinks(res.body, 'alternate')) expect(alternate).not.toContain('sort=');
  });

  test('its page links and its prev/next keep the order the visitor chose', async () => {
    const res = await page('/senegal?sort=price-asc');
    expect(headLinks(res.body, 'next')).toEqual([`${ORIGIN}/senegal?sort=price-asc&page=2`]);
    expect(res.body).toContain('href="/senegal?sort=price-asc&amp;page=2"');
  });
});

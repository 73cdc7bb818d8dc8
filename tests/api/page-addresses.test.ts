import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

/** what a page answers for an odd address, and what a search of wildcards finds. */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await insertGuide(ctx, { slug: 'maroc-fr', title: 'Marrakech et le Maroc', description: 'Le Sud.' });
  await insertGuide(ctx, { slug: 'sn-fr', title: 'Dakar essentiel', description: 'Le Sénégal.' });
});
afterAll(() => ctx.close());

const page = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.7' });

function expectHtmlPage(res: Awaited<ReturnType<typeof page>>, status: number) {
  expect({ status: res.statusCode, type: res.headers['content-type'] }).toEqual({
    status,
    type: 'text/html; charset=utf-8',
  });
  expect(res.body).toMatch(/^<!doctype html>/i);
}

describe('a page never refuses its query string', () => {
  test.each([
    ['a search of 201 characters', `/?search=${'a'.repeat(201)}`],
    ['a destination of 250 characters', `/?destination=${'b'.repeat(250)}`],
    ['a search of 5,000 characters on /guides', `/guides?search=${'c'.repeat(5_000)}`],
  ])('%s renders the search page, the term cut to what the catalogue takes', async (_, url) => {
    const res = await page(url);
    expectHtmlPage(res, 200);
    const letter = url.includes('destination') ? 'b' : url.includes('guides') ? 'c' : 'a';
    expect(res.body).toContain(`${letter.repeat(200)}\u00a0»`);
    expect(res.body).not.toContain(letter.repeat(201));
  });

  test.each([
    '/?search=%00',
    '/?search=abc%00def',
    '/?lang=%00',
    '/?%00=1',
    '/guides?destination=%00&search=maroc',
    '/senegal?x=%00',
    '/checkout?email=%00',
  ])('a NUL in %s is dropped and the page renders', async (url) => {
    const res = await page(url);
    expectHtmlPage(res, 200);
    expect(res.body).not.toContain('NUL character');
  });

  test('the other parameters of an address with a NUL are kept', async () => {
    const res = await page('/guides?destination=%00&search=maroc');
    expect(res.body).toContain('Marrakech et le Maroc');
    expect(res.body).not.toContain('Dakar essentiel');
  });

  test.each([
    '/?search=%',
    '/?search=%zz',
    '/?search[]=maroc',
    '/?search=a&search=b&search=c',
    '/?lang=xx&lang=en',
    '/faq?utm_source=x&unknown=%F0%9F%98%80',
    '/?search=%ED%A0%80',
  ])('%s renders the page', async (url) => {
    expectHtmlPage(await page(url), 200);
  });

  test.each(['/guides/%', '/guides/%zz', '/%', '/order-confirmation/%E0%A4%A', '/guides/%ED%A0%80'])(
    'a path the router cannot decode, %s, is the 404 page, not JSON',
    async (url) => {
      const res = await page(url);
      expectHtmlPage(res, 404);
    },
  );

  test('an API path the router cannot decode is answered in the API’s own error shape', async () => {
    const res = await page('/api/guides/%');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  test('an unknown guide with a NUL in its address is the 404 page, not JSON', async () => {
    expectHtmlPage(await page('/guides/%00'), 404);
    expectHtmlPage(await page('/order-confirmation/ab%00cd'), 404);
  });
});

describe('search wildcards', () => {
  const search = async (q: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/travel-guides?${new URLSearchParams({ locale: 'fr', q })}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as Guide[]).map((g) => g.slug);
  };

  test.each(['%', '_', '%%', '__', '%_%', ' % '])('q=%s finds no guide', async (q) => {
    expect(await search(q)).toEqual([]);
  });

  test('a word beside a wildcard is still searched', async () => {
    expect(await search('maroc%')).toEqual(['maroc-fr']);
  });

  test('the search page for % says nothing was found', async () => {
    const res = await page('/?search=%25');
    expect(res.body).toContain('Aucun guide trouvé pour «\u00a0%\u00a0»');
    expect(res.body).not.toContain('correspondant à votre recherche');
  });
});

describe('admin addresses', () => {
  test.each(['analytics', 'guides', 'mobile-money', 'emails', 'content', 'media'])(
    '/admin/%s is the dashboard (200)',
    async (tab) => {
      expectHtmlPage(await page(`/admin/${tab}`), 200);
    },
  );

  test.each(['/admin/foo', '/admin/analytics/x', '/admin/guides/new', '/admin/emails/123'])(
    '%s is the 404 page with status 404',
    async (url) => {
      const res = await page(url);
      expectHtmlPage(res, 404);
      expect(res.body).toContain('Page introuvable');
    },
  );
});

import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { STOREFRONT_ROUTES } from '../../src/web/app/routes';
import { ADMIN_TABS, paths } from '../../src/web/lib/paths';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { nastyString } from './arbitraries';
import { draw, type KnownIds, seedShop } from './bad-input';
import { databaseFingerprint, HARDENING_ENV, Tally } from './harness';

/**
 * every page route (the storefront's table, the admin tabs, an unknown path) with
 * odd query strings. A page never answers JSON and never a 5xx for its address: it renders (200,
 * or the 404 page for what does not exist), or /admin redirects.
 */

const tally = new Tally('bad input, pages');
let ctx: TestContext;
let known: KnownIds;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: true, env: HARDENING_ENV });
  known = await seedShop(ctx);
});
afterAll(async () => {
  tally.print();
  await ctx.close();
});

/** Each page path, its parameters filled with a known id (the seeded guide's slug and order's public id). */
function pagePaths(): string[] {
  const [, slug, publicId] = known.all;
  const storefront = STOREFRONT_ROUTES.map((r) =>
    r.path.replace(':slug', slug ?? 'x').replace(':id', publicId ?? 'x'),
  );
  const admin = ADMIN_TABS.map((tab) => paths.admin(tab));
  return [...storefront, ...admin, '/admin', '/admin/foo', '/admin/analytics/x', '/nowhere'];
}

/** Query strings that broke pages or that no parser should trip on; raw, as a browser may send them. */
const FIXED_QUERIES = [
  `?search=${'a'.repeat(201)}`,
  `?destination=${'b'.repeat(250)}`,
  `?search=${'€'.repeat(3_000)}`,
  '?search=%00',
  '?search=a%00b&lang=en',
  '?lang=%00',
  '?%00=1',
  '?search=%',
  '?search=%zz',
  '?search=%ff%fe',
  '?search=%ED%A0%80',
  '?search[]=a&search[]=b',
  '?search=a&search=b&destination=c',
  '?lang=xx&lang=en',
  '?lang[]=en',
  '?__proto__[x]=1&constructor[prototype][y]=2',
  '?q=%25&search=_',
  `?${Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&')}`,
  '?utm_source=x&unknown=%F0%9F%98%80',
  '?=&&=&search',
];

/** Generated query strings: up to four parameters, names the pages read or anything, values hostile. */
const rawFragment = fc.constantFrom('%', '%zz', '%00', '%ff', '%ED%A0%80', '%2', '&', '=', '[]');
const encoded = nastyString.map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?')));
const queryArbitrary = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom('search', 'destination', 'lang', 'search[]', 'q', '__proto__'), encoded),
      fc.oneof({ weight: 3, arbitrary: encoded }, { weight: 1, arbitrary: rawFragment }),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((pairs) => `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}`);

/** What a page may answer: HTML with 200 or 404, or a redirect; never JSON, never a 5xx. */
function pageProblem(path: string, res: LightMyRequestResponse): string | undefined {
  if (res.statusCode === 302 && path === '/admin') return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (![200, 404].includes(res.statusCode) || !type.startsWith('text/html'))
    return `answered ${res.statusCode} ${type}: ${res.body.slice(0, 200)}`;
  return undefined;
}

async function holdPages(category: string, requests: { path: string; query: string }[]) {
  const before = await databaseFingerprint(ctx.db);
  for (const { path, query } of requests) {
    const url = `${path}${query}`;
    const res = await ctx.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.31' });
    tally.add(category);
    tally.status(res.statusCode);
    const problem = pageProblem(path, res);
    if (problem) throw new Error(`GET ${url.slice(0, 300)}: ${problem}`);
  }
  if ((await databaseFingerprint(ctx.db)) !== before)
    throw new Error(`${category}: a page changed the database`);
}

describe('page routes with bad query strings', () => {
  test('each page with each known bad query string renders (HTML 200 or 404, never JSON or 5xx)', async () => {
    const requests = pagePaths().flatMap((path) => FIXED_QUERIES.map((query) => ({ path, query })));
    await holdPages('fixed query strings', requests);
  });

  test('each page with generated query strings renders', async () => {
    for (const [i, path] of pagePaths().entries()) {
      const seed = 17_000 + i;
      try {
        await holdPages(
          'generated query strings',
          draw(queryArbitrary, 12, seed).map((query) => ({ path, query })),
        );
      } catch (error) {
        throw new Error(`seed ${seed}: ${(error as Error).message}`);
      }
    }
  });

  test('each page path with an escape the router cannot decode renders its 404 page', async () => {
    const requests = pagePaths().flatMap((path) =>
      ['%', '%zz', '%ED%A0%80', '%E0%A4%A', '%2'].map((bad) => ({
        path: `${path.replace(/\/$/, '')}/${bad}`,
        query: '',
      })),
    );
    // The parameter of a page itself, not only a segment after it.
    requests.push({ path: '/guides/%', query: '' }, { path: '/order-confirmation/%zz', query: '?lang=en' });
    await holdPages('undecodable paths', requests);
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { travelGuides } from '../../src/server/db/schema';
import { searchWords } from '../../src/server/modules/catalogue/search-index';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { makeGuidePdf } from '../helpers/fixtures';
import { multipartBody } from '../helpers/multipart';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * the storefront's search is read from an index kept in memory, rebuilt when the
 * operator changes a guide (here and, through NOTIFY, in every other process).
 */
const ADMIN_KEY = 'catalogue-search-key-0123456789abcdef';
let ctx: TestContext;
let other: FastifyInstance;

const PLACES = [
  'Dakar',
  'Saint-Louis',
  'Ziguinchor',
  'Abidjan',
  'Yamoussoukro',
  'Marrakech',
  'Fès',
  'Essaouira',
];
const THEMES = [
  ['Plages et îles', 'Beaches and islands'],
  ['Marchés et artisanat', 'Markets and crafts'],
  ['Cœur historique', 'Historic heart'],
  ['Cuisine de rue', 'Street food'],
  ['Randonnées', 'Hiking trails'],
];

beforeAll(async () => {
  // A long cache lifetime: only the operator's change (or its NOTIFY) may make a search see it.
  ctx = await createTestContext({
    renderPages: false,
    env: { ADMIN_API_KEY: ADMIN_KEY, CATALOGUE_CACHE_TTL_MS: '600000' },
  });
  other = await buildApp(ctx.config, { database: ctx.database, startWorker: false });
  await other.ready();
  const rows = PLACES.flatMap((place, p) =>
    THEMES.flatMap(([fr, en], t) =>
      (['fr', 'en'] as const).map((locale, l) => ({
        slug: `g-${p}-${t}-${locale}`,
        title: `${place} : ${locale === 'fr' ? fr : en}`,
        description:
          locale === 'fr'
            ? `Le guide pratique de ${place}, ${fr!.toLowerCase()} et adresses sûres à ${PLACES[(p + t) % 8]}.`
            : `A practical guide to ${place}: ${en!.toLowerCase()}, safe addresses in ${PLACES[(p + t) % 8]}.`,
        price: '9.00',
        locale,
        createdAt: new Date(Date.UTC(2026, 0, 1 + p * 10 + t, l)),
      })),
    ),
  );
  await ctx.db.insert(travelGuides).values(rows);
});
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

const search = async (q: string, app: FastifyInstance = ctx.app, locale = 'fr') => {
  const res = await app.inject({ url: '/api/travel-guides', query: { locale, q } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Guide[]).map((g) => g.slug);
};

/**
 * The search as it was before the index (PostgreSQL, levenshtein over every word), kept as the
 * reference. The search's own words are taken as the index takes them (a ligature in the search,
 * `Cœur`, now reads `coeur` as unaccent() read it in the guides, where it used to read `c ur`).
 */
async function searchInSql(q: string, locale: 'fr' | 'en'): Promise<string[]> {
  const words = searchWords(q);
  if (q.trim() && words.length === 0) return [];
  const normalised = (expr: SQL) => sql`regexp_replace(lower(unaccent(${expr})), '[^a-z0-9]+', ' ', 'g')`;
  const matches = (text: SQL, word: string) => {
    const exact = sql`${text} like ${`%${word}%`}`;
    if (word.length < 5) return exact;
    return sql`(${exact} or exists (select 1 from unnest(string_to_array(${text}, ' ')) as w(word) where levenshtein(w.word, ${word}) <= 1))`;
  };
  const title = normalised(sql`${travelGuides.title}`);
  const body = normalised(sql`${travelGuides.title} || ' ' || ${travelGuides.description}`);
  const titleHits = sql.join(
    words.map((w) => sql`(case when ${matches(title, w)} then 1 else 0 end)`),
    sql` + `,
  );
  const rows = await ctx.db
    .select({ slug: travelGuides.slug })
    .from(travelGuides)
    .where(
      and(
        eq(travelGuides.locale, locale),
        eq(travelGuides.isActive, true),
        ...words.map((w) => matches(body, w)),
      ),
    )
    .orderBy(...(words.length ? [desc(titleHits)] : []), desc(travelGuides.createdAt), desc(travelGuides.id));
  return rows.map((r) => r.slug);
}

/** Search terms as shoppers type them: typos, missing accents, partial words, capitals, both languages. */
function shopperTerms(): string[] {
  let seed = 21;
  const random = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed % n;
  };
  const words = [...PLACES, ...THEMES.flat().flatMap((t) => t.split(' ')), 'guide', 'pratique', 'adresses'];
  const typo = (w: string) => {
    const i = random(w.length);
    const kind = random(4);
    if (kind === 0) return w.slice(0, i) + w.slice(i + 1);
    if (kind === 1) return `${w.slice(0, i)}x${w.slice(i)}`;
    if (kind === 2) return `${w.slice(0, i)}e${w.slice(i + 1)}`;
    return w.slice(0, Math.max(2, i + 1));
  };
  return Array.from({ length: 160 }, () => {
    const first = words[random(words.length)]!;
    const term = random(3) === 0 ? typo(first) : first;
    const second = random(3) === 0 ? ` ${typo(words[random(words.length)]!)}` : '';
    return random(2) ? (term + second).toUpperCase() : term + second;
  });
}

describe('the index', () => {
  test('finds exactly what the SQL search found, in the same order, for 160 shopper terms per language', async () => {
    let found = 0;
    for (const locale of ['fr', 'en'] as const)
      for (const q of shopperTerms()) {
        const expected = await searchInSql(q, locale);
        expect(await search(q, ctx.app, locale), `${locale} "${q}"`).toEqual(expected);
        found += expected.length;
      }
    expect(found).toBeGreaterThan(300);
  });

  test('is built once: a write behind the app’s back is not seen until the operator changes a guide', async () => {
    const [row] = await ctx.db
      .update(travelGuides)
      .set({ title: 'Tombouctou secrète' })
      .where(eq(travelGuides.slug, 'g-0-0-fr'))
      .returning();
    expect(await search('tombouctou')).toEqual([]);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${row!.id}`,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { title: 'Tombouctou la mystérieuse', description: 'Le Mali.', price: '9.00' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search('tombouctou')).toEqual(['g-0-0-fr']);
    expect(await search('mysterieuse tombouctou')).toEqual(['g-0-0-fr']);
  });

  test('a guide created, edited and unpublished is found, renamed and gone, here and in another process', async () => {
    expect(await search('gorée', other)).toEqual([]);
    const form = multipartBody([
      { name: 'title', value: 'Île de Gorée' },
      { name: 'description', value: 'La maison des esclaves.' },
      { name: 'price', value: '5.00' },
      { name: 'isActive', value: 'true' },
      { name: 'locale', value: 'fr' },
      {
        name: 'coverImage',
        fileName: 'goree.png',
        type: 'image/png',
        data: await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0f766e' } })
          .png()
          .toBuffer(),
      },
      {
        name: 'pdfPrimary',
        fileName: 'goree.pdf',
        type: 'application/pdf',
        data: await makeGuidePdf('Gorée'),
      },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/guides',
      payload: form.payload,
      headers: { 'x-admin-key': ADMIN_KEY, 'content-type': form.contentType },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, slug } = created.json() as { id: string; slug: string };
    expect(await search('goree')).toEqual([slug]);
    await expect.poll(() => search('gore', other), { timeout: 2000, interval: 20 }).toEqual([slug]);

    const admin = { 'x-admin-key': ADMIN_KEY };
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${id}`,
      headers: admin,
      payload: { title: 'Gorée, île mémoire', description: 'Dakar en face.', price: '5.00' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await expect.poll(() => search('memoire', other), { timeout: 2000, interval: 20 }).toEqual([slug]);
    expect(await search('esclaves', other)).toEqual([]);

    const unpublished = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/travel-guides/${id}`,
      headers: admin,
    });
    expect(unpublished.statusCode).toBe(200);
    expect(await search('goree')).toEqual([]);
    await expect.poll(() => search('goree', other), { timeout: 2000, interval: 20 }).toEqual([]);
  });
});

describe('what a search may cost', () => {
  test('a 10,000-character search is a 400 naming q; 200 characters of one word find nothing', async () => {
    const long = await ctx.app.inject({
      url: '/api/travel-guides',
      query: { locale: 'fr', q: 'dakar'.repeat(2000) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/\bq\b/);
    expect(await search('d'.repeat(200))).toEqual([]);
  });

  test('a hundred one-letter words count as eight', async () => {
    const eight = await search(`dakar ${'a '.repeat(7)}`);
    expect(eight.length).toBeGreaterThan(0);
    expect(await search(`dakar ${'a '.repeat(7)}${'z '.repeat(90)}`)).toEqual(eight);
  });

  test('lone surrogates, raw or percent-encoded, answer a normal result', async () => {
    expect(await search('dakar\uD800')).toEqual(await search('dakar'));
    expect(await search('\uDC00\uDC00')).toEqual([]);
    const encoded = await ctx.app.inject({ url: '/api/travel-guides?locale=fr&q=dakar%ED%A0%80' });
    // Bytes that are no UTF-8 are kept as typed (`%ED%A0%80`): a search that finds nothing.
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toEqual([]);
  });
});

describe('a search answer on the wire', () => {
  test('compressed in the form the client accepts, the same JSON as plain, with an ETag that answers 304', async () => {
    const url = '/api/travel-guides?locale=fr&q=guide%20pratique';
    const plain = await ctx.app.inject({ url });
    expect((plain.json() as Guide[]).length).toBeGreaterThan(10);
    const br = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ctx.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await ctx.app.inject({ url, headers: { 'if-none-match': plain.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });
});

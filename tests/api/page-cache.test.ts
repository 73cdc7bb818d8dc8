import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { travelGuides } from '../../src/server/db/schema';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * anonymous pages are rendered once per language and kept; the operator's changes drop
 * them at once; pages with a query (search) or a buyer's data are rendered for each request.
 */
const ADMIN_KEY = 'page-cache-test-key-0123456789abcdef';
let ctx: TestContext;
let guideId: string;

beforeAll(async () => {
  ctx = await createTestContext({ env: { ADMIN_API_KEY: ADMIN_KEY, PAGE_CACHE_TTL_MS: '600000' } });
  const guide = await insertGuide(ctx, {
    slug: 'dakar-fr',
    title: 'Dakar essentiel',
    description: 'Le Sénégal.',
  });
  guideId = guide.id;
});
afterAll(() => ctx.close());

const page = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers, remoteAddress: '198.51.100.9' });

/** Renames the guide behind the app's back, as another process's write would before its NOTIFY. */
const renameInDatabase = (title: string) =>
  ctx.db.update(travelGuides).set({ title }).where(eq(travelGuides.id, guideId));

describe('shared pages', () => {
  test('are kept: a change behind the app’s back does not show until the operator changes something', async () => {
    expect((await page('/guides')).body).toContain('Dakar essentiel');
    await renameInDatabase('Dakar autrement');
    expect((await page('/guides')).body).toContain('Dakar essentiel');
    // A page with a search is rendered for its request.
    expect((await page('/guides?search=dakar')).body).toContain('Dakar autrement');

    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${guideId}`,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: {
        title: 'Dakar, la ville',
        description: 'Le Sénégal.',
        price: '9.00',
        isActive: true,
        locale: 'fr',
      },
    });
    expect(edit.statusCode).toBe(200);
    expect((await page('/guides')).body).toContain('Dakar, la ville');
  });

  test('a refused admin change drops nothing', async () => {
    expect((await page('/guides')).body).toContain('Dakar, la ville');
    await renameInDatabase('Dakar en douce');
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${guideId}`,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { title: '', description: 'x', price: '1' },
    });
    expect(refused.statusCode).toBe(400);
    expect((await page('/guides')).body).toContain('Dakar, la ville');
  });

  test('each language has its own copy, sent compressed, with its ETag and CSP', async () => {
    const fr = await page('/guides', { 'accept-encoding': 'br' });
    const en = await page('/guides?lang=en', { 'accept-encoding': 'br' });
    expect(fr.headers['content-encoding']).toBe('br');
    const frHtml = brotliDecompressSync(fr.rawPayload).toString();
    const enHtml = brotliDecompressSync(en.rawPayload).toString();
    expect(frHtml).toContain('<html lang="fr"');
    expect(enHtml).toContain('<html lang="en"');
    expect(en.headers['set-cookie']).toContain('lang=en');
    expect(fr.headers['content-security-policy']).toMatch(/script-src[^;]*'sha256-/);
    expect(fr.headers.vary).toBe('Accept-Encoding, Cookie');
    const again = await page('/guides', { 'if-none-match': String(fr.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  test('a kept page without accept-encoding: the same HTML as in br, its length in bytes, every header', async () => {
    const br = await page('/guides', { 'accept-encoding': 'br' });
    const plain = await page('/guides');
    const again = await page('/guides');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(plain.body).toContain('Sénégal');
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.body));
    expect(again.body).toBe(plain.body);
    expect(plain.headers.etag).toBe(br.headers.etag);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers['content-security-policy']).toBe(br.headers['content-security-policy']);
    expect(plain.headers['x-content-type-options']).toBe('nosniff');
    expect(plain.headers['x-frame-options']).toBe('DENY');
    expect(plain.headers['x-request-id']).not.toBe(again.headers['x-request-id']);
    const head = await ctx.app.inject({ method: 'HEAD', url: '/guides', remoteAddress: '198.51.100.9' });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-length']).toBe(plain.headers['content-length']);
  });

  test('a page that is not found is not kept: the guide added later shows at once', async () => {
    expect((await page('/guides/later-fr')).statusCode).toBe(404);
    await insertGuide(ctx, { slug: 'later-fr', title: 'Saint-Louis', description: 'Le fleuve.' });
    const found = await page('/guides/later-fr');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Saint-Louis');
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertContent, insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await insertGuide(ctx, { slug: 'dakar-fr', title: 'Dakar essentiel', locale: 'fr', price: '9.00' });
  await insertGuide(ctx, { slug: 'dakar-en', title: 'Dakar Essentials', locale: 'en', price: '9.00' });
  await insertGuide(ctx, { slug: 'old-fr', title: 'Ancien guide du Maroc', locale: 'fr', isActive: false });
  await insertContent(ctx.db, {
    key: 'home.hero.title',
    locale: 'fr',
    value: 'Voyagez en Afrique de l’Ouest',
  });
  await insertContent(ctx.db, { key: 'home.hero.title', locale: 'en', value: 'Travel West Africa' });
});
afterAll(() => ctx.close());

describe('API errors', () => {
  test('an unknown /api route is a 404 JSON message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'No API route GET /api/nope' });
  });

  test('an unknown /api route with another method is a 404 JSON message too', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No API route POST \/api\/nope/);
  });

  test('a bad query parameter is a 400 naming it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/travel-guides?locale=de' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^locale: /);
  });

  test('a missing query parameter is a 400 naming it', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/travel-guides' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/locale/);
  });
});

describe('health', () => {
  test('/healthz answers ok and /readyz checks the database and file store', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('catalogue basics', () => {
  test('lists the active guides of one locale only', async () => {
    const res = await ctx.app.inject({ url: '/api/travel-guides?locale=fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((g: { slug: string }) => g.slug)).toEqual(['dakar-fr']);
  });

  test('serves a known cover image and refuses unknown or traversal names', async () => {
    const [guide] = (await ctx.app.inject({ url: '/api/travel-guides?locale=fr' })).json();
    const image = await ctx.app.inject({ url: guide.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '%2e%2e%2fdb', 'cover-unknown.webp']) {
      const res = await ctx.app.inject({ url: `/api/images/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Image not found' });
    }
  });
});

describe('server-rendered pages', () => {
  test('the home page arrives rendered in French with its guides, title and description', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html lang="fr"/);
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    expect(res.body).toMatch(/<meta name="description" content="[^"]+">/);
    expect(res.body).toContain('Dakar essentiel');
    expect(res.body).toContain('Voyagez en Afrique de l’Ouest');
    expect(res.body).not.toContain('Dakar Essentials');
    expect(res.body).toContain('window.__SHOP_STATE__=');
  });

  test('?lang=en renders English and remembers the choice in a cookie', async () => {
    const res = await ctx.app.inject({ url: '/?lang=en' });
    expect(res.body).toMatch(/<html lang="en"/);
    expect(res.body).toContain('Dakar Essentials');
    expect(res.body).toContain('Travel West Africa');
    expect(res.headers['set-cookie']).toMatch(/^lang=en;/);
  });

  test('the stored language cookie renders English in the first HTML', async () => {
    const res = await ctx.app.inject({ url: '/', headers: { cookie: 'other=1; lang=en' } });
    expect(res.body).toMatch(/<html lang="en"/);
    expect(res.body).toContain('Latest guides');
  });

  test('an unknown path renders the 404 page (French by default) with status 404', async () => {
    const res = await ctx.app.inject({ url: '/nowhere/at-all' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<h1 class="mt-4 text-2xl font-bold">Page introuvable</h1>');
  });

  test.each([
    '/guides',
    '/cote-divoire',
    '/senegal',
    '/maroc',
    '/about',
    '/contact',
    '/faq',
    '/privacy',
    '/terms',
    '/checkout',
  ])('%s is a server-rendered page with its own title', async (url) => {
    const res = await ctx.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>[^<]+<\/title>/);
    expect(res.body).toContain('Guides Afrique');
  });

  test('an unknown order renders Order Not Found with status 404', async () => {
    const res = await ctx.app.inject({ url: '/order-confirmation/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Commande introuvable');
  });

  test('/admin redirects to /admin/analytics', async () => {
    const res = await ctx.app.inject({ url: '/admin' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/analytics');
  });

  test('admin pages are client-only: the server sends a loading shell, not the dashboard', async () => {
    const res = await ctx.app.inject({ url: '/admin/guides' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Chargement de l’administration');
    expect(res.body).not.toContain('Admin Dashboard');
    expect(res.body).toContain('noindex');
  });

  test('state embedded for hydration cannot close its script tag', async () => {
    await insertGuide(ctx, { slug: 'xss-fr', title: '</script><script>alert(1)</script>', locale: 'fr' });
    const res = await ctx.app.inject({ url: '/guides' });
    const state = res.body.slice(res.body.indexOf('window.__SHOP_STATE__'));
    expect(state.slice(0, state.indexOf('</script>'))).not.toContain('<');
    expect(res.body).not.toContain('<script>alert(1)</script>');
  });
});

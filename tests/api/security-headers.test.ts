import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The CSP as a map of directive → sources. */
function policy(header: unknown): Map<string, string[]> {
  const directives = String(header ?? '')
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .filter((d) => d[0]);
  return new Map(directives.map(([name, ...sources]) => [name as string, sources]));
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('security headers', () => {
  test('every answer: nosniff, no framing, HSTS, a same-origin referrer policy', async () => {
    for (const url of ['/', '/api/travel-guides?locale=fr', '/api/nowhere', '/healthz']) {
      const res = await ctx.app.inject({ url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
  });

  test('a page allows only its own scripts and its exact inline scripts (the early-tap keeper, the state), and no Stripe', async () => {
    const res = await ctx.app.inject({ url: '/' });
    expect(res.statusCode).toBe(200);
    const csp = policy(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline.length).toBe(2);
    expect([...(csp.get('script-src') ?? [])].sort()).toEqual(
      ["'self'", ...inline.map((s) => sha256(s))].sort(),
    );
    expect(String(res.headers['content-security-policy'])).not.toContain('stripe');
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
  });

  test('every page, in both languages, is whole: its only inline scripts are the two the policy hashes', async () => {
    // React moves a large boundary to the end of a page with inline scripts of its own, which the policy
    // would block; the browser would then hydrate a different page (render/pages.ts, entry-server).
    const { slug } = await insertGuide(ctx, { title: 'Dakar et le Sénégal' });
    for (const path of ['/', '/faq', '/contact', '/privacy', '/guides', '/senegal', `/guides/${slug}`]) {
      for (const lang of ['fr', 'en']) {
        const res = await ctx.app.inject({ url: path, headers: { cookie: `lang=${lang}` } });
        const where = `${path} (${lang})`;
        expect(res.statusCode, where).toBe(200);
        const inline = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
        expect(inline.length, where).toBe(2);
        const allowed = policy(res.headers['content-security-policy']).get('script-src') ?? [];
        for (const script of inline) expect(allowed, where).toContain(sha256(script));
      }
    }
  });

  test('the checkout page, and only it, lets Stripe.js load, frame and call its API', async () => {
    const csp = policy((await ctx.app.inject({ url: '/checkout' })).headers['content-security-policy']);
    expect(csp.get('script-src')).toContain('https://js.stripe.com');
    expect(csp.get('frame-src')).toEqual(['https://js.stripe.com', 'https://hooks.stripe.com']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    for (const url of ['/senegal', '/order-confirmation/unknown', '/admin/guides']) {
      const other = (await ctx.app.inject({ url })).headers['content-security-policy'];
      expect(String(other), url).not.toContain('stripe');
    }
  });

  test('API answers and files get a closed policy if opened as a document', async () => {
    const res = await ctx.app.inject({ url: '/api/travel-guides?locale=fr' });
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
  });
});

describe('ETags', () => {
  test('an API read carries an ETag, and asking again with it answers 304 without the body', async () => {
    const first = await ctx.app.inject({ url: '/api/content?locale=fr&keys=home.*' });
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/"/);
    const again = await ctx.app.inject({
      url: '/api/content?locale=fr&keys=home.*',
      headers: { 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await ctx.app.inject({
      url: '/api/content?locale=fr&keys=home.*',
      headers: { 'if-none-match': 'W/"an-older-answer"' },
    });
    expect(other.statusCode).toBe(200);
  });

  test('the catalogue keeps its own ETag', async () => {
    const first = await ctx.app.inject({ url: '/api/travel-guides?locale=fr' });
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^"/);
    const again = await ctx.app.inject({
      url: '/api/travel-guides?locale=fr',
      headers: { 'if-none-match': tag },
    });
    expect(again.statusCode).toBe(304);
  });
});

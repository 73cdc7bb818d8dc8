import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { displayPrice } from '../../src/shared/money';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * WhatsApp: every guide page links to `wa.me` with the title, the price as the page shows
 * it and the page's own address, in the page's language, without JavaScript; its Open Graph and
 * Twitter tags make a shared link show the cover, the title and the price.
 */
let ctx: TestContext;
const TITLE = 'Dakar & Saint-Louis : 100 % « vrai » #1 + ? ☀️';

beforeAll(async () => {
  ctx = await createTestContext({ env: { ALLOWED_HOSTS: 'shop.test' } });
  await insertGuide(ctx, {
    slug: 'dakar-fr',
    title: TITLE,
    description: 'Le Sénégal "en vrai".',
    price: '9.99',
  });
  await insertGuide(ctx, { slug: 'kit-fr', title: 'Kit de départ', price: '0.00', withCover: false });
});
afterAll(() => ctx.close());

const fromHtml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

async function page(url: string) {
  const res = await ctx.app.inject({ url, headers: { host: 'shop.test' } });
  expect(res.statusCode).toBe(200);
  const html = res.body;
  const meta = (key: string) => {
    const found = new RegExp(
      `<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`,
    ).exec(html);
    return found ? fromHtml(found[1]!) : undefined;
  };
  const link = /<a href="(https:\/\/wa\.me\/[^"]*)"[^>]*>([^<]*)<\/a>/.exec(html);
  return { html, meta, share: link ? { href: fromHtml(link[1]!), label: link[2] } : undefined };
}

describe('sharing a guide', () => {
  test.each([
    ['fr', '/guides/dakar-fr', 'Partager sur WhatsApp', 'http://shop.test/guides/dakar-fr'],
    ['en', '/guides/dakar-fr?lang=en', 'Share on WhatsApp', 'http://shop.test/guides/dakar-fr?lang=en'],
  ] as const)(
    '%s: the WhatsApp link carries the title, the price and the page, encoded',
    async (lang, url, label, address) => {
      const { share } = await page(url);
      expect(share?.label).toBe(label);
      // Nothing but unreserved characters and escapes after text=: no raw space, &, #, + or ?.
      expect(share!.href).toMatch(/^https:\/\/wa\.me\/\?text=[A-Za-z0-9\-_.!~*'()%]+$/);
      const text = new URL(share!.href).searchParams.get('text');
      expect(text).toBe(`${TITLE} — ${displayPrice('9.99', lang)}\n${address}`);
      expect(text).toContain(lang === 'fr' ? '6 553 FCFA (9,99 €)' : '6 553 FCFA (€9.99)');
    },
  );

  test.each([
    ['fr', '/guides/dakar-fr', 'fr_FR', 'http://shop.test/guides/dakar-fr'],
    ['en', '/guides/dakar-fr?lang=en', 'en_GB', 'http://shop.test/guides/dakar-fr?lang=en'],
  ] as const)(
    '%s: the preview shows the cover (absolute), the title and the price',
    async (lang, url, ogLocale, address) => {
      const { meta } = await page(url);
      expect(meta('og:title')).toBe(TITLE);
      expect(meta('twitter:title')).toBe(TITLE);
      const description = `${displayPrice('9.99', lang)} — Le Sénégal "en vrai".`;
      expect(meta('og:description')).toBe(description);
      expect(meta('twitter:description')).toBe(description);
      expect(meta('og:url')).toBe(address);
      expect(meta('og:locale')).toBe(ogLocale);
      expect(meta('og:type')).toBe('product');
      expect(meta('og:image')).toBe('http://shop.test/api/images/cover-dakar-fr.webp?w=960');
      expect(meta('twitter:image')).toBe(meta('og:image'));
      expect(meta('og:image:type')).toBe('image/webp');
      expect(meta('og:image:alt')).toBe(TITLE);
      expect(meta('twitter:card')).toBe('summary_large_image');
      expect(meta('product:price:amount')).toBe('9.99');
      expect(meta('product:price:currency')).toBe('EUR');
      const image = await ctx.app.inject({ url: '/api/images/cover-dakar-fr.webp?w=960' });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
    },
  );

  test('a free guide is shared as free, in both languages, and without a cover has no image card', async () => {
    const fr = await page('/guides/kit-fr');
    expect(new URL(fr.share!.href).searchParams.get('text')).toBe(
      'Kit de départ — Gratuit\nhttp://shop.test/guides/kit-fr',
    );
    expect(fr.meta('og:image')).toBeUndefined();
    expect(fr.meta('twitter:card')).toBe('summary');
    const en = await page('/guides/kit-fr?lang=en');
    expect(new URL(en.share!.href).searchParams.get('text')).toBe(
      'Kit de départ — Free\nhttp://shop.test/guides/kit-fr?lang=en',
    );
  });

  test('a page with another host shares the shop address, never the one sent', async () => {
    const res = await ctx.app.inject({ url: '/guides/dakar-fr', headers: { host: 'evil.test' } });
    expect(res.body).not.toContain('evil.test');
  });
});

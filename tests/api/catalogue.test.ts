import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
/** Every public page, listed here rather than taken from the code under test. */
const PUBLIC_PAGES = [
  '/',
  '/guides',
  '/senegal',
  '/maroc',
  '/cote-divoire',
  '/about',
  '/contact',
  '/faq',
  '/privacy',
  '/terms',
];
const day = (n: number) => new Date(Date.UTC(2026, 9, n));
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Without PUBLIC_URL, pages build absolute links from the request's host only when it is allowed.
  ctx = await createTestContext({ env: { ALLOWED_HOSTS: 'shop.test' } });
  const group = crypto.randomUUID();
  const rows = [
    {
      slug: 'ci-fr',
      title: "S'installer à Abidjan, Côte d'Ivoire",
      description: 'Logement, banques.',
      createdAt: day(1),
    },
    {
      slug: 'sn-fr',
      title: 'Dakar essentiel',
      description: 'Le guide pratique du Sénégal.',
      createdAt: day(2),
    },
    {
      slug: 'sn-desc-fr',
      title: 'Casamance',
      description: 'Ziguinchor et les plages du Sénégal.',
      createdAt: day(5),
    },
    {
      slug: 'ma-fr',
      title: 'Marrakech et l’Atlas',
      description: 'Souks et sommets du Maroc.',
      createdAt: day(3),
      withPdf: true,
      translationGroup: group,
    },
    {
      slug: 'ma-en',
      title: 'Marrakech and the Atlas',
      description: 'Morocco.',
      locale: 'en' as const,
      createdAt: day(3),
      translationGroup: group,
      withPdf: true,
    },
    {
      slug: 'old-fr',
      title: 'Ancien guide du Sénégal',
      description: 'Retiré.',
      isActive: false,
      createdAt: day(4),
      withPdf: true,
    },
    { slug: 'nopdf-fr', title: 'Kit de départ', description: 'Gratuit.', price: '0.00', createdAt: day(6) },
  ];
  for (const row of rows) {
    const guide = await insertGuide(ctx, row);
    ids[row.slug] = guide.id;
  }
});
afterAll(() => ctx.close());

const list = async (query: string) => {
  const res = await ctx.app.inject({ url: `/api/travel-guides?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as Guide[]).map((g) => g.slug);
};

describe('GET /api/travel-guides', () => {
  test('lists the active guides of the locale, newest first', async () => {
    expect(await list('locale=fr')).toEqual(['nopdf-fr', 'sn-desc-fr', 'ma-fr', 'sn-fr', 'ci-fr']);
    expect(await list('locale=en')).toEqual(['ma-en']);
  });

  test.each([
    ['cote ivoire', ['ci-fr']],
    ["Côte-d'Ivoire", ['ci-fr']],
    ['SENEGAL', ['sn-desc-fr', 'sn-fr']],
    ['sénégal', ['sn-desc-fr', 'sn-fr']],
    ['ivoire abidjan', ['ci-fr']],
    ['abidjan ivoire', ['ci-fr']],
    ['marakech', ['ma-fr']],
    ['Marrakesh', ['ma-fr']],
    ['d’Ivoire', ['ci-fr']],
  ])('"%s" finds %j', async (q, expected) => {
    expect(await list(`locale=fr&q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  test('title matches rank before description matches', async () => {
    expect(await list('locale=fr&q=casamance%20senegal')).toEqual(['sn-desc-fr']);
    const both = await list('locale=fr&q=dakar');
    expect(both).toEqual(['sn-fr']);
    // "Sénégal" is in Casamance's description and in Dakar's description only; "guide" in Dakar's.
    expect(await list('locale=fr&q=guide')).toEqual(['sn-fr']);
  });

  test('a title hit outranks a newer guide that only mentions the word in its description', async () => {
    const guide = await insertGuide(ctx, {
      slug: 'new-desc-fr',
      title: 'Carnet de route',
      description: 'Pour Dakar et ailleurs.',
      createdAt: day(20),
    });
    expect(await list('locale=fr&q=dakar')).toEqual(['sn-fr', 'new-desc-fr']);
    await ctx.app.inject({ url: '/' });
    expect(guide.id).toBeTruthy();
  });

  test('one typo is forgiven only in words of five letters or more', async () => {
    expect(await list('locale=fr&q=abidjam')).toEqual(['ci-fr']);
    expect(await list('locale=fr&q=dakir')).toEqual(['sn-fr', 'new-desc-fr']);
    expect(await list('locale=fr&q=dakkkr')).toEqual([]);
    expect(await list('locale=fr&q=kot')).toEqual([]);
  });

  test('inactive guides are never listed, even when searched for', async () => {
    expect(await list('locale=fr&q=ancien')).toEqual([]);
  });

  test.each(['', 'locale=', 'locale=de', 'locale=FR'])(
    'a missing or bad locale (%s) is a 400 naming it',
    async (q) => {
      const res = await ctx.app.inject({ url: `/api/travel-guides?${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/locale/);
    },
  );
});

describe('GET /api/images/{name}', () => {
  test('serves WebP at the asked width with a year-long immutable cache', async () => {
    const [guide] = (await ctx.app.inject({ url: '/api/travel-guides?locale=en' })).json() as Guide[];
    const res = await ctx.app.inject({ url: `${guide!.imageUrl}?w=320` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // the fixture cover is 48 px wide: never enlarged
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    const again = await ctx.app.inject({ url: `${guide!.imageUrl}?w=320` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  test('refuses a width outside the fixed set', async () => {
    const [guide] = (await ctx.app.inject({ url: '/api/travel-guides?locale=en' })).json() as Guide[];
    const res = await ctx.app.inject({ url: `${guide!.imageUrl}?w=4000` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^w: /);
  });

  test.each([
    '../../etc/passwd',
    '..%2F..%2Fdb%2FPG_VERSION',
    '%2e%2e%2f%2e%2e%2fpackage.json',
    '....%2F%2Fpackage.json',
    'cover-unknown.webp',
    'pdf%2Fsecret.pdf',
  ])('404 for %s', async (name) => {
    const res = await ctx.app.inject({ url: `/api/images/${name}` });
    expect(res.statusCode).toBe(404);
  });

  test('a private file (a PDF) is never served as an image, even by its storage key', async () => {
    const res = await ctx.app.inject({ url: `/api/travel-guides?locale=fr&q=marrakech` });
    const [guide] = res.json() as Guide[];
    expect(guide!.fileName).toBe('ma-fr.pdf');
    expect((await ctx.app.inject({ url: `/api/images/${guide!.fileName}` })).statusCode).toBe(404);
  });
});

describe('GET /api/travel-guides/{id}/preview', () => {
  test('renders the table-of-contents page of the stored PDF, then serves it from the store', async () => {
    const res = await ctx.app.inject({ url: `/api/travel-guides/${ids['ma-fr']}/preview` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.width).toBe(600);
    // "Sommaire" is page 2: the image is of a page, taller than wide
    expect(meta.height).toBeGreaterThan(meta.width!);
    const again = await ctx.app.inject({ url: `/api/travel-guides/${ids['ma-fr']}/preview` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  test.each([
    ['an unknown guide', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
    ['a traversal attempt', '..%2F..%2Fetc'],
  ])('404 for %s', async (_what, id) => {
    const res = await ctx.app.inject({ url: `/api/travel-guides/${id}/preview` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Preview not found' });
  });

  test('404 for an inactive guide and for a guide without a PDF', async () => {
    for (const slug of ['old-fr', 'nopdf-fr']) {
      const res = await ctx.app.inject({ url: `/api/travel-guides/${ids[slug]}/preview` });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('pages found and shared', () => {
  test('a guide page carries its canonical, hreflang, Open Graph and Product JSON-LD', async () => {
    const res = await ctx.app.inject({ url: '/guides/ma-fr', headers: { host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Marrakech et l’Atlas — Guides Afrique</title>');
    expect(html).toContain('<link rel="canonical" href="http://shop.test/guides/ma-fr">');
    expect(html).toContain(
      '<link rel="alternate" hreflang="en" href="http://shop.test/guides/ma-en?lang=en">',
    );
    expect(html).toContain('<meta property="og:title" content="Marrakech et l’Atlas">');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/shop.test\/api\/images\/cover-ma-fr.webp\?w=960">/,
    );
    expect(html).toContain('<meta property="product:price:amount" content="9.00">');
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Marrakech et l’Atlas',
      offers: { price: '9.00', priceCurrency: 'EUR' },
    });
    expect(html).toContain('3 pages');
  });

  test('an unknown or inactive guide page is a 404 page', async () => {
    for (const slug of ['nope', 'old-fr']) {
      const res = await ctx.app.inject({ url: `/guides/${slug}` });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Page introuvable');
    }
  });

  test('French pages are canonical at their plain address; English ones with ?lang=en', async () => {
    const fr = (await ctx.app.inject({ url: '/senegal', headers: { host: 'shop.test' } })).body;
    expect(fr).toContain('<link rel="canonical" href="http://shop.test/senegal">');
    expect(fr).toContain('<link rel="alternate" hreflang="fr" href="http://shop.test/senegal">');
    expect(fr).toContain('<link rel="alternate" hreflang="en" href="http://shop.test/senegal?lang=en">');
    expect(fr).toContain('<link rel="alternate" hreflang="x-default" href="http://shop.test/senegal">');
    const en = (await ctx.app.inject({ url: '/senegal?lang=en', headers: { host: 'shop.test' } })).body;
    expect(en).toContain('<link rel="canonical" href="http://shop.test/senegal?lang=en">');
  });

  test('each public page has its own title and description', async () => {
    const seen = new Map<string, string>();
    for (const url of PUBLIC_PAGES) {
      const html = (await ctx.app.inject({ url })).body;
      const title = html.match(/<title>(.*?)<\/title>/)![1]!;
      const description = html.match(/<meta name="description" content="(.*?)">/)![1]!;
      expect(seen.has(title), `${url} repeats the title of ${seen.get(title)}`).toBe(false);
      seen.set(title, url);
      expect(description.length).toBeGreaterThan(40);
      expect(html).toMatch(/<link rel="alternate" hreflang="en" href="[^"]+\?lang=en">/);
    }
  });

  test('sitemap.xml lists every public page in both languages and each active guide', async () => {
    const res = await ctx.app.inject({ url: '/sitemap.xml', headers: { host: 'shop.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/xml/);
    const locs = [...res.body.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    for (const path of PUBLIC_PAGES) {
      expect(locs).toContain(`http://shop.test${path}`);
      expect(locs).toContain(`http://shop.test${path}?lang=en`);
    }
    expect(locs).toContain('http://shop.test/guides/ma-en?lang=en');
    expect(locs).toContain('http://shop.test/guides/sn-fr');
    expect(locs.some((l) => l?.includes('old-fr'))).toBe(false);
    expect(locs.some((l) => l?.includes('checkout') || l?.includes('admin'))).toBe(false);
  });

  test('robots.txt points to the sitemap and keeps admin, checkout and orders out', async () => {
    const res = await ctx.app.inject({ url: '/robots.txt', headers: { host: 'shop.test' } });
    expect(res.body).toContain('Sitemap: http://shop.test/sitemap.xml');
    for (const path of ['/admin', '/checkout', '/order-confirmation/'])
      expect(res.body).toContain(`Disallow: ${path}`);
  });
});

describe('catalogue answers on the wire', () => {
  test('compressed as the client accepts, with an ETag that answers 304', async () => {
    const plain = await ctx.app.inject({ url: '/api/travel-guides?locale=fr' });
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const br = await ctx.app.inject({
      url: '/api/travel-guides?locale=fr',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await ctx.app.inject({
      url: '/api/travel-guides?locale=fr',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const again = await ctx.app.inject({
      url: '/api/travel-guides?locale=fr',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('GET /api/travel-guides/availability', () => {
  test('answers, for a stored cart, which guides are still sold and at what price', async () => {
    const ids = [guideId('ma-fr'), guideId('old-fr'), '00000000-0000-4000-8000-000000000000', 'not-a-uuid'];
    const res = await ctx.app.inject({ url: `/api/travel-guides/availability?ids=${ids.join(',')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: guideId('ma-fr'), price: '9.00', title: 'Marrakech et l’Atlas' }]);
  });
});

function guideId(slug: string): string {
  return ids[slug]!;
}

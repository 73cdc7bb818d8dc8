import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { downloadResponseSchema } from '../../src/shared/contracts/orders';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

// what the order page's resumable download relies on. A cut download continues with a
// link minted later (the first has expired): the same stamped copy must answer with the same ETag,
// and a range from the next byte.

let ctx: TestContext;
let guide: GuideRow;
let order: OrderRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { DOWNLOAD_LINK_TTL_SECONDS: '60' } });
  guide = await insertSellableGuide(ctx, { title: 'Saint-Louis au fil du fleuve' });
  ({ order } = await insertOrder(ctx.db, { guides: [guide] }));
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function freshLink() {
  const res = await ctx.app.inject({ url: `/api/download/${order.publicId}/${guide.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return downloadResponseSchema.parse(res.json());
}

describe('resuming a download with a fresh link', () => {
  test('after the first link expired, a new one continues the same bytes with the same ETag', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = await freshLink();
    const start = await ctx.app.inject({ url: first.downloadUrl, headers: { range: 'bytes=0-999' } });
    expect(start.statusCode).toBe(206);
    const etag = String(start.headers.etag);

    vi.setSystemTime(Date.now() + 61_000); // DOWNLOAD_LINK_TTL_SECONDS=60
    const expired = await ctx.app.inject({
      url: first.downloadUrl,
      headers: { range: 'bytes=1000-', 'if-range': etag },
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);

    const second = await freshLink();
    expect(second.downloadUrl).not.toBe(first.downloadUrl);
    expect(new Date(second.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    const rest = await ctx.app.inject({
      url: second.downloadUrl,
      headers: { range: 'bytes=1000-', 'if-range': etag },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers.etag).toBe(etag);
    const whole = (await ctx.app.inject({ url: second.downloadUrl })).rawPayload;
    expect(rest.headers['content-range']).toBe(`bytes 1000-${whole.length - 1}/${whole.length}`);
    expect(Buffer.concat([start.rawPayload, rest.rawPayload]).equals(whole)).toBe(true);
  });

  test('a resumed range is not compressed, whatever the client accepts', async () => {
    const { downloadUrl } = await freshLink();
    const res = await ctx.app.inject({
      url: downloadUrl,
      headers: { range: 'bytes=10-', 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });
});

describe('GET /app.webmanifest', () => {
  test('names the app, its icons and the page it opens on, in the language asked', async () => {
    const start = `/order-confirmation/${order.publicId}`;
    const res = await ctx.app.inject({
      url: `/app.webmanifest?${new URLSearchParams({ start, lang: 'en' })}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = res.json();
    expect(manifest).toMatchObject({ name: 'Guides Afrique', start_url: start, scope: '/', lang: 'en' });
    expect(manifest.description).toMatch(/without a connection/);
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
    );
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const french = (await ctx.app.inject({ url: '/app.webmanifest' })).json();
    expect(french).toMatchObject({ lang: 'fr', start_url: '/mes-guides' });
  });

  test('opens on nothing but an order page or the library: another address is a 400 naming start', async () => {
    for (const start of [
      'https://evil.example/',
      '/admin/orders',
      '/order-confirmation/x\u0000',
      '//evil.example',
    ]) {
      const res = await ctx.app.inject({ url: `/app.webmanifest?${new URLSearchParams({ start })}` });
      expect(res.statusCode, start).toBe(400);
      expect(res.json().message).toMatch(/start/);
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders } from '../../src/server/db/schema';
import { insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

/**
 * A buyer's pages and the operator's dashboard are private in every spelling of their address the
 * page router accepts: sent `private, no-store`, never kept by the shared page cache
 * (docs/decisions/023-personal-pages.md).
 */
let ctx: TestContext;
let publicId: string;

beforeAll(async () => {
  // Pages kept for ten minutes: a page kept by mistake would show its old data.
  ctx = await createTestContext({ env: { PAGE_CACHE_TTL_MS: '600000' } });
  const guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  const { order } = await insertOrder(ctx.db, { guides: [guide], email: 'awa.diop@gmail.com' });
  publicId = order.publicId;
});
afterAll(() => ctx.close());

const page = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.20' });

describe('a buyer’s order page', () => {
  const spellings = () => [
    `/order-confirmation/${publicId}`,
    `/ORDER-CONFIRMATION/${publicId}`,
    `/Order-Confirmation/${publicId}/`,
    `/order-confirmation/${publicId}?lang=en`,
    `/./ORDER-confirmation/${publicId}`,
    `/guides/../order-CONFIRMATION/${publicId}`,
  ];

  test('is private, no-store in every spelling of its path', async () => {
    for (const url of spellings()) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('awa.diop@gmail.com');
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  test('is never kept by the page cache: a changed email shows at once in every spelling', async () => {
    for (const url of spellings()) await page(url);
    await ctx.db.update(orders).set({ email: 'awa.new@gmail.com' }).where(eq(orders.publicId, publicId));
    for (const url of spellings()) {
      const res = await page(url);
      expect(res.body, url).toContain('awa.new@gmail.com');
      expect(res.body, url).not.toContain('awa.diop@gmail.com');
    }
  });

  test('an unknown order’s 404 page is private too', async () => {
    const res = await page('/ORDER-CONFIRMATION/AAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('the other private pages', () => {
  test('“My guides” and the dashboard are private, no-store in any case and with a trailing slash', async () => {
    for (const url of [
      '/MES-GUIDES',
      '/My-Guides/',
      '/guides/../mes-guides',
      '/admin/orders',
      '/ADMIN/Orders',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });

  test('a shared page stays shared (no-cache, revalidated)', async () => {
    const res = await page('/guides');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

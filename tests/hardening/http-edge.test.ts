import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { storedFiles } from '../../src/server/db/schema';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { HARDENING_ENV } from './harness';

let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ env: HARDENING_ENV });
  guide = await insertSellableGuide(ctx, { title: 'Guide du Sénégal', price: '12.50' });
});
afterAll(async () => {
  await ctx.close();
});

const storedFileCount = async () =>
  (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles))[0]!.n;

async function filesOnDisk(): Promise<number> {
  const entries = await readdir(path.join(ctx.dataDir, 'files'), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

describe('image variants', () => {
  test('a variant is made from an original cover, never from a variant: the chain stores one file', async () => {
    const [cover] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, guide.coverFileId!));
    const base = cover!.publicName!.replace(/\.webp$/, '');
    const rowsBefore = await storedFileCount();
    const filesBefore = await filesOnDisk();

    const first = await ctx.app.inject({ url: `/api/images/${base}.webp?w=320` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');

    // The chain: each step asks for a new width of the variant the previous step made.
    const widths = [480, 640, 960, 320];
    let name = `${base}-w320`;
    const statuses: number[] = [];
    for (let step = 0; step < 20; step++) {
      const width = widths[step % widths.length]!;
      const res = await ctx.app.inject({ url: `/api/images/${name}.webp?w=${width}` });
      statuses.push(res.statusCode);
      name = `${name}-w${width}`;
    }
    const rowsCreated = (await storedFileCount()) - rowsBefore;
    const filesCreated = (await filesOnDisk()) - filesBefore;
    console.log(
      `[hardening] image variant chain: 21 requests, ${rowsCreated} stored_files rows and ${filesCreated} files created`,
    );
    expect(statuses.every((s) => s === 404)).toBe(true);
    expect(rowsCreated).toBe(1);
    expect(filesCreated).toBe(1);

    // The variant itself is still served as it is, and the original still gives other widths.
    expect((await ctx.app.inject({ url: `/api/images/${base}-w320.webp` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/images/${base}.webp?w=480` })).statusCode).toBe(200);
    expect((await storedFileCount()) - rowsBefore).toBe(2);
  });
});

describe('the order page', () => {
  test('the order confirmation page, which shows the buyer name and email, is sent private, no-store', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [guide] });
    const res = await ctx.app.inject({ url: `/order-confirmation/${order.publicId}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(order.orderNumber);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Other pages may still be revalidated from the browser's cache.
    expect((await ctx.app.inject({ url: '/guides' })).headers['cache-control']).toBe('no-cache');
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFileStore } from '../../src/server/adapters/storage/create-file-store';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openPglite } from '../../src/server/db/client';
import { orders, storedFiles } from '../../src/server/db/schema';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { HARDENING_ENV } from './harness';

/**
 * a full or read-only disk answers 503 with a message, never 500, and /readyz says so.
 * The files folder is a real 4 MB tmpfs (mount needs root; the tests skip where it is refused).
 */

let ctx: TestContext;
let filesDir: string;
let mounted = false;
let guide: GuideRow;

const run = (command: string, args: string[]) => spawnSync(command, args, { encoding: 'utf8' });

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: { ...HARDENING_ENV, FILES_MIN_FREE_MB: '1' },
  });
  filesDir = ctx.config.filesDir;
  mkdirSync(filesDir, { recursive: true });
  mounted = run('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', filesDir]).status === 0;
  if (mounted) guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(async () => {
  if (mounted) run('umount', [filesDir]);
  await ctx?.close();
});

const filler = () => path.join(filesDir, 'filler.bin');
/** Writes until the disk says ENOSPC. */
function fillDisk(): void {
  try {
    writeFileSync(filler(), Buffer.alloc(8 * 1024 * 1024));
  } catch (error) {
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
  }
}

async function placeOrder(): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      email: `full-disk-${Math.random()}@example.com`,
      firstName: 'Awa',
      lastName: 'Diop',
      mobile: '+221 77 000 00 00',
      items: [{ id: guide.id, quantity: 1 }],
      total: 9,
      locale: 'fr',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: { id: string } }).order.id;
}

async function sendProof(publicId: string) {
  const data = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { name: 'receipt', fileName: 'recu.png', type: 'image/png', data },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${publicId}/receipt`,
    payload,
    headers: { 'content-type': contentType },
  });
}

const fileRows = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles))[0]!.n;

describe('a full disk (a real 4 MB tmpfs)', () => {
  test('receipts and on-the-spot stamping answer 503 with a message, /readyz says why; both recover once space is back', async ({
    skip,
  }) => {
    if (!mounted) skip('mount -t tmpfs is not permitted here');
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    const publicId = await placeOrder();
    const { order: paid } = await insertOrder(ctx.db, { guides: [guide] });
    fillDisk();
    const rowsBefore = await fileRows();

    const receipt = await sendProof(publicId);
    expect(receipt.headers['content-type']).toMatch(/^application\/json/);
    expect(receipt.statusCode, receipt.body).toBe(503);
    expect(receipt.json().message).toMatch(/storage is full or read-only/);
    expect(receipt.headers['retry-after']).toBe('60');
    const [order] = await ctx.db.select().from(orders).where(eq(orders.publicId, publicId));
    expect(order!.status).toBe('pending');

    // The order page's Download stamps the guide on the spot: that write fails the same way.
    const download = await ctx.app.inject({ url: `/api/download/${paid.publicId}/${guide.id}` });
    expect(download.statusCode, download.body).toBe(503);
    expect(download.json().message).toMatch(/storage is full or read-only/);
    expect(await fileRows()).toBe(rowsBefore);

    const ready = await ctx.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/MB free, below the 1 MB asked for/);

    await rm(filler());
    expect((await sendProof(publicId)).statusCode).toBe(201);
    expect((await ctx.app.inject({ url: `/api/download/${paid.publicId}/${guide.id}` })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  test('a read-only disk: 503 with the same message, and /readyz names it', async ({ skip }) => {
    if (!mounted) skip('mount -t tmpfs is not permitted here');
    const publicId = await placeOrder();
    expect(run('mount', ['-o', 'remount,ro', filesDir]).status).toBe(0);
    try {
      const receipt = await sendProof(publicId);
      expect(receipt.statusCode, receipt.body).toBe(503);
      expect(receipt.json().message).toMatch(/storage is full or read-only/);
      const ready = await ctx.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().message).toMatch(/read-only/);
    } finally {
      run('mount', ['-o', 'remount,rw', filesDir]);
    }
  });
});

describe('the database out of disk (PGlite on a real 96 MB tmpfs)', () => {
  test('a free order answers 503 with the same message, and nothing is written', async ({ skip }) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-db-full-'));
    if (run('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dir]).status !== 0) {
      rmSync(dir, { recursive: true, force: true });
      skip('mount -t tmpfs is not permitted here');
    }
    const config = loadConfig({ ...HARDENING_ENV, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dir });
    const database = await openPglite({ dir: config.database.kind === 'pglite' ? config.database.dir : '' });
    try {
      await database.migrate();
      const files = createFileStore(config);
      const free = await insertSellableGuide(
        { db: database.db, files },
        { title: 'Carte gratuite', price: '0.00' },
      );
      const app = await buildApp(config, { database, files, startWorker: false });
      try {
        const before = (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
        try {
          writeFileSync(path.join(dir, 'filler.bin'), Buffer.alloc(200 * 1024 * 1024));
        } catch (error) {
          expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        }
        // PostgreSQL (and PGlite) answer 53100 "could not extend file … No space left on device".
        const res = await app.inject({
          method: 'POST',
          url: '/api/create-free-order',
          payload: {
            email: 'awa.diop@example.com',
            firstName: 'Awa',
            lastName: 'Diop',
            mobile: '+221 77 123 45 67',
            items: [{ id: free.id, quantity: 1 }],
            total: 0,
            locale: 'fr',
          },
        });
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json().message).toMatch(/storage is full or read-only/);
        await rm(path.join(dir, 'filler.bin'));
        const after = (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;
        expect(after).toBe(before);
      } finally {
        await app.close();
      }
    } finally {
      await database.close().catch(() => {});
      run('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

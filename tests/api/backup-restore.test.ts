import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ZipFile } from 'yazl';
import { applicationTables, createBackup, rows } from '../../src/server/backup/backup';
import { RestoreError, restoreBackup } from '../../src/server/backup/restore';
import type { Db } from '../../src/server/db/client';
import { analyticsEvents, storedFiles } from '../../src/server/db/schema';
import type { Order } from '../../src/shared/contracts/orders';
import { insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

let source: TestContext;
let target: TestContext;
let workDir: string;
let orderId: string;
let guideIds: string[];

beforeAll(async () => {
  [source, target] = await Promise.all([
    createTestContext({ renderPages: false }),
    createTestContext({ renderPages: false }),
  ]);
  workDir = await mkdtemp(path.join(os.tmpdir(), 'backup-test-'));
  const dakar = await insertSellableGuide(source, {
    title: 'Dakar essentiel',
    price: '12.50',
    companion: 'Checklist',
  });
  const abidjan = await insertSellableGuide(source, {
    title: "S'installer à Abidjan",
    locale: 'en',
    price: '25.00',
  });
  guideIds = [dakar.id, abidjan.id];
  const { order } = await insertOrder(source.db, {
    guides: [dakar, abidjan],
    firstName: 'Aïssatou',
    lastName: "N'Diaye",
  });
  orderId = order.publicId;
  // A bigserial table, to check that ids continue after a restore.
  await source.db.insert(analyticsEvents).values([
    { visitorId: 'visitor_1_1', type: 'page_view', page: '/', meta: { note: 'é"\\\n' } },
    { visitorId: 'visitor_1_1', type: 'add_to_cart', guideId: dakar.id },
  ]);
});
afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Every row of every table, as the database sees it, in a stable order. */
async function everything(db: Db): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const table of await applicationTables(db)) {
    const found = await rows<{ row: string }>(
      db,
      sql.raw(`select to_jsonb(t)::text as row from "${table}" t`),
    );
    all[table] = found.map((r) => r.row).sort();
  }
  return all;
}

async function storedBytes(ctx: TestContext): Promise<Record<string, string>> {
  const keys = await ctx.db.select({ key: storedFiles.storageKey }).from(storedFiles);
  const out: Record<string, string> = {};
  for (const { key } of keys) out[key] = (await ctx.files.read(key)).toString('base64');
  return out;
}

test('a backup restored into an empty shop gives back the same rows and files, and the shop works', async () => {
  const file = path.join(workDir, 'shop.zip');
  const manifest = await createBackup(source, file);
  expect(manifest.files).toBeGreaterThanOrEqual(5);
  expect(manifest.missingFiles).toEqual([]);
  expect(manifest.tables.orders).toBe(1);

  await restoreBackup(target, file);
  expect(await everything(target.db)).toEqual(await everything(source.db));
  expect(await storedBytes(target)).toEqual(await storedBytes(source));

  // The restored shop serves the order and delivers its guides, stamped from the restored files.
  const order = (await target.app.inject({ url: `/api/orders/${orderId}` })).json() as Order;
  expect(order.firstName).toBe('Aïssatou');
  expect(order.items.map((i) => i.guide.id).sort()).toEqual([...guideIds].sort());
  const link = await target.app.inject({ url: `/api/download/${orderId}/${guideIds[0]}` });
  expect(link.statusCode, link.body).toBe(200);
  const pdf = await target.app.inject({ url: new URL(link.json().downloadUrl, 'http://shop.test').pathname });
  expect(pdf.statusCode).toBe(200);
  expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

  // Serial ids continue after the restored ones.
  const [next] = await target.db
    .insert(analyticsEvents)
    .values({ visitorId: 'visitor_2_2', type: 'page_view' })
    .returning({ id: analyticsEvents.id });
  const [max] = await rows<{ max: number }>(source.db, sql`select max(id)::int as max from analytics_events`);
  expect(next?.id).toBeGreaterThan(max?.max ?? 0);
});

test('a restore refuses a database that is not empty, and --replace replaces it', async () => {
  const file = path.join(workDir, 'again.zip');
  await createBackup(source, file);
  await expect(restoreBackup(target, file)).rejects.toThrow(/not empty/);
  await restoreBackup(target, file, { replace: true });
  expect(await everything(target.db)).toEqual(await everything(source.db));
});

test('a file that is not a backup is refused and changes nothing', async () => {
  const before = await everything(target.db);
  const bogus = path.join(workDir, 'bogus.zip');
  await writeFile(bogus, 'not a zip at all');
  await expect(restoreBackup(target, bogus, { replace: true })).rejects.toThrow();
  expect(await everything(target.db)).toEqual(before);
});

test('a backup from another migration level is refused before anything is written', async () => {
  const before = await everything(target.db);
  const zip = new ZipFile();
  zip.addBuffer(
    Buffer.from(
      JSON.stringify({ format: 'guides-shop-backup', version: 1, migration: '0', tables: {}, files: 0 }),
    ),
    'manifest.json',
  );
  zip.addBuffer(Buffer.from('x'), 'files/cover/evil.webp');
  zip.end();
  const file = path.join(workDir, 'old.zip');
  await pipeline(zip.outputStream, createWriteStream(file));
  await expect(restoreBackup(target, file, { replace: true })).rejects.toBeInstanceOf(RestoreError);
  expect(await everything(target.db)).toEqual(before);
  expect(await target.files.exists('cover/evil.webp')).toBe(false);
});

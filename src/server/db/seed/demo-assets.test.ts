import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FileStore } from '../../adapters/storage/file-store';
import { createLocalFileStore } from '../../adapters/storage/local';
import { LIGHT_PURPOSE } from '../../modules/light/light-copies.service';
import { type Database, openPglite } from '../client';
import { jobs, storedFiles, travelGuides } from '../schema';
import { buildDemoAssets, readDemoAssets, writeDemoAssets } from './demo-assets';
import { type SeedResult, seedDemoData } from './index';

/**
 * the demo files are made at build time and the seed reads them. Two shops, one seeded from
 * a folder written by writeDemoAssets (what scripts/build.mjs does), one seeded in memory, must end
 * with the same guides and the same bytes, and neither may leave light-copy jobs for the worker.
 */

interface Shop {
  database: Database;
  files: FileStore;
  result: SeedResult;
}

let tempDir: string;
let assetsDir: string;
let fromFolder: Shop;
let inMemory: Shop;

async function seededShop(name: string, assets?: string): Promise<Shop> {
  const database = await openPglite({ dir: path.join(tempDir, name, 'db') });
  await database.migrate();
  const files = createLocalFileStore(path.join(tempDir, name, 'files'));
  const result = await seedDemoData({ db: database.db, files, assetsDir: assets });
  return { database, files, result };
}

/** What a shop holds, without ids: each guide with its files' names, sizes and hashes. */
async function snapshot({ database }: Shop) {
  const files = await database.db.select().from(storedFiles);
  const byId = new Map(files.map((f) => [f.id, f]));
  const describeFile = (id: string | null) => {
    const file = id ? byId.get(id) : undefined;
    if (!file) return null;
    const light = file.lightFileId ? byId.get(file.lightFileId) : undefined;
    return {
      purpose: file.purpose,
      originalName: file.originalName,
      publicName: file.publicName,
      contentType: file.contentType,
      size: file.size,
      sha256: file.sha256,
      light: light
        ? { purpose: light.purpose, originalName: light.originalName, size: light.size, sha256: light.sha256 }
        : null,
    };
  };
  const guides = await database.db.select().from(travelGuides);
  return {
    fileCount: files.length,
    guides: guides
      .map((g) => ({
        slug: g.slug,
        title: g.title,
        price: g.price,
        locale: g.locale,
        isActive: g.isActive,
        pageCount: g.pageCount,
        sharesTranslation: g.translationGroup !== null,
        cover: describeFile(g.coverFileId),
        pdf: describeFile(g.pdfPrimaryFileId),
        companion: describeFile(g.pdfSecondaryFileId),
        preview: describeFile(g.previewFileId),
      }))
      .sort((a, b) => a.slug.localeCompare(b.slug)),
  };
}

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'demo-assets-test-'));
  assetsDir = path.join(tempDir, 'demo-assets');
  await writeDemoAssets(assetsDir, await buildDemoAssets());
  fromFolder = await seededShop('from-folder', assetsDir);
  inMemory = await seededShop('in-memory');
}, 240_000);

afterAll(async () => {
  await fromFolder?.database.close();
  await inMemory?.database.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

describe('demo files made at build time', () => {
  test('a seed from the prebuilt folder writes the same guides and the same bytes as one built in memory', async () => {
    expect(fromFolder.result).toMatchObject({ seeded: true, prebuilt: true });
    expect(inMemory.result).toMatchObject({ seeded: true, prebuilt: false });
    expect(fromFolder.result.files).toBe(inMemory.result.files);
    // Same hashes from two separate builds: nothing in the files depends on when they were made.
    expect(await snapshot(fromFolder)).toEqual(await snapshot(inMemory));
  });

  test('the guides with photos get their light copy at once, the text-only ones none, and no light job is queued', async () => {
    for (const shop of [fromFolder, inMemory]) {
      const guides = (await snapshot(shop)).guides;
      const withLight = guides.filter((g) => g.pdf?.light);
      expect(withLight.map((g) => g.slug).sort()).toEqual([
        'senegal-dakar-essentials-en',
        'senegal-dakar-essentiel-fr',
      ]);
      for (const g of withLight) {
        expect(g.pdf!.light!.purpose).toBe(LIGHT_PURPOSE);
        expect(g.pdf!.light!.originalName).toBe(`guide-${g.slug}-light.pdf`);
        expect(g.pdf!.light!.size).toBeLessThan(g.pdf!.size * 0.7);
      }
      const light = await shop.files.read(
        (await shop.database.db.select().from(storedFiles)).find((f) => f.purpose === LIGHT_PURPOSE)!
          .storageKey,
      );
      expect(light.subarray(0, 4).toString('latin1')).toBe('%PDF');
      expect(await shop.database.db.select().from(jobs)).toEqual([]);
    }
  });

  test('a folder with a file missing, cut short, or made from other guides is not used', async () => {
    expect(await readDemoAssets(assetsDir)).toHaveLength(fromFolder.result.guides);
    expect(await readDemoAssets(path.join(tempDir, 'nowhere'))).toBeUndefined();

    const manifestFile = path.join(assetsDir, 'manifest.json');
    const manifest = await readFile(manifestFile, 'utf8');
    await writeFile(manifestFile, manifest.replace(/"fingerprint": "[0-9a-f]+"/, '"fingerprint": "other"'));
    expect(await readDemoAssets(assetsDir)).toBeUndefined();
    await writeFile(manifestFile, manifest);

    const pdf = path.join(assetsDir, 'senegal-dakar-essentiel-fr.light.pdf');
    await truncate(pdf, 100);
    expect(await readDemoAssets(assetsDir)).toBeUndefined();
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COUNTRY_SLUGS, guideMatchesCountry } from '../../../shared/countries';
import type { FileStore } from '../../adapters/storage/file-store';
import { createLocalFileStore } from '../../adapters/storage/local';
import { inspectGuidePdf } from '../../modules/catalogue/guide-assets';
import { type Database, openPglite } from '../client';
import { contentBlocks, contentVersions, storedFiles, travelGuides } from '../schema';
import { type SeedResult, seedDemoData } from './index';

const CONTENT_KEYS = [
  'announcement',
  'home.hero.title',
  'home.hero.description',
  ...COUNTRY_SLUGS.flatMap((slug) =>
    ['title', 'intro', 'attractions', 'culture', 'tips', 'currency'].map((part) => `country.${slug}.${part}`),
  ),
  'page.about.body',
  'page.contact.body',
  'page.faq.body',
  'page.privacy.body',
  'page.terms.body',
  'receipt.shop',
];

let tempDir: string;
let database: Database;
let files: FileStore;
let firstRun: SeedResult;
let failedRun: {
  error: unknown;
  filesOnDisk: number;
  fileRows: number;
  guideRows: number;
  blockRows: number;
};

/** The same store, except that the tenth write fails, as a full disk would. */
function failingOnTenthWrite(store: FileStore): FileStore {
  let writes = 0;
  return {
    ...store,
    put: async (key, data) => {
      writes += 1;
      if (writes === 10) throw new Error('disk full');
      return store.put(key, data);
    },
  };
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(os.tmpdir(), 'seed-test-'));
  database = await openPglite({ dir: path.join(tempDir, 'db') });
  await database.migrate();
  files = createLocalFileStore(path.join(tempDir, 'files'));

  const error = await seedDemoData({ db: database.db, files: failingOnTenthWrite(files) }).then(
    () => undefined,
    (e: unknown) => e,
  );
  failedRun = {
    error,
    filesOnDisk: await countFiles(path.join(tempDir, 'files')),
    fileRows: (await database.db.select().from(storedFiles)).length,
    guideRows: (await database.db.select().from(travelGuides)).length,
    blockRows: (await database.db.select().from(contentBlocks)).length,
  };

  firstRun = await seedDemoData({ db: database.db, files });
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

async function guidesWithFiles() {
  const guides = await database.db.select().from(travelGuides);
  const stored = await database.db.select().from(storedFiles);
  const byId = new Map(stored.map((f) => [f.id, f]));
  return guides.map((guide) => ({
    guide,
    pdf: guide.pdfPrimaryFileId ? byId.get(guide.pdfPrimaryFileId) : undefined,
    cover: guide.coverFileId ? byId.get(guide.coverFileId) : undefined,
    preview: guide.previewFileId ? byId.get(guide.previewFileId) : undefined,
  }));
}

describe('demo seed', () => {
  test('a seed that fails half-way leaves no row and no file behind, so the next start can retry', () => {
    expect(failedRun.error).toBeInstanceOf(Error);
    expect(failedRun).toMatchObject({ filesOnDisk: 0, fileRows: 0, guideRows: 0, blockRows: 0 });
  });

  test('an empty shop gets a catalogue of active guides in both languages, plus one inactive guide', async () => {
    expect(firstRun.seeded).toBe(true);
    const guides = await database.db.select().from(travelGuides);
    const active = guides.filter((g) => g.isActive);
    expect(active.length).toBeGreaterThanOrEqual(12);
    expect(new Set(active.map((g) => g.locale))).toEqual(new Set(['fr', 'en']));
    expect(guides.filter((g) => !g.isActive)).toHaveLength(1);
    expect(new Set(guides.map((g) => g.slug)).size).toBe(guides.length);
    for (const g of guides) expect(g.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  test('prices run from a free guide in each language up to 25.00', async () => {
    const active = await database.db.select().from(travelGuides).where(eq(travelGuides.isActive, true));
    const prices = active.map((g) => Number(g.price));
    expect(Math.min(...prices)).toBe(0);
    expect(Math.max(...prices)).toBe(25);
    const freeLocales = new Set(active.filter((g) => Number(g.price) === 0).map((g) => g.locale));
    expect(freeLocales).toEqual(new Set(['fr', 'en']));
    expect(new Set(prices).size).toBeGreaterThanOrEqual(5);
  });

  test('every active guide has a real PDF of at least 8 pages, a cover and a TOC preview in the store', async () => {
    for (const { guide, pdf, cover, preview } of await guidesWithFiles()) {
      if (!guide.isActive) continue;
      expect(pdf?.contentType).toBe('application/pdf');
      const bytes = await files.read(pdf!.storageKey);
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
      const { pageCount } = await inspectGuidePdf(bytes);
      expect(pageCount).toBeGreaterThanOrEqual(8);
      expect(pageCount).toBeLessThanOrEqual(20);
      expect(guide.pageCount).toBe(pageCount);

      expect(cover?.publicName).toBe(`cover-${guide.slug}.webp`);
      for (const image of [cover!, preview!]) {
        const webp = await files.read(image.storageKey);
        expect(webp.subarray(8, 12).toString('latin1')).toBe('WEBP');
      }
      expect(preview?.publicName).toBeNull();
    }
  });

  test('some guides come with a secondary printable PDF', async () => {
    const withCompanion = (await database.db.select().from(travelGuides)).filter((g) => g.pdfSecondaryFileId);
    expect(withCompanion.length).toBeGreaterThanOrEqual(1);
  });

  test('each country page finds at least two active guides', async () => {
    const rows = (await guidesWithFiles()).filter(({ guide }) => guide.isActive);
    for (const country of COUNTRY_SLUGS) {
      const matching = rows.filter(({ guide, pdf }) =>
        guideMatchesCountry(
          { title: guide.title, description: guide.description, fileName: pdf?.originalName },
          country,
        ),
      );
      expect(matching.length, country).toBeGreaterThanOrEqual(2);
    }
  });

  test('every content key exists in French and English, with a matching version 1', async () => {
    const blocks = await database.db.select().from(contentBlocks);
    const versions = await database.db.select().from(contentVersions);
    for (const key of CONTENT_KEYS) {
      for (const locale of ['fr', 'en'] as const) {
        const block = blocks.find((b) => b.key === key && b.locale === locale);
        expect(block?.value.trim().length, `${key} (${locale})`).toBeGreaterThan(0);
        const version = versions.find((v) => v.key === key && v.locale === locale);
        expect(version).toMatchObject({
          version: 1,
          value: block!.value,
          type: block!.type,
          updatedBy: 'seed',
        });
      }
    }
  });

  test('the FAQ answers that refunds are not given', async () => {
    const faqs = await database.db.select().from(contentBlocks).where(eq(contentBlocks.key, 'page.faq.body'));
    for (const faq of faqs) {
      const refund = faq.value
        .split(/^## /m)
        .find((section) => /rembours|refund/i.test(section.split('\n')[0]!));
      expect(refund?.split('\n').slice(1).join('\n').trim()).toMatch(/^(No|Non)\b/);
    }
  });

  test('a second run seeds nothing', async () => {
    const before = (await database.db.select().from(storedFiles)).length;
    const again = await seedDemoData({ db: database.db, files });
    expect(again.seeded).toBe(false);
    expect(await database.db.select().from(storedFiles)).toHaveLength(before);
  });
});

// Light editions: the size ratio on the demo guides, and the time and memory to make one.
//   npx tsx bench/light-editions.ts [--pages 200] [--photos 20] [--megapixels 16]
// 1. Seeds the demo shop into a fresh PGlite folder and makes every guide PDF's light copy with the
//    shop's makeLightCopy (src/server/modules/light): full and light sizes, the ratio, kept or not
//    (a copy is kept only when it saves 30 %), and the time each took.
// 2. A guide-like PDF of `--pages` A5 pages with `--photos` distinct camera photographs of
//    `--megapixels` each, one every pages/photos pages (bench/pdf-fixtures.ts), made light with
//    makeLightPdf: time, sizes, and this process's RSS before and at its peak while the mupdf worker
//    ran (sampled every 20 ms; the worker thread's WASM heap is in this process's RSS).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { createLocalFileStore } from '../src/server/adapters/storage/local';
import { openPglite } from '../src/server/db/client';
import { storedFiles, travelGuides } from '../src/server/db/schema';
import { seedDemoData } from '../src/server/db/seed';
import { makeLightCopy } from '../src/server/modules/light/light-copies.service';
import { makeLightPdf } from '../src/server/modules/light/light-pdf';
import { guidePdf, photo } from './pdf-fixtures';
import { kb, loadAverage, mb, printTable, sampleRss } from './shop';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '200' },
    photos: { type: 'string', default: '20' },
    megapixels: { type: 'string', default: '16' },
  },
});

async function demoGuides(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-light-'));
  const database = await openPglite({ dir: path.join(dir, 'db') });
  try {
    await database.migrate();
    const files = createLocalFileStore(path.join(dir, 'files'));
    await seedDemoData({ db: database.db, files });
    const guides = await database.db
      .select({ slug: travelGuides.slug, pdf: travelGuides.pdfPrimaryFileId })
      .from(travelGuides);
    const rows: Array<Array<string | number>> = [];
    for (const guide of guides) {
      const [full] = await database.db.select().from(storedFiles).where(eq(storedFiles.id, guide.pdf!));
      const started = performance.now();
      const outcome = await makeLightCopy({ db: database.db, files }, guide.pdf!);
      const ms = performance.now() - started;
      const light = outcome.kept ? outcome.file.size : null;
      const ratio = outcome.kept ? outcome.ratio : (outcome.ratio ?? Number.NaN);
      rows.push([
        guide.slug,
        kb(full!.size),
        light === null ? '—' : kb(light),
        Number.isNaN(ratio) ? '—' : `${(ratio * 100).toFixed(1)} %`,
        outcome.kept ? 'kept' : outcome.reason,
        `${Math.round(ms)} ms`,
      ]);
    }
    printTable(['demo guide', 'full', 'light', 'light / full', 'outcome', 'time'], rows);
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function largeGuide(): Promise<void> {
  const pages = Number(values.pages);
  const count = Number(values.photos);
  const pixels = Number(values.megapixels) * 1e6;
  const width = Math.round(Math.sqrt((pixels * 3) / 2));
  const height = Math.round((width * 2) / 3);
  const photos: Buffer[] = [];
  for (let i = 0; i < count; i++) photos.push(await photo(100 + i, width, height, { quality: 85 }));
  const pdf = await guidePdf({ pages, photos, photoEvery: Math.max(1, Math.floor(pages / count)), seed: 7 });
  const rss = sampleRss();
  const started = performance.now();
  const light = await makeLightPdf(pdf);
  const ms = performance.now() - started;
  const { before, peak } = rss.stop();
  printTable(
    ['PDF', 'full', 'light', 'light / full', 'images redrawn', 'time', 'RSS before', 'peak RSS'],
    [
      [
        `${pages} pages, ${count} photos of ${width}×${height}`,
        mb(pdf.length),
        mb(light.pdf.length),
        `${((light.pdf.length / pdf.length) * 100).toFixed(1)} %`,
        light.imagesRewritten,
        `${(ms / 1000).toFixed(1)} s`,
        mb(before),
        mb(peak),
      ],
    ],
  );
}

console.log(`light editions — ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${loadAverage()}`);
await demoGuides();
await largeGuide();

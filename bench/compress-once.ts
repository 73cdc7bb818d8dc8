// What compressing an answer made for one request costs: a search answer of 12 and of
// 50 guides, at each setting sendCompressedOnce could use, on the main thread or the thread pool.
//   npx tsx bench/compress-once.ts [--rounds 2000]
// CPU time (user + system, all threads) per answer is the figure to read on a shared machine.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Guide } from '../src/shared/contracts/catalogue';
import { catalogueWords } from './catalogue-seed';
import { isMain, loadAverage, printTable } from './shop';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const quality = (q: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: q } });

const SETTINGS: Record<string, (body: Buffer) => Buffer | Promise<Buffer>> = {
  'brotli 4, thread pool (before)': (b) => brotli(b, quality(4)),
  'brotli 4, main thread': (b) => brotliCompressSync(b, quality(4)),
  'brotli 2, thread pool': (b) => brotli(b, quality(2)),
  'brotli 2, main thread (now)': (b) => brotliCompressSync(b, quality(2)),
  'brotli 1, main thread': (b) => brotliCompressSync(b, quality(1)),
  'gzip 6, thread pool (before)': (b) => gzipAsync(b, { level: 6 }),
  'gzip 1, main thread (now)': (b) => gzipSync(b, { level: 1 }),
};

/** A search answer as the shop sends it: `count` guides with titles and descriptions of catalogue words. */
function searchAnswer(count: number): Buffer {
  const words = catalogueWords();
  const some = (n: number, from: number) =>
    Array.from({ length: n }, (_, i) => words[(from + i * 7) % words.length]);
  const guides: Guide[] = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    slug: `${some(3, i).join('-')}-${i}`.toLowerCase(),
    title: some(5, i * 3).join(' '),
    description: `${some(28, i * 5).join(' ')}.`,
    price: '12.00',
    imageUrl: `/api/images/${randomUUID()}-640.webp`,
    fileName: 'guide.pdf',
    fileSize: 2_345_678,
    pageCount: 48,
    hasPreview: true,
    locale: 'fr',
    rating: null,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
  }));
  return Buffer.from(JSON.stringify(guides));
}

async function measure(rounds: number) {
  const rows: (string | number)[][] = [];
  for (const count of [12, 50]) {
    const body = searchAnswer(count);
    for (const [name, compress] of Object.entries(SETTINGS)) {
      let size = 0;
      for (let i = 0; i < 100; i++) size = (await compress(body)).length;
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < rounds; i++) await compress(body);
      const used = process.cpuUsage(cpu);
      const wall = performance.now() - started;
      rows.push([
        `${count} guides, ${body.length} B`,
        name,
        size,
        `${((size / body.length) * 100).toFixed(1)} %`,
        Math.round((used.user + used.system) / rounds),
        Math.round((wall * 1000) / rounds),
      ]);
    }
  }
  return rows;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '2000' } } });
  const rounds = Number(values.rounds);
  const before = loadAverage();
  const rows = await measure(rounds);
  console.log(
    `\nOne answer compressed ${rounds} times per setting, one at a time; ${os.cpus().length} cores, ` +
      `load average ${before} before, ${loadAverage()} after; Node ${process.version}\n`,
  );
  printTable(['answer', 'setting', 'bytes', 'of plain', 'CPU µs', 'wall µs'], rows);
}

// One measured process of bench/zip.ts (bundled and run by plain node; see bench/node-child.ts):
//   node zip-child.mjs zip <store root> <fixtures.json> <output.zip>
//   node zip-child.mjs buffered <store root> <fixtures.json>
// `zip` streams the archive exactly as GET /api/files/zip/{token} does: createLocalFileStore() over
// the folder, streamZip() over the stored_files rows, await the announced size (Content-Length),
// then pipe the stream (here to a file; the route pipes it to the socket). `buffered` is the control:
// the same files read whole into memory. Prints one JSON line.
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createLocalFileStore } from '../src/server/adapters/storage/local';
import { streamZip } from '../src/server/modules/downloads/order-zip';
import { memory, resetPeak } from './node-child';

export interface ZipFixture {
  key: string;
  name: string;
  size: number;
}

export interface ZipChildReport {
  mode: 'zip' | 'buffered';
  /** Bytes: RSS before the work, the peak during it (VmHWM, reset before), the highest 10 ms sample. */
  rssBefore: number;
  peak: number;
  peakReset: boolean;
  sampledMax: number;
  /** Highest process.memoryUsage().external sampled: Buffers (read chunks) alive or not yet collected. */
  maxExternal: number;
  samples: number;
  announcedSize?: number;
  bytes: number;
  sizeMs?: number;
  firstByteMs?: number;
  totalMs: number;
}

const [mode, root, fixturesFile, output] = process.argv.slice(2);
if ((mode !== 'zip' && mode !== 'buffered') || !root || !fixturesFile) {
  throw new Error('usage: zip-child zip|buffered <root> <fixtures.json> [output.zip]');
}
const fixtures = JSON.parse(await readFile(fixturesFile, 'utf8')) as ZipFixture[];
type Entry = Parameters<typeof streamZip>[1][number];
// The stored_files rows the route reads from the database.
const entries: Entry[] = fixtures.map((fixture, i) => ({
  name: fixture.name,
  file: {
    id: `00000000-0000-4000-8000-00000000000${i}`,
    storageKey: fixture.key,
    purpose: 'stamped-pdf',
    publicName: null,
    originalName: fixture.name,
    contentType: 'application/pdf',
    size: fixture.size,
    sha256: '',
    createdAt: new Date(),
    lightFileId: null,
  },
}));
const files = createLocalFileStore(root);

const rssBefore = memory().rss;
const peakReset = resetPeak();
let sampledMax = rssBefore;
let maxExternal = 0;
let samples = 0;
const sampler = setInterval(() => {
  samples++;
  const usage = process.memoryUsage();
  sampledMax = Math.max(sampledMax, usage.rss);
  maxExternal = Math.max(maxExternal, usage.external);
}, 10);
const started = performance.now();
let report: ZipChildReport;
if (mode === 'zip') {
  const zip = streamZip(files, entries, new Date());
  const announcedSize = await zip.size;
  const sizeMs = performance.now() - started;
  let firstByteMs: number | undefined;
  let bytes = 0;
  const count = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  await pipeline(zip.stream, count, createWriteStream(output ?? '/dev/null'));
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const { peak } = memory();
  report = {
    mode,
    rssBefore,
    peak,
    peakReset,
    sampledMax,
    maxExternal,
    samples,
    announcedSize,
    bytes,
    sizeMs,
    firstByteMs,
    totalMs,
  };
} else {
  const buffers = await Promise.all(fixtures.map((f) => readFile(path.join(root, f.key))));
  const totalMs = performance.now() - started;
  clearInterval(sampler);
  const { peak } = memory();
  const usage = process.memoryUsage();
  report = {
    mode,
    rssBefore,
    peak,
    peakReset,
    sampledMax: Math.max(sampledMax, usage.rss),
    maxExternal: Math.max(maxExternal, usage.external),
    samples,
    bytes: buffers.reduce((n, b) => n + b.length, 0),
    totalMs,
  };
}
process.stdout.write(`${JSON.stringify(report)}\n`);

// The order's "Download All as ZIP" for five 20 MB PDFs: time to first byte, total time, throughput,
// and the peak memory of the process doing the zipping (streamed, not buffered).
//   npx tsx bench/zip.ts [--files 5] [--mib 20] [--runs 3] [--keep]
//
// What runs: the shop's own ZIP module, not the HTTP route. Five guide-like PDFs of ~20 MiB (pdf-lib,
// one JPEG photo per page; bench/pdf-fixtures.ts) are written into a local file store folder; then
// each run is a fresh node process (bench/zip-child.ts, bundled: bench/node-child.ts) that opens the
// folder with the shop's createLocalFileStore() (src/server/adapters/storage/local.ts) and calls
// streamZip() (src/server/modules/downloads/order-zip.ts) as GET /api/files/zip/{token} does,
// awaiting the announced size (the route's Content-Length) and piping the stream to a file on disk.
// The child reports the time to the announced size, to the first byte and to the last, its RSS
// before, its peak RSS during the work (VmHWM, reset just before) and the highest of its RSS samples
// taken every 10 ms. The route adds only database look-ups before the stream (and, for an order
// whose PDFs are not stamped yet, the stamping: see bench/stamping.ts) and Fastify's pipe of the
// same stream to the socket.
//
// A control child then reads the same five files into memory whole (what a buffered ZIP would have
// to do at least), to show that this peak-RSS measurement does see 100 MB when it is there.
// The first run's archive is checked with Python's zipfile: 5 entries, stored, sizes and CRCs right,
// total size equal to the announced size.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bundleForNode, runJsonChild } from './node-child';
import { guidePdf, photo } from './pdf-fixtures';
import { isMain, loadAverage, mb, median, printTable, ROOT, resultsDir, stamp } from './shop';
import type { ZipChildReport, ZipFixture } from './zip-child';

const CHECK_ZIP = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    bad = z.testzip()
    print(json.dumps({"bad": bad, "entries": [
        {"name": i.filename, "size": i.file_size, "compressed": i.compress_size, "method": i.compress_type}
        for i in z.infolist()]}))
`;

export async function runZip(options: { files?: number; mib?: number; runs?: number; keep?: boolean } = {}) {
  const count = options.files ?? 5;
  const mib = options.mib ?? 20;
  const runs = options.runs ?? 3;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-zip-'));
  const root = path.join(dir, 'files');
  const bundle = await bundleForNode(ROOT, 'bench/zip-child.ts');
  const loadBefore = loadAverage();
  try {
    // ~1.1 MB photos (1600×1200, JPEG q90 over strong noise): about 19 of them make a 20 MiB guide.
    const started = performance.now();
    const pool = await Promise.all(
      Array.from({ length: 24 }, (_, i) => photo(500 + i, 1600, 1200, { noise: 120, quality: 90 })),
    );
    const average = pool.reduce((n, p) => n + p.length, 0) / pool.length;
    const perGuide = Math.ceil((mib * 2 ** 20) / average);
    await mkdir(path.join(root, 'stamped-pdf'), { recursive: true });
    const fixtures: ZipFixture[] = [];
    for (let i = 0; i < count; i++) {
      const photos = Array.from({ length: perGuide }, (_, n) => pool[(n + i * 5) % pool.length]!);
      const bytes = await guidePdf({
        pages: perGuide,
        photos,
        photoEvery: 1,
        seed: 40 + i,
        title: `Guide ${i + 1}`,
      });
      const key = `stamped-pdf/bench-guide-${i + 1}.pdf`;
      await writeFile(path.join(root, key), bytes);
      fixtures.push({ key, name: `guide-${i + 1}-GA-BENCH.pdf`, size: bytes.length });
    }
    const inputBytes = fixtures.reduce((n, f) => n + f.size, 0);
    console.log(
      `Input: ${count} PDFs of ${fixtures.map((f) => mb(f.size)).join(', ')} (${mb(inputBytes)} in all; ` +
        `${perGuide} pages each, one 1600×1200 JPEG photo per page), generated in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `streamZip() over createLocalFileStore(), piped to a file, in ${runs} fresh node processes; ` +
        `load average ${loadBefore}\n`,
    );
    const fixturesFile = path.join(dir, 'fixtures.json');
    await writeFile(fixturesFile, JSON.stringify(fixtures));
    const reports: ZipChildReport[] = [];
    const rate = (r: ZipChildReport) => r.bytes / 2 ** 20 / (r.totalMs / 1000);
    for (let i = 0; i < runs; i++) {
      const report = await runJsonChild<ZipChildReport>(bundle.file, [
        'zip',
        root,
        fixturesFile,
        path.join(dir, `order-${i}.zip`),
      ]);
      reports.push(report);
      console.log(
        `  run ${i + 1}: size known after ${report.sizeMs!.toFixed(1)} ms, first byte after ${report.firstByteMs!.toFixed(1)} ms, ` +
          `last after ${report.totalMs.toFixed(0)} ms (${mb(report.bytes)}, ${rate(report).toFixed(0)} MB/s); ` +
          `RSS ${mb(report.rssBefore)} before, peak ${mb(report.peak)}${report.peakReset ? '' : ' (not reset)'} ` +
          `(highest of ${report.samples} 10 ms samples ${mb(report.sampledMax)}; Buffers, live or awaiting ` +
          `the garbage collector, at most ${mb(report.maxExternal)})`,
      );
    }
    const control = await runJsonChild<ZipChildReport>(bundle.file, ['buffered', root, fixturesFile]);
    console.log(
      `  control, the same files read whole into memory: RSS ${mb(control.rssBefore)} before, peak ${mb(control.peak)}`,
    );

    // The archive, read by Python's zipfile: a reader that shares no code with yazl.
    const zipFile = path.join(dir, 'order-0.zip');
    const zipBytes = (await stat(zipFile)).size;
    const python = spawnSync('python3', ['-c', CHECK_ZIP, zipFile], { encoding: 'utf8' });
    if (python.status !== 0) throw new Error(`python3 zipfile failed: ${python.stderr}`);
    const checked = JSON.parse(python.stdout) as {
      bad: string | null;
      entries: Array<{ name: string; size: number; compressed: number; method: number }>;
    };
    const problems: string[] = [];
    if (checked.bad) problems.push(`bad CRC in ${checked.bad}`);
    if (checked.entries.length !== count) problems.push(`${checked.entries.length} entries, not ${count}`);
    for (const fixture of fixtures) {
      const entry = checked.entries.find((e) => e.name === fixture.name);
      if (!entry) problems.push(`${fixture.name} missing`);
      else if (entry.size !== fixture.size || entry.method !== 0)
        problems.push(
          `${fixture.name}: ${entry.size} B, method ${entry.method}; expected ${fixture.size} B stored`,
        );
    }
    for (const report of reports) {
      if (report.announcedSize !== report.bytes)
        problems.push(`announced ${report.announcedSize} B, streamed ${report.bytes} B`);
    }
    const announced = reports[0]!.announcedSize;
    if (zipBytes !== announced) problems.push(`archive ${zipBytes} B, announced ${announced} B`);
    console.log(
      `\nCheck (python3 zipfile): ${checked.entries.length} entries: ` +
        `${checked.entries.map((e) => `${e.name} ${e.size} B${e.method === 0 ? ' stored' : ` method ${e.method}`}`).join(', ')}; ` +
        `CRCs ${checked.bad ? `BAD (${checked.bad})` : 'ok'}; archive ${zipBytes} B, announced ${announced} B\n`,
    );

    const growth = (r: ZipChildReport) => r.peak - r.rssBefore;
    const summary = {
      inputBytes,
      zipBytes,
      sizeMsMedian: median(reports.map((r) => r.sizeMs!)),
      firstByteMsMedian: median(reports.map((r) => r.firstByteMs!)),
      totalMsMedian: median(reports.map((r) => r.totalMs)),
      throughputMiBsMedian: median(reports.map(rate)),
      rssBeforeMedian: median(reports.map((r) => r.rssBefore)),
      peakMedian: median(reports.map((r) => r.peak)),
      peakMax: Math.max(...reports.map((r) => r.peak)),
      growthMax: Math.max(...reports.map(growth)),
      controlPeak: control.peak,
      controlGrowth: growth(control),
    };
    printTable(
      ['archive', 'first byte', 'total', 'throughput', 'RSS before', 'peak RSS', 'peak − before', 'control'],
      [
        [
          `${count} × ${mb(inputBytes / count)} → ${mb(zipBytes)}`,
          `${summary.firstByteMsMedian.toFixed(1)} ms`,
          `${summary.totalMsMedian.toFixed(0)} ms`,
          `${summary.throughputMiBsMedian.toFixed(0)} MB/s`,
          mb(summary.rssBeforeMedian),
          `${mb(summary.peakMedian)} (max ${mb(summary.peakMax)})`,
          `≤ ${mb(summary.growthMax)}`,
          `peak ${mb(control.peak)} (+${mb(summary.controlGrowth)})`,
        ],
      ],
    );
    console.log('(medians of the runs; MB = 2^20 bytes)');
    // Streamed: the process stays under 100 MB. It does grow while streaming (64 KB read buffers
    // waiting for the garbage collector, memory the allocator keeps): ~35 MB whatever the archive's
    // size (try --mib 5 or --mib 40), where a buffered archive adds the whole archive.
    const streamed = summary.peakMax < 100 * 2 ** 20 && summary.growthMax < 64 * 2 ** 20;
    const ok = problems.length === 0 && streamed;
    const file = path.join(await resultsDir(), `zip-${stamp()}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          loadAverage: { before: loadBefore, after: loadAverage() },
          node: process.version,
          fixtures,
          runs,
          summary,
          reports,
          control,
          check: { ...checked, zipBytes, problems },
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
    if (options.keep) console.log(`Files kept in ${dir}`);
    if (problems.length) console.log(`FAILED: ${problems.join('; ')}`);
    else if (!streamed) console.log('FAILED: the zipping process reached 100 MB, or grew by 64 MB or more.');
    else console.log('OK: a valid archive, streamed: the zipping process stayed under 100 MB.');
    return { summary, ok };
  } finally {
    await bundle.remove();
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      files: { type: 'string', default: '5' },
      mib: { type: 'string', default: '20' },
      runs: { type: 'string', default: '3' },
      keep: { type: 'boolean', default: false },
    },
  });
  const { ok } = await runZip({
    files: Number(values.files),
    mib: Number(values.mib),
    runs: Number(values.runs),
    keep: values.keep,
  });
  process.exitCode = ok ? 0 : 1;
}

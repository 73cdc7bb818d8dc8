// Stamping a 200-page guide: time and peak memory of the shop's own stampPdf().
//   npx tsx bench/stamping.ts [--pages 200] [--runs 3] [--warm 2] [--keep] [--input some.pdf] [--name 'محمد 山田']
// Generates a guide-like PDF once (pdf-lib: A5 text on every page, a distinct 800×600 JPEG photo
// every 4th page, ~6 MB; bench/pdf-fixtures.ts). Then `--runs` fresh child processes
// (bench/stamping-child.ts, bundled and run by plain node: bench/node-child.ts) each read the file
// (as the delivery job does, files.read), call stampPdf(bytes, stampLine(buyer)) from
// src/server/modules/downloads/stamp-pdf.ts once (cold: a fresh process) and `--warm` more times
// (warm JIT, as in a shop that has been running), and report the times, the RSS before stamping,
// the peak RSS (VmHWM, reset just before stamping) and the longest event-loop stall
// (perf_hooks.monitorEventLoopDelay): the shop stamps in its own process, so that is the longest
// time it answers no request. The first child's output is checked with mupdf: same page count, and
// the stamp on the first and last pages. `--input` stamps that PDF instead of the generated one;
// `--name` stamps that last name instead of the default buyer's.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BuyerStamp, stampLine } from '../src/server/modules/downloads/stamp-pdf';
import { bundleForNode, runJsonChild } from './node-child';
import { guidePdf, photo } from './pdf-fixtures';
import { isMain, loadAverage, mb, median, printTable, ROOT, resultsDir, stamp } from './shop';
import type { StampingChildReport } from './stamping-child';

/** Accents included: the stamp must keep them. */
const BUYER: BuyerStamp = {
  firstName: 'Aïssatou',
  lastName: 'Diallo-Koné',
  email: 'aissatou.diallo@example.com',
  orderNumber: 'GA-7K3M9Q',
  locale: 'fr',
};

/** Page count and the text of the first and last pages, read by mupdf (not by pdf-lib, which wrote them). */
async function inspect(file: string): Promise<{ pages: number; first: string; last: string }> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(await readFile(file), 'application/pdf');
  const pages = document.countPages();
  const text = (n: number) => document.loadPage(n).toStructuredText('preserve-whitespace').asText();
  return { pages, first: text(0), last: text(pages - 1) };
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

export async function runStamping(
  options: {
    pages?: number;
    runs?: number;
    warm?: number;
    keep?: boolean;
    input?: string;
    name?: string;
  } = {},
) {
  const buyer: BuyerStamp = options.name ? { ...BUYER, lastName: options.name } : BUYER;
  let pages = options.pages ?? 200;
  const runs = options.runs ?? 3;
  const warm = options.warm ?? 2;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-stamp-'));
  const bundle = await bundleForNode(ROOT, 'bench/stamping-child.ts');
  const loadBefore = loadAverage();
  try {
    const input = path.join(dir, 'guide.pdf');
    let source: Uint8Array;
    if (options.input) {
      source = await readFile(options.input);
      await writeFile(input, source);
      const mupdf = await import('mupdf');
      pages = mupdf.Document.openDocument(source, 'application/pdf').countPages();
      console.log(`Input: ${options.input}, ${pages} pages, ${mb(source.length)} (${source.length} B)`);
    } else {
      const started = performance.now();
      const photos = await Promise.all(Array.from({ length: 50 }, (_, i) => photo(100 + i, 800, 600)));
      source = await guidePdf({ pages, photos, photoEvery: 4, seed: 7, title: 'Abidjan, le guide' });
      await writeFile(input, source);
      console.log(
        `Input: ${pages} pages (A5, text on every page, ${photos.length} distinct JPEG photos 800×600, one every 4th page), ` +
          `${mb(source.length)} (${source.length} B), generated in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    console.log(
      `stampPdf() in ${runs} fresh node processes, each 1 cold call + ${warm} warm; load average ${loadBefore}\n`,
    );
    const reports: StampingChildReport[] = [];
    for (let i = 0; i < runs; i++) {
      const report = await runJsonChild<StampingChildReport>(bundle.file, [
        input,
        path.join(dir, `stamped-${i}.pdf`),
        String(warm),
        JSON.stringify(buyer),
      ]);
      reports.push(report);
      console.log(
        `  run ${i + 1}: cold ${ms(report.coldMs)}, warm ${report.warmMs.map(ms).join(' / ')}; ` +
          `RSS ${mb(report.rssBefore)} before stamping, peak ${mb(report.peakCold)} in the cold call, ` +
          `${mb(report.peakAll)} over all calls${report.peakReset ? '' : ' (peak not reset: includes start-up)'}; ` +
          `longest event-loop stall ${ms(report.maxLoopDelayMs)}`,
      );
    }
    const check = await inspect(path.join(dir, 'stamped-0.pdf'));
    // The fixture's own text never contains "Exemplaire": the line can only come from the stamp.
    // Compared as letters: mupdf gives joined Arabic letters back as presentation forms, and may
    // put a space where a right-to-left run meets the rest.
    const letters = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');
    const expected = stampLine(buyer);
    const stamped = (text: string) => letters(text).includes(letters(expected));
    const valid = check.pages === pages && stamped(check.first) && stamped(check.last);
    console.log(
      `\nCheck (mupdf): ${check.pages} pages; "${expected}" on page 1: ${stamped(check.first)}, ` +
        `on page ${check.pages}: ${stamped(check.last)}\n`,
    );
    const summary = {
      inputBytes: source.length,
      outputBytes: reports[0]!.outputBytes,
      coldMedianMs: median(reports.map((r) => r.coldMs)),
      warmMedianMs: median(reports.flatMap((r) => r.warmMs)),
      rssBeforeMedian: median(reports.map((r) => r.rssBefore)),
      peakColdMedian: median(reports.map((r) => r.peakCold)),
      peakAllMax: Math.max(...reports.map((r) => r.peakAll)),
      growthColdMedian: median(reports.map((r) => r.peakCold - r.rssBefore)),
      maxLoopDelayMsMax: Math.max(...reports.map((r) => r.maxLoopDelayMs)),
    };
    printTable(
      [
        'pages',
        'input → output',
        'cold',
        'warm',
        'RSS before',
        'peak (1 call)',
        'peak − before',
        'longest stall',
      ],
      [
        [
          pages,
          `${mb(summary.inputBytes)} → ${mb(summary.outputBytes)}`,
          ms(summary.coldMedianMs),
          ms(summary.warmMedianMs),
          mb(summary.rssBeforeMedian),
          mb(summary.peakColdMedian),
          mb(summary.growthColdMedian),
          ms(summary.maxLoopDelayMsMax),
        ],
      ],
    );
    console.log(
      `(medians; peak over all ${1 + warm} calls of a process at most ${mb(summary.peakAllMax)}; MB = 2^20 bytes)`,
    );
    const file = path.join(await resultsDir(), `stamping-${stamp()}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          loadAverage: { before: loadBefore, after: loadAverage() },
          node: process.version,
          pages,
          runs,
          warm,
          buyer,
          summary,
          reports,
          check: { pages: check.pages, valid },
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
    if (options.keep) console.log(`Files kept in ${dir}`);
    console.log(valid ? 'OK: every page stamped.' : 'FAILED: the stamped PDF is not as expected.');
    return { summary, ok: valid };
  } finally {
    await bundle.remove();
    if (!options.keep) await rm(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '200' },
      runs: { type: 'string', default: '3' },
      warm: { type: 'string', default: '2' },
      keep: { type: 'boolean', default: false },
      input: { type: 'string' },
      name: { type: 'string' },
    },
  });
  const { ok } = await runStamping({
    input: values.input,
    name: values.name,
    pages: Number(values.pages),
    runs: Number(values.runs),
    warm: Number(values.warm),
    keep: values.keep,
  });
  process.exitCode = ok ? 0 : 1;
}

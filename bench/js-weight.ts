// JavaScript weight of the first load of the public pages, on a phone, with an empty cache.
//   npx tsx bench/js-weight.ts [--url http://127.0.0.1:3000]
// Without --url it starts the built shop (a copy of dist/, see bench/shop.ts) on a fresh PGlite
// data folder.
// Exits 1 if a page loads more than BUDGET bytes of script (gzip -9 of each body), a script from
// anywhere but 127.0.0.1, or an admin chunk.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/harness';
import {
  benchPages,
  isMain,
  kb,
  loadAverage,
  printTable,
  type RunningShop,
  resultsDir,
  stamp,
  startShop,
} from './shop';

export const BUDGET = 92_160; // 90 KiB (docs/BENCHMARKS.md)
const SETTLE_MS = 3_000;

interface ScriptLoad {
  url: string;
  status: number;
  contentEncoding: string;
  /** Response body bytes as they came over the wire (after content-encoding). */
  servedBody: number;
  headers: number;
  /** Decoded body. */
  raw: number;
  /** Decoded body, gzip level 9. */
  gzip9: number;
}

export interface PageWeight {
  name: string;
  path: string;
  scripts: ScriptLoad[];
  totals: { served: number; transferred: number; raw: number; gzip9: number };
  /** Inline <script> elements in the HTML (e.g. the dehydrated query cache): reported, not in the total. */
  inline: { count: number; raw: number; gzip9: number };
  /** Every request to a host other than 127.0.0.1, whatever its type. */
  foreignRequests: string[];
  pageErrors: string[];
  problems: string[];
}

async function measurePage(
  browser: Browser,
  baseUrl: string,
  page: { name: string; path: string },
): Promise<PageWeight> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const tab = await context.newPage();
  const pending: Array<Promise<ScriptLoad | undefined>> = [];
  const foreignRequests: string[] = [];
  const pageErrors: string[] = [];
  tab.on('pageerror', (error) => pageErrors.push(error.message));
  tab.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (/^(https?|wss?):$/.test(url.protocol) && url.hostname !== '127.0.0.1')
      foreignRequests.push(request.url());
  });
  context.on('response', (response) => {
    const request = response.request();
    const type = request.resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type !== 'script' && !/javascript|ecmascript/i.test(contentType)) return;
    pending.push(
      (async () => {
        try {
          await response.finished();
          const body = await response.body();
          const sizes = await request.sizes();
          return {
            url: response.url(),
            status: response.status(),
            contentEncoding: (await response.headerValue('content-encoding')) ?? 'identity',
            servedBody: sizes.responseBodySize,
            headers: sizes.responseHeadersSize,
            raw: body.length,
            gzip9: gzipSync(body, { level: 9 }).length,
          };
        } catch (error) {
          console.warn(`  could not read ${response.url()}: ${(error as Error).message}`);
          return undefined;
        }
      })(),
    );
  });
  const response = await tab.goto(baseUrl + page.path, { waitUntil: 'networkidle' });
  if (response?.status() !== 200) {
    throw new Error(`${page.path} answered ${response?.status() ?? 'nothing'}`);
  }
  await tab.waitForTimeout(SETTLE_MS);
  const inlineScripts = await tab.$$eval('script:not([src])', (nodes) =>
    nodes.map((n) => n.textContent ?? ''),
  );
  const scripts = (await Promise.all(pending)).filter((s): s is ScriptLoad => s !== undefined);
  await context.close();

  const inlineText = inlineScripts.join('');
  const totals = {
    served: sum(scripts.map((s) => s.servedBody)),
    transferred: sum(scripts.map((s) => s.servedBody + s.headers)),
    raw: sum(scripts.map((s) => s.raw)),
    gzip9: sum(scripts.map((s) => s.gzip9)),
  };
  const problems: string[] = [];
  if (totals.gzip9 > BUDGET) {
    problems.push(`${page.path}: ${totals.gzip9} bytes of script gzipped, over the ${BUDGET}-byte budget`);
  }
  for (const s of scripts) {
    const url = new URL(s.url);
    if (url.hostname !== '127.0.0.1') problems.push(`${page.path}: script from outside 127.0.0.1: ${s.url}`);
    const file = url.pathname.split('/').pop() ?? '';
    if (/admin/i.test(file)) problems.push(`${page.path}: admin chunk loaded: ${s.url}`);
  }
  for (const url of foreignRequests) {
    if (!scripts.some((s) => s.url === url)) console.warn(`  note: ${page.path} requested ${url}`);
  }
  return {
    ...page,
    scripts,
    totals,
    inline: {
      count: inlineScripts.length,
      raw: Buffer.byteLength(inlineText),
      gzip9: gzipSync(inlineText, { level: 9 }).length,
    },
    foreignRequests,
    pageErrors,
    problems,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export async function runJsWeight(baseUrl?: string): Promise<{ pages: PageWeight[]; ok: boolean }> {
  let shop: RunningShop | undefined;
  let browser: Browser | undefined;
  const loadBefore = loadAverage();
  try {
    if (!baseUrl) {
      shop = await startShop();
      baseUrl = shop.url;
    }
    const pages = await benchPages(baseUrl);
    browser = await launchBrowser();
    console.log(
      `JS weight, Chromium ${browser.version()}, 360x740 phone, empty cache, network idle + 3 s; ` +
        `load average ${loadBefore}\n`,
    );
    const results: PageWeight[] = [];
    for (const page of pages) {
      const result = await measurePage(browser, baseUrl, page);
      results.push(result);
      console.log(`${page.path}`);
      printTable(
        ['script', 'status', 'encoding', 'served B', 'headers B', 'raw B', 'gzip -9 B'],
        result.scripts.map((s) => [
          new URL(s.url).pathname,
          s.status,
          s.contentEncoding,
          s.servedBody,
          s.headers,
          s.raw,
          s.gzip9,
        ]),
      );
      console.log(
        `total: ${result.scripts.length} scripts, served ${result.totals.served} B ` +
          `(+ headers ${result.totals.transferred - result.totals.served} B), raw ${result.totals.raw} B, ` +
          `gzip -9 ${result.totals.gzip9} B = ${kb(result.totals.gzip9)} of ${kb(BUDGET)}`,
      );
      console.log(
        `inline <script> (not in the total): ${result.inline.count}, ${result.inline.raw} B raw, ` +
          `${result.inline.gzip9} B gzip -9`,
      );
      if (result.pageErrors.length) console.log(`page errors: ${result.pageErrors.join(' | ')}`);
      console.log('');
    }
    console.log('Summary');
    printTable(
      ['page', 'scripts', 'served B', 'gzip -9 B', 'gzip -9 KB', 'budget'],
      results.map((r) => [
        r.path,
        r.scripts.length,
        r.totals.served,
        r.totals.gzip9,
        (r.totals.gzip9 / 1024).toFixed(1),
        r.totals.gzip9 <= BUDGET ? 'ok' : 'OVER',
      ]),
    );
    const problems = results.flatMap((r) => r.problems);
    const file = path.join(await resultsDir(), `js-weight-${stamp()}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          loadAverage: { before: loadBefore, after: loadAverage() },
          budget: BUDGET,
          pages: results,
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
    if (problems.length) {
      console.log('\nFAILED:');
      for (const p of problems) console.log(`  - ${p}`);
    } else {
      console.log('\nOK: every page is within budget, all scripts from 127.0.0.1, no admin chunk.');
    }
    return { pages: results, ok: problems.length === 0 };
  } finally {
    await browser?.close();
    await shop?.stop();
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' } } });
  const { ok } = await runJsWeight(values.url);
  process.exitCode = ok ? 0 : 1;
}

// Storefront search with a new term each time over a catalogue of a thousand guides.
//   npx tsx bench/search.ts [--guides 1000] [--connections 50] [--count 20000] [--duration 20]
//     [--database-url postgres://…/postgres] [--build] [--old-build DIR]
//   BENCH_SEARCH_PAGED=1: the storefront's paged search (/api/travel-guides/page) instead.
// Starts the built shop on a fresh data folder (PGlite; or a fresh database created on the
// PostgreSQL server of --database-url), lets it seed its demo catalogue, stops it, tops the
// catalogue up to --guides (bench/catalogue-seed.ts), starts it again, then sends --count searches
// (stopping after --duration seconds at the most) at --connections connections to 127.0.0.1:
// every request a term never sent before (typos, missing accents, partial words, two words,
// capitals; French and English), so no answer comes from the catalogue's answer cache.
// --old-build DIR: first the same run against another build (a folder with dist/ and node_modules,
// e.g. main's), in a child process, so old and new are side by side in one run.
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { catalogueWords, startShopWithGuides } from './catalogue-seed';
import { isMain, loadAverage, prepareBuild, printTable, ROOT, readCpuMs, resultsDir, stamp } from './shop';

export interface SearchResult {
  database: string;
  build: string;
  guides: number;
  searches: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  meanResults: number;
  /** The shop's CPU time per measured search, in µs: all its threads, and its main thread alone. */
  cpuPerSearchUs: number;
  mainThreadPerSearchUs: number;
}

/** Shopper-like search terms, each different: a catalogue word changed the way people type it. */
export function searchTerms(count: number, salt: number): string[] {
  const words = catalogueWords();
  // mulberry32: 32-bit integer steps (a product of doubles past 2^53 would fall into a short cycle).
  let seed = salt >>> 0;
  const random = (n: number) => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = Math.imul(seed ^ (seed >>> 15), seed | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const unaccent = (w: string) => w.normalize('NFD').replace(/\p{M}/gu, '');
  const change = (w: string) => {
    const i = random(w.length);
    const letter = 'aeiourst'[random(8)]!;
    switch (random(7)) {
      case 0:
        return w.slice(0, i) + w.slice(i + 1); // a letter dropped
      case 1:
        return w.slice(0, i) + letter + w.slice(i); // a letter added
      case 2:
        return w.slice(0, i) + letter + w.slice(i + 1); // a letter changed
      case 3:
        return w.slice(0, Math.max(3, i + 1)); // the start of the word
      case 4:
        return unaccent(w).toUpperCase();
      case 5:
        return unaccent(w).toLowerCase();
      default:
        return w;
    }
  };
  const terms = new Set<string>();
  for (let tries = 0; terms.size < count; tries++) {
    if (tries > count * 20) throw new Error(`Could not make ${count} different search terms`);
    const one = change(words[random(words.length)]!);
    terms.add(random(3) === 0 ? `${one} ${change(words[random(words.length)]!)}` : one);
  }
  return [...terms];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/** Sends each term once, `connections` at a time, for at most `duration` seconds. */
async function sendSearches(url: string, terms: string[], connections: number, duration: number) {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url,
      connections,
      amount: terms.length,
      // As a phone's browser asks: the answer is compressed for each new term.
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      requests: [
        {
          setupRequest: (request) => {
            const term = terms[next % terms.length]!;
            next += 1;
            return { ...request, path: searchPath(term, next) };
          },
        },
      ],
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const timer = setTimeout(() => instance.stop(), duration * 1000);
  const result = await done;
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    searches: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * BENCH_SEARCH_PAGED=1: the storefront's paged search (`/api/travel-guides/page`, one
 * page of cards and the total) instead of the whole answer of `/api/travel-guides`; not with
 * --old-build of a shop that predates it.
 */
const PAGED = process.env.BENCH_SEARCH_PAGED === '1';

/** Half the searches in French, half in English. */
const searchPath = (term: string, n: number) =>
  `/api/travel-guides${PAGED ? '/page' : ''}?locale=${n % 2 ? 'fr' : 'en'}&q=${encodeURIComponent(term)}`;

/** How many guides a search finds, on average, over the first `sample` terms. */
async function meanResults(url: string, terms: string[], sample = 200): Promise<number> {
  let found = 0;
  for (const [n, term] of terms.slice(0, sample).entries()) {
    const answer = (await (await fetch(url + searchPath(term, n + 1))).json()) as
      | unknown[]
      | { total: number };
    found += Array.isArray(answer) ? answer.length : answer.total;
  }
  return found / Math.min(sample, terms.length);
}

export async function runSearchBench(options: {
  guides: number;
  connections: number;
  count: number;
  duration: number;
  databaseUrl?: string;
}): Promise<SearchResult> {
  const shop = await startShopWithGuides({ guides: options.guides, databaseUrl: options.databaseUrl });
  try {
    const url = `${shop.url}/api/travel-guides?locale=fr`;
    const all = (await (await fetch(url)).json()) as unknown[];
    const en = (await (await fetch(`${shop.url}/api/travel-guides?locale=en`)).json()) as unknown[];
    // Warm-up with terms of their own (the index is built on the first search of each language).
    await sendSearches(shop.url, searchTerms(2000, 7), options.connections, 3);
    const terms = searchTerms(options.count, 21);
    // CPU time per search: unlike searches/s and p95, what another process takes of the cores does not change it.
    const cpuBefore = await readCpuMs(shop.pid);
    const measured = await sendSearches(shop.url, terms, options.connections, options.duration);
    const cpuAfter = await readCpuMs(shop.pid);
    const perSearchUs = (ms: number) => Math.round((ms * 1000) / measured.searches);
    const build = await prepareBuild();
    return {
      database: options.databaseUrl ? 'PostgreSQL' : 'PGlite',
      build: process.env.BENCH_BUILD_LABEL ?? build.gitHead,
      guides: all.length + en.length,
      ...measured,
      meanResults: await meanResults(shop.url, terms),
      cpuPerSearchUs: perSearchUs(cpuAfter.process - cpuBefore.process),
      mainThreadPerSearchUs: perSearchUs(cpuAfter.mainThread - cpuBefore.mainThread),
    };
  } finally {
    await shop.stop();
  }
}

/** The same run against another build, in a child process whose benches use that build. */
async function runOldBuild(dir: string, args: string[]): Promise<SearchResult> {
  const info = path.join(dir, 'bench-build.json');
  await writeFile(info, JSON.stringify({ dir, builtAt: 'old', built: false, gitHead: 'old', gitStatus: [] }));
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'search.ts'), ...args],
    {
      cwd: ROOT,
      env: { ...process.env, BENCH_BUILD_DIR: dir, BENCH_BUILD_LABEL: `old (${path.basename(dir)})` },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) throw new Error(`The old build's run gave no result:\n${child.stdout}`);
  return JSON.parse(line.slice('RESULT '.length)) as SearchResult;
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      guides: { type: 'string', default: '1000' },
      connections: { type: 'string', default: '50' },
      count: { type: 'string', default: '20000' },
      duration: { type: 'string', default: '20' },
      'database-url': { type: 'string' },
      build: { type: 'boolean', default: false },
      'old-build': { type: 'string' },
    },
  });
  const options = {
    guides: Number(values.guides),
    connections: Number(values.connections),
    count: Number(values.count),
    duration: Number(values.duration),
    databaseUrl: values['database-url'],
  };
  const loadBefore = loadAverage();
  const rows: SearchResult[] = [];
  if (values['old-build']) {
    const args = Object.entries(values)
      .filter(([name, value]) => !['old-build', 'build'].includes(name) && value !== undefined)
      .flatMap(([name, value]) => [`--${name}`, String(value)]);
    rows.push(await runOldBuild(values['old-build'], args));
  }
  await prepareBuild({ build: values.build ? 'private' : undefined });
  const result = await runSearchBench(options);
  rows.push(result);
  console.log(`RESULT ${JSON.stringify(result)}`);
  console.log(
    `\nSearch, a new term each time, ${options.connections} connections, at most ${options.count} searches or ${options.duration} s; ` +
      `${os.cpus().length} cores shared with the load generator; load average ${loadBefore} before, ${loadAverage()} after\n`,
  );
  printTable(
    [
      'build',
      'database',
      'guides',
      'searches',
      'searches/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'results/search',
      'non-2xx',
      'shop CPU µs/search',
      'main thread µs/search',
    ],
    rows.map((r) => [
      r.build,
      r.database,
      r.guides,
      r.searches,
      Math.round(r.perSecond),
      Math.round(r.p50),
      Math.round(r.p95),
      Math.round(r.p99),
      Math.round(r.meanResults),
      r.non2xx + r.errors,
      r.cpuPerSearchUs ?? '-',
      r.mainThreadPerSearchUs ?? '-',
    ]),
  );
  const file = path.join(await resultsDir(), `search-${stamp()}.json`);
  await writeFile(file, JSON.stringify({ date: new Date().toISOString(), options, rows }, null, 2));
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  const ok = result.p95 <= 20 && result.perSecond >= 1000 && result.non2xx + result.errors === 0;
  console.log(
    ok ? 'OK: p95 <= 20 ms and >= 1,000 searches/s' : 'FAILED: p95 over 20 ms or under 1,000 searches/s',
  );
  process.exitCode = ok ? 0 : 1;
}

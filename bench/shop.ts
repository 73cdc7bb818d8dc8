// Starts and stops the built shop as a real process for the benchmarks (bench/*.ts).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, realpathSync, rmSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/ lives directly under it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Raw reports and JSON summaries; bench/results/.gitignore keeps them out of git. */
export const RESULTS_DIR = process.env.BENCH_RESULTS_DIR ?? path.join(ROOT, 'bench', 'results');

export async function resultsDir(...sub: string[]): Promise<string> {
  const dir = path.join(RESULTS_DIR, ...sub);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A file-name-safe timestamp, e.g. 2026-11-22T08-30-00. */
export function stamp(date = new Date()): string {
  return date.toISOString().slice(0, 19).replace(/:/g, '-');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface StartOptions {
  /** `main` runs `node dist/server/main.js` (the default); `start` runs `node scripts/start.mjs` (npm start). */
  entry?: 'main' | 'start';
  /** Reuse this data folder; by default a fresh temporary one is created and removed on stop. */
  dataDir?: string;
  /** The path polled until it answers 200: `/readyz` by default. */
  readyPath?: string;
  /** Poll interval in ms (default 100). */
  pollMs?: number;
  timeoutMs?: number;
  env?: Record<string, string>;
}

export interface RunningShop {
  url: string;
  port: number;
  pid: number;
  process: ChildProcess;
  dataDir: string;
  /** Milliseconds from spawn to the first 200 on readyPath. */
  readyAfterMs: number;
  /** stdout + stderr so far. */
  logs(): string;
  /** Resident set size of the server process, in bytes (from /proc/<pid>/status). */
  rss(): Promise<{ rss: number; peak: number }>;
  /** SIGTERM, wait for the exit; removes the data folder unless it was passed in. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();
const temporaryDataDirs = new Set<string>();
// Never leave a shop or its data behind if a benchmark throws or is interrupted.
process.once('exit', () => {
  for (const child of running) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGKILL');
  for (const dir of temporaryDataDirs) rmSync(dir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) if (child.exitCode === null && child.pid) process.kill(child.pid, 'SIGTERM');
    process.exit(130);
  });
}

/**
 * The build the benchmarks run. dist/ is shared: the end-to-end tests and other engineers rebuild it
 * at any time, and a rebuild deletes the hashed assets a running server still links to (404s in the
 * middle of a Lighthouse run). So the benchmarks run a private copy of dist/ in a temporary folder,
 * with symlinks to node_modules (for the server's imports) and to the sources (so that
 * scripts/start.mjs checks the same files as in the repository).
 */
export interface BuildInfo {
  /** The folder to run the server in: dist/, scripts/start.mjs, symlinks to node_modules and sources. */
  dir: string;
  /** When dist/ was built (dist/.build-stamp). */
  builtAt: string;
  /** Whether this run built it (`node scripts/build.mjs`) or copied an existing dist/. */
  built: boolean;
  buildMs?: number;
  gitHead: string;
  /** `git status --porcelain` when it was built: the edits the build includes. */
  gitStatus: string[];
}

const BUILD_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];
let currentBuild: Promise<BuildInfo> | undefined;

function git(args: string[]): string {
  const result = spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}

async function distIsComplete(dist: string): Promise<boolean> {
  for (const file of ['.build-stamp', 'ssr/entry-server.js', 'server/main.js', 'client/index.html']) {
    if (!existsSync(path.join(dist, file))) return false;
  }
  const html = await readFile(path.join(dist, 'client', 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!);
  return assets.length > 0 && assets.every((asset) => existsSync(path.join(dist, 'client', asset)));
}

/**
 * Builds (if asked) and snapshots dist/ once per process; BENCH_BUILD_DIR (set by bench/index.ts)
 * makes every benchmark of one `npm run bench` use the same snapshot.
 */
export function prepareBuild(options: { build?: boolean | 'private' } = {}): Promise<BuildInfo> {
  currentBuild ??= (async () => {
    const shared = process.env.BENCH_BUILD_DIR;
    if (shared) return JSON.parse(await readFile(path.join(shared, 'bench-build.json'), 'utf8')) as BuildInfo;
    const gitStatus = git(['status', '--porcelain']).split('\n').filter(Boolean);
    let buildMs: number | undefined;
    if (options.build === true) {
      const started = performance.now();
      const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
      if (result.status !== 0) throw new Error('`node scripts/build.mjs` failed');
      buildMs = Math.round(performance.now() - started);
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-build-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    // The built server (and the build's demo-files step) resolve their packages from the folder's node_modules.
    await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    if (options.build === 'private') {
      // Build the current sources straight into the snapshot, leaving the shared dist/ alone.
      const started = performance.now();
      const result = spawnSync(process.execPath, ['scripts/build.mjs', path.join(dir, 'dist')], {
        cwd: ROOT,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('`node scripts/build.mjs <private dir>` failed');
      buildMs = Math.round(performance.now() - started);
      if (!(await distIsComplete(path.join(dir, 'dist')))) throw new Error('The private build is incomplete');
    }
    // Someone else may be rebuilding dist/ right now: copy until the copy is complete and consistent.
    for (let attempt = 1; options.build !== 'private'; attempt++) {
      await rm(path.join(dir, 'dist'), { recursive: true, force: true });
      if (existsSync(path.join(ROOT, 'dist'))) {
        await cp(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true }).catch(() => undefined);
      }
      if (await distIsComplete(path.join(dir, 'dist'))) break;
      if (attempt === 10) throw new Error('No complete build in dist/: run `npm run build` first.');
      await sleep(2000);
    }
    await mkdir(path.join(dir, 'scripts'));
    await copyFile(path.join(ROOT, 'scripts', 'start.mjs'), path.join(dir, 'scripts', 'start.mjs'));
    await symlink(path.join(ROOT, 'scripts', 'build.mjs'), path.join(dir, 'scripts', 'build.mjs'));
    for (const name of BUILD_INPUTS) await symlink(path.join(ROOT, name), path.join(dir, name));
    const info: BuildInfo = {
      dir,
      builtAt: (await readFile(path.join(dir, 'dist', '.build-stamp'), 'utf8')).trim(),
      built: Boolean(options.build),
      buildMs,
      gitHead: git(['rev-parse', '--short', 'HEAD']),
      gitStatus,
    };
    await writeFile(path.join(dir, 'bench-build.json'), JSON.stringify(info, null, 2));
    return info;
  })();
  return currentBuild;
}

/**
 * Starts the production server (the snapshot from prepareBuild()) on 127.0.0.1 and a free port, with
 * PGlite in a fresh DATA_DIR (DATABASE_URL is deliberately not passed on), and waits for the first
 * 200 on readyPath.
 */
export async function startShop(options: StartOptions = {}): Promise<RunningShop> {
  const build = await prepareBuild();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'shop-bench-')));
  if (ownsDataDir) temporaryDataDirs.add(dataDir);
  const port = await freePort();
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  const script = options.entry === 'start' ? 'scripts/start.mjs' : 'dist/server/main.js';
  const spawnedAt = performance.now();
  // BENCH_SHOP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof": node flags for the shop (a profile of the
  // shop itself; --cpu-prof is not allowed in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SHOP_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: build.dir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const readyPath = options.readyPath ?? '/readyz';
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let readyAfterMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The shop exited during start:\n${tail(output)}`);
    try {
      const res = await fetch(url + readyPath);
      await res.arrayBuffer();
      if (res.status === 200) {
        readyAfterMs = performance.now() - spawnedAt;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The shop did not answer 200 on ${readyPath} in time:\n${tail(output)}`);
    }
    await sleep(options.pollMs ?? 100);
  }
  const pid = child.pid!;
  return {
    url,
    port,
    pid,
    process: child,
    dataDir,
    readyAfterMs,
    logs: () => output,
    rss: () => readRss(pid),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      if (ownsDataDir) {
        await rm(dataDir, { recursive: true, force: true });
        temporaryDataDirs.delete(dataDir);
      }
      return code;
    },
  };
}

/** VmRSS and VmHWM (peak RSS) of a process, in bytes. Linux only. */
export async function readRss(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

/**
 * CPU time a process has used so far, in ms: all its threads (the thread pool's compression and
 * worker threads included, ended ones too) and its main thread alone. Linux only (/proc, 100 ticks/s).
 */
export async function readCpuMs(pid: number): Promise<{ process: number; mainThread: number }> {
  const ms = async (file: string) => {
    const stat = await readFile(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in 1/100 s
  };
  return { process: await ms(`/proc/${pid}/stat`), mainThread: await ms(`/proc/${pid}/task/${pid}/stat`) };
}

/**
 * Waits until a process has used under 5 % of a core for a whole second (at most `maxMs`): after a
 * start, the shop's queued jobs (light copies of the seeded PDFs, in mupdf worker threads) would
 * otherwise run during the measurement. Returns how long it waited.
 */
export async function waitUntilQuiet(pid: number, maxMs = 90_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = (await readCpuMs(pid)).process;
    await sleep(1000);
    const used = (await readCpuMs(pid)).process - before;
    const waited = performance.now() - started;
    if (used < 50 || waited >= maxMs) return Math.round(waited);
  }
}

/** The slug of the first active French guide, for a guide page URL. */
export async function firstGuideSlug(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/travel-guides?locale=fr`);
  if (!res.ok) throw new Error(`GET /api/travel-guides?locale=fr answered ${res.status}`);
  const guides = (await res.json()) as Array<{ slug: string }>;
  const slug = guides[0]?.slug;
  if (!slug) throw new Error('The catalogue has no French guide');
  return slug;
}

/** The public pages every page benchmark measures: home, a country page and one guide page. */
export async function benchPages(baseUrl: string): Promise<Array<{ name: string; path: string }>> {
  const slug = await firstGuideSlug(baseUrl);
  return [
    { name: 'home', path: '/' },
    { name: 'country', path: '/senegal' },
    { name: 'guide', path: `/guides/${slug}` },
  ];
}

export function tail(text: string, lines = 40): string {
  return text.split('\n').slice(-lines).join('\n');
}

export function median(values: number[]): number {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Prints rows as an aligned text table; numbers are right-aligned. */
export function printTable(headers: string[], rows: Array<Array<string | number>>): void {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number'));
  const line = (r: string[]) =>
    r.map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

/**
 * Samples this process's RSS every 20 ms (after a GC when --expose-gc is on) until stop() is called,
 * which returns the RSS before and the peak: what an export or a load costs in memory.
 */
export function sampleRss(): { stop(): { before: number; peak: number } } {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return { before, peak };
    },
  };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** True when this module is the script node was started with (not imported by bench/index.ts). */
export function isMain(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(fileURLToPath(moduleUrl)) === realpathSync(path.resolve(script));
  } catch {
    return false;
  }
}

/** The 1, 5 and 15 minute load averages: the machine is shared, so every result records them. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Runs `count` tasks, `concurrency` at a time (a new one starts as soon as one ends). */
export async function pool(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export interface BenchResponse {
  status: number;
  text: string;
  rawHeaders: string[];
  chunked: boolean;
  bytes: Buffer;
}

/**
 * One request through node:http with a keep-alive agent, a JSON body when given. Not fetch: with
 * Node 20's fetch at high concurrency a few requests stalled for seconds (see order-creation.ts).
 */
export function benchRequest(
  agent: http.Agent,
  url: string,
  method: 'GET' | 'POST',
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<BenchResponse> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: payload
          ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            text: bytes.toString('utf8'),
            rawHeaders: res.rawHeaders,
            chunked: /chunked/i.test(String(res.headers['transfer-encoding'] ?? '')),
            bytes,
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

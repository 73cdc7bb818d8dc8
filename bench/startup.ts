// Start-up time and memory of `npm start` (node scripts/start.mjs) on the production build.
//   npx tsx bench/startup.ts [--rounds 3] [--requests 200] [--database-url postgres://…]
// Each round: a fresh DATA_DIR (cold: migrate + seed the demo catalogue), then a restart on the same
// DATA_DIR (warm). Measures the time from spawn to the first HTTP 200 on `/` (polled every 20 ms),
// the server's RSS at that moment, and its RSS after --requests sequential page requests.
// start.mjs runs in the benchmark's copy of the build (see prepareBuild in bench/shop.ts): it finds the
// build up to date and does not rebuild; if the sources changed after the build, the copy's build
// stamp is refreshed first so that it still does not, and the report says so.
import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  benchPages,
  isMain,
  loadAverage,
  mb,
  median,
  prepareBuild,
  printTable,
  resultsDir,
  stamp,
  startShop,
} from './shop';

/** The same check as scripts/start.mjs: would it rebuild before starting? */
function newestMtime(target: string): number {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const START_INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'scripts/build.mjs'];

function wouldRebuild(dir: string): boolean {
  let built = 0;
  try {
    built = statSync(path.join(dir, 'dist', '.build-stamp')).mtimeMs;
  } catch {
    return true;
  }
  return Math.max(...START_INPUTS.map((i) => newestMtime(path.join(dir, i)))) > built;
}

/** A new, empty PostgreSQL database for one round: the shop migrates and seeds it as on a new server. */
async function emptyDatabase(baseUrl: string, round: number) {
  const name = `shop_bench_start_${process.pid}_${round}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

interface StartRun {
  round: number;
  kind: 'cold' | 'warm';
  firstOkMs: number;
  rssAtStart: number;
  rssAfterRequests: number;
  peakRss: number;
  requestsMs: number;
  seededMs?: number;
  stampRefreshed: boolean;
  exitCode: number | null;
}

export async function runStartup(
  options: { rounds?: number; requests?: number; databaseUrl?: string } = {},
): Promise<{ runs: StartRun[]; ok: boolean }> {
  const rounds = options.rounds ?? 3;
  const requests = options.requests ?? 200;
  const build = await prepareBuild();
  const runs: StartRun[] = [];
  const loadBefore = loadAverage();
  console.log(
    `node scripts/start.mjs, ${options.databaseUrl ? 'PostgreSQL (a new empty database each round)' : 'PGlite'}, LOG_LEVEL=warn; time from spawn to the first 200 on / (polled every 20 ms); ` +
      `RSS of the server process (start.mjs imports the server into its own process); load average ${loadBefore}\n`,
  );
  for (let round = 1; round <= rounds; round++) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-start-'));
    const database = options.databaseUrl ? await emptyDatabase(options.databaseUrl, round) : undefined;
    try {
      for (const kind of ['cold', 'warm'] as const) {
        let stampRefreshed = false;
        if (wouldRebuild(build.dir)) {
          const now = new Date();
          await utimes(path.join(build.dir, 'dist', '.build-stamp'), now, now);
          stampRefreshed = true;
          console.log(
            '  note: the sources changed after the build; refreshed the copy’s build stamp (no rebuild)',
          );
        }
        const shop = await startShop({
          entry: 'start',
          dataDir,
          readyPath: '/',
          pollMs: 20,
          env: database ? { DATABASE_URL: database.url } : {},
        });
        const rssAtStart = (await shop.rss()).rss;
        const pages = await benchPages(shop.url);
        const started = performance.now();
        for (let i = 0; i < requests; i++) {
          const page = pages[i % pages.length]!;
          const res = await fetch(shop.url + page.path);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
        }
        const requestsMs = performance.now() - started;
        const after = await shop.rss();
        if (/rebuilding|building the shop/i.test(shop.logs())) throw new Error('start.mjs rebuilt the shop');
        const seeded = /Seeded the demo catalogue in (\d+) ms/.exec(shop.logs());
        const exitCode = await shop.stop();
        const run: StartRun = {
          round,
          kind,
          firstOkMs: shop.readyAfterMs,
          rssAtStart,
          rssAfterRequests: after.rss,
          peakRss: after.peak,
          requestsMs,
          seededMs: seeded ? Number(seeded[1]) : undefined,
          stampRefreshed,
          exitCode,
        };
        runs.push(run);
        console.log(
          `  round ${round} ${kind}: first 200 on / after ${Math.round(run.firstOkMs)} ms` +
            `${run.seededMs !== undefined ? ` (seeding ${run.seededMs} ms)` : ''}; RSS ${mb(run.rssAtStart)} -> ` +
            `${mb(run.rssAfterRequests)} after ${requests} pages (${Math.round(run.requestsMs)} ms), peak ${mb(run.peakRss)}; ` +
            `SIGTERM exit code ${exitCode}`,
        );
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }
  const summary = (['cold', 'warm'] as const).map((kind) => {
    const rs = runs.filter((r) => r.kind === kind);
    return [
      kind === 'cold' ? 'fresh DATA_DIR' : 'same DATA_DIR',
      Math.round(median(rs.map((r) => r.firstOkMs))),
      rs.map((r) => Math.round(r.firstOkMs)).join(', '),
      mb(median(rs.map((r) => r.rssAtStart))),
      mb(median(rs.map((r) => r.rssAfterRequests))),
      mb(median(rs.map((r) => r.peakRss))),
    ];
  });
  console.log(`\nMedians of ${rounds} rounds`);
  printTable(
    ['start', 'first 200 ms', 'runs ms', 'RSS at start', `RSS after ${requests}`, 'peak RSS'],
    summary,
  );
  const pkgEntries = await readdir(path.join(build.dir, 'dist'));
  const file = path.join(await resultsDir(), `startup-${stamp()}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        loadAverage: { before: loadBefore, after: loadAverage() },
        requests,
        build: { ...build, dist: pkgEntries },
        runs,
      },
      null,
      2,
    ),
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  const ok = runs.every((r) => r.exitCode === 0);
  if (!ok) console.log('FAILED: the server did not exit with 0 on SIGTERM');
  return { runs, ok };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: '3' },
      requests: { type: 'string', default: '200' },
      'database-url': { type: 'string' },
    },
  });
  const { ok } = await runStartup({
    rounds: Number(values.rounds),
    requests: Number(values.requests),
    databaseUrl: values['database-url'],
  });
  process.exitCode = ok ? 0 : 1;
}

// Analytics ingest throughput: events per second sustained through HTTP, batches of 20.
//   npx tsx bench/analytics-ingest.ts [--seconds 30] [--connections 16] [--batch 20] [--bare]
// Starts the shop's API from the sources as its own process (bench/analytics-server-child.ts) on
// 127.0.0.1 with a fresh data folder, the ingest rate limit raised out of the way
// (ANALYTICS_RATE_LIMIT_PER_MINUTE=1000000, the limiter itself still runs) and the default
// flush settings, then autocannon POSTs JSON batches of --batch events (distinct visitors,
// sessions and pages, one browser user agent) for --seconds with --connections in flight.
// Then SIGTERM: the app writes what is still buffered before closing, and the events in the
// database are counted: stored must equal accepted (2xx × batch). The rate reported is stored
// events ÷ the load's duration (what was written by the end of the close is counted; the time the
// close took is printed too).
// Database: PGlite in the fresh data folder by default; with DATABASE_URL that PostgreSQL database
// (its analytics tables are emptied first: use a throwaway database).
// --bare: the same load against a bare Fastify that parses the JSON and answers 204 (no
// validation, no bot check, no database): the ceiling of this machine for this load.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { isMain, loadAverage, mb, printTable, ROOT, readRss, tail } from './shop';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const PAGES = ['/', '/guides', '/senegal', '/cote-d-ivoire', '/maroc', '/guides/dakar-essentiel', '/faq'];

function bodies(count: number, batch: number): string[] {
  const now = Date.now();
  return Array.from({ length: count }, (_, b) =>
    JSON.stringify(
      Array.from({ length: batch }, (_, i) => {
        const visitor = `visitor_${b * 7 + (i % 3)}_${now}`;
        return i % 2 === 0
          ? {
              type: 'page_view',
              page: PAGES[(b + i) % PAGES.length],
              visitorId: visitor,
              sessionStart: now - b * 1000,
              source: 'search',
              deviceType: 'mobile',
              userAgent: BROWSER,
              timestamp: now,
            }
          : {
              type: 'action',
              page: PAGES[(b + i) % PAGES.length],
              visitorId: visitor,
              sessionStart: now - b * 1000,
              durationMs: 1000 + i * 500,
              meta: { action: 'time_on_page' },
              timestamp: now,
            };
      }),
    ),
  );
}

export async function runIngestBench(options: {
  seconds: number;
  connections: number;
  batch: number;
  bare: boolean;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ingest-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000',
    BENCH_BARE: options.bare ? '1' : '0',
  };
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  if (config.database.kind === 'postgres' && !options.bare) {
    const database = await openDatabase(config.database);
    await database.migrate();
    await database.db.execute(sql`truncate analytics_events, analytics_sessions, analytics_daily_counts,
      analytics_page_daily, analytics_page_visitors, analytics_visitor_days, analytics_visitors`);
    await database.close();
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'analytics-server-child.ts')],
    {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stderr.on('data', (c) => {
    output += c;
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (c: Buffer) => {
      output += c;
      const m = /listening (\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`server exited:\n${tail(output)}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rssBefore = await readRss(child.pid!);
  try {
    const payloads = bodies(2000, options.batch);
    let next = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          method: 'POST',
          path: '/api/analytics/event',
          headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
          setupRequest: (request) => {
            request.body = payloads[next++ % payloads.length];
            return request;
          },
        },
      ],
    });
    const rssAfter = await readRss(child.pid!);
    const closeStarted = performance.now();
    child.kill('SIGTERM');
    await exited;
    const closeMs = performance.now() - closeStarted;
    let stored = Number.NaN;
    if (!options.bare) {
      const database = await openDatabase(config.database);
      const found = (await database.db.execute(
        sql`select count(*)::int as n from analytics_events`,
      )) as unknown as {
        rows: Array<{ n: number }>;
      };
      stored = found.rows[0]?.n ?? 0;
      await database.close();
    }
    const accepted = result['2xx'] * options.batch;
    const seconds = result.duration;
    console.log(
      `${options.bare ? 'bare Fastify baseline' : `shop on ${config.database.kind}`}; ${options.connections} connections, ` +
        `batches of ${options.batch}, ${seconds.toFixed(1)} s; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ` +
        `load ${loadAverage()}; Node ${process.version}`,
    );
    printTable(
      [
        'requests 2xx',
        'non-2xx',
        'errors',
        'events accepted',
        'events stored',
        'events/s (stored)',
        'p50 ms',
        'p99 ms',
        'close ms',
        'RSS start → end',
      ],
      [
        [
          result['2xx'],
          result.non2xx,
          result.errors + result.timeouts,
          accepted,
          options.bare ? '–' : stored,
          Math.round((options.bare ? accepted : stored) / seconds),
          result.latency.p50,
          result.latency.p99,
          Math.round(closeMs),
          `${mb(rssBefore.rss)} → ${mb(rssAfter.rss)} (peak ${mb(rssAfter.peak)})`,
        ],
      ],
    );
    console.log(`status codes: ${JSON.stringify(result.statusCodeStats)}`);
    // autocannon stops counting at the deadline: requests in flight then were answered (and their
    // events stored) but are not in its 2xx count, at most one batch per connection.
    const inFlight = options.connections * options.batch;
    if (!options.bare && (stored < accepted || stored > accepted + inFlight)) {
      console.log(`MISMATCH: ${accepted} events accepted, ${stored} stored`);
      process.exitCode = 1;
    }
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      connections: { type: 'string', default: '16' },
      batch: { type: 'string', default: '20' },
      bare: { type: 'boolean', default: false },
    },
  });
  const seconds = Math.min(120, Math.max(1, Number(values.seconds)));
  await runIngestBench({
    seconds,
    connections: Number(values.connections),
    batch: Number(values.batch),
    bare: values.bare,
  });
}

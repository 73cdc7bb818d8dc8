// One poisoned analytics event: what it does to the log, the memory, /readyz
// and the events behind it.
//   npx tsx bench/analytics-poison.ts [--seconds 30] [--connections 4] [--batch 20] [--rate 100]
// Starts the shop's API from the sources as its own process (bench/analytics-server-child.ts, log
// level info, default flush settings, the ingest rate limit raised out of the way) on 127.0.0.1
// with a fresh data folder. Sends the event (a page path ending in a lone UTF-16
// surrogate, JSON-escaped, with a browser User-Agent), then good batches of --batch events for
// --seconds with --connections in flight at --rate requests per second in all (below what the
// writer sustains on this machine, so a 503 means the buffer jammed, not a slow disk), asks /readyz, and stops the process with SIGTERM.
// Reports the log the process wrote (bytes, lines, longest line), its RSS, the answers, and the
// events lost: accepted (2xx × batch) minus the events found in the database after the close.
// Database: PGlite in the fresh data folder by default; with DATABASE_URL that PostgreSQL database
// (its analytics tables are emptied first: use a throwaway database).
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
const POISON = '{"type":"page_view","page":"/bad\\ud800","visitorId":"visitor_2_1"}';

/** Counts the bytes and lines of a stream and its longest line, without keeping it. */
function logMeter() {
  let bytes = 0;
  let lines = 0;
  let current = 0;
  let longest = 0;
  let head = '';
  return {
    write(chunk: Buffer) {
      bytes += chunk.length;
      if (head.length < 4000) head += chunk.toString('utf8', 0, Math.min(chunk.length, 4000));
      let start = 0;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) {
        longest = Math.max(longest, current + i - start);
        current = 0;
        lines++;
        start = i + 1;
      }
      current += chunk.length - start;
    },
    get summary() {
      return { bytes, lines, longest: Math.max(longest, current), head };
    },
  };
}

export async function runPoisonBench(options: {
  seconds: number;
  connections: number;
  batch: number;
  rate: number;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-poison-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000',
  };
  const config = loadConfig(env);
  if (config.database.kind === 'postgres') {
    const database = await openDatabase(config.database);
    await database.migrate();
    await database.db.execute(sql`truncate analytics_events, analytics_sessions, analytics_daily_counts,
      analytics_page_daily, analytics_page_visitors, analytics_visitor_days, analytics_visitors`);
    await database.close();
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'bench', 'analytics-server-child.ts')],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const log = logMeter();
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  const port = await new Promise<number>((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (c: Buffer) => {
      log.write(c);
      if (seen.length < 10_000) seen += c;
      const m = /listening (\d+)/.exec(seen);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error(`server exited:\n${tail(seen + stderr)}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  let peakRss = 0;
  const sampler = setInterval(() => {
    void readRss(child.pid ?? 0)
      .then((r) => {
        if (Number.isFinite(r.rss)) peakRss = Math.max(peakRss, r.rss);
      })
      .catch(() => undefined);
  }, 500);
  try {
    const poison = await fetch(`${base}/api/analytics/event`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
      body: POISON,
    });
    const now = Date.now();
    const payloads = Array.from({ length: 1000 }, (_, b) =>
      JSON.stringify(
        Array.from({ length: options.batch }, (_, i) => ({
          type: 'page_view',
          page: `/guides/page-${(b + i) % 50}`,
          visitorId: `visitor_${b * options.batch + i}_${now}`,
          sessionStart: now,
          deviceType: 'mobile',
          userAgent: BROWSER,
          timestamp: now,
        })),
      ),
    );
    let next = 0;
    const result = await autocannon({
      url: base,
      connections: options.connections,
      overallRate: options.rate,
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
    const ready = await fetch(`${base}/readyz`);
    const rss = await readRss(child.pid ?? 0);
    child.kill('SIGTERM');
    await exited;
    clearInterval(sampler);
    const database = await openDatabase(config.database);
    const found = (await database.db.execute(
      sql`select count(*)::int as n from analytics_events`,
    )) as unknown as { rows: Array<{ n: number }> };
    await database.close();
    const stored = found.rows[0]?.n ?? 0;
    const accepted = result['2xx'] * options.batch;
    const { bytes, lines, longest } = log.summary;
    console.log(
      `shop on ${config.database.kind}; poison answered ${poison.status}; ${options.connections} connections, ` +
        `batches of ${options.batch} at ${options.rate}/s, ${result.duration.toFixed(1)} s; ${os.cpus().length} cores, ` +
        `load ${loadAverage()}; Node ${process.version}`,
    );
    printTable(
      [
        'log',
        'log lines',
        'longest line',
        'RSS end (peak)',
        'requests 2xx',
        '503',
        '/readyz',
        'good events accepted',
        'stored',
        'lost',
      ],
      [
        [
          mb(bytes),
          lines,
          `${(longest / 1024).toFixed(1)} KB`,
          `${mb(rss.rss)} (${mb(Math.max(peakRss, Number.isFinite(rss.peak) ? rss.peak : 0))})`,
          result['2xx'],
          result.statusCodeStats?.['503']?.count ?? 0,
          ready.status,
          accepted,
          stored,
          Math.max(0, accepted - stored),
        ],
      ],
    );
  } finally {
    clearInterval(sampler);
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      seconds: { type: 'string', default: '30' },
      connections: { type: 'string', default: '4' },
      batch: { type: 'string', default: '20' },
      rate: { type: 'string', default: '100' },
    },
  });
  await runPoisonBench({
    seconds: Math.min(300, Math.max(1, Number(values.seconds))),
    connections: Number(values.connections),
    batch: Number(values.batch),
    rate: Number(values.rate),
  });
}

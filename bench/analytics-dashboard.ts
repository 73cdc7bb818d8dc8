// The admin Analytics tab's endpoints over a large data set: time of each answer for one range.
//   npx tsx bench/analytics-dashboard.ts [--events 1000000] [--range 90d] [--runs 15] [--no-seed]
// Database: with DATABASE_URL, that PostgreSQL database (seeded with --events unless it already
// holds that many, or --no-seed); else a fresh PGlite in a temporary folder, seeded. Data comes from
// scripts/seed-analytics.ts (90 days, realistic funnels and countries). The shop is built in this
// process (buildApp) and each endpoint is called through app.inject() with the admin key: routing,
// the admin check (a database read), validation, the queries and serialisation, no network.
// Each endpoint: 2 warm-up calls, then --runs calls one after the other; median and max.
// Baseline ("bare"): the same figures computed by one plain query over analytics_events alone
// (no session rollup, no daily counts), as a first implementation would, for the endpoints where a
// rollup replaced it.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { seedAnalytics } from '../scripts/seed-analytics';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { rangeBounds } from '../src/server/modules/analytics/dashboard-format';
import { ANALYTICS_RANGES, type AnalyticsRange } from '../src/shared/contracts/endpoints/analytics.schemas';
import { isMain, loadAverage, median, printTable } from './shop';

const ADMIN_KEY = 'bench-analytics-admin-key-0123456789';
const ENDPOINTS = [
  'summary',
  'events',
  'funnel',
  'pages?limit=10',
  'geo',
  'users/timeseries',
  'timeseries',
  'sessions',
];

export async function runDashboardBench(options: {
  events: number;
  range: AnalyticsRange;
  runs: number;
  seed: boolean;
}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-analytics-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_API_KEY: ADMIN_KEY,
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  const count = async (query: SQL) =>
    ((await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  try {
    const present = await count(sql`select count(*)::int as n from analytics_events`);
    if (options.seed && present < options.events * 0.9) {
      console.log(`Seeding ~${options.events} events (${present} present) on ${config.database.kind}…`);
      const seeded = await seedAnalytics(database.db, { events: options.events - present });
      console.log(
        `  ${seeded.events} events, ${seeded.sessions} sessions in ${(seeded.ms / 1000).toFixed(1)} s`,
      );
    }
    const events = await count(sql`select count(*)::int as n from analytics_events`);
    const sessions = await count(sql`select count(*)::int as n from analytics_sessions`);
    const app = await buildApp(config, { database, startWorker: false });
    await app.ready();
    console.log(
      `Database: ${config.database.kind}, ${events} events, ${sessions} sessions; range ${options.range}; ` +
        `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${loadAverage()}; Node ${process.version}`,
    );
    const time = async (call: () => Promise<unknown>) => {
      for (let i = 0; i < 2; i++) await call();
      const ms: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const t0 = performance.now();
        await call();
        ms.push(performance.now() - t0);
      }
      return { median: median(ms), max: Math.max(...ms) };
    };
    const bare = bareQueries(options.range);
    const rows: Array<Array<string | number>> = [];
    for (const endpoint of ENDPOINTS) {
      const url = `/api/admin/analytics/${endpoint}${endpoint.includes('?') ? '&' : '?'}range=${options.range}`;
      let bytes = 0;
      const measured = await time(async () => {
        const res = await app.inject({ method: 'GET', url, headers: { 'x-admin-key': ADMIN_KEY } });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        bytes = res.body.length;
      });
      const name = endpoint.split('?')[0] ?? endpoint;
      const baseline = bare[name];
      const baselineTime = baseline ? await time(() => database.db.execute(baseline)) : undefined;
      rows.push([
        name,
        Number(measured.median.toFixed(1)),
        Number(measured.max.toFixed(1)),
        bytes,
        baselineTime ? baselineTime.median.toFixed(1) : '–',
      ]);
    }
    printTable(['endpoint', 'median ms', 'max ms', 'bytes', 'bare query median ms'], rows);
    await app.close();
    return rows;
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The figures of a rollup-backed endpoint, straight from analytics_events. */
function bareQueries(range: AnalyticsRange): Record<string, SQL> {
  const b = rangeBounds(range, new Date());
  const inRange = sql`created_at >= ${b.start.toISOString()}::timestamptz and created_at < ${b.end.toISOString()}::timestamptz`;
  return {
    events: sql`select type, meta->>'action' as action, count(*) from analytics_events where ${inRange} group by 1, 2`,
    funnel: sql`select count(distinct session_id) as visits,
        count(distinct session_id) filter (where type = 'add_to_cart' or meta->>'action' = 'add_to_cart') as cart,
        count(distinct session_id) filter (where type = 'purchase_started') as checkout,
        count(distinct session_id) filter (where type in ('purchase_completed', 'purchase')) as purchase
      from analytics_events where ${inRange}`,
    pages: sql`with v as (select page, visitor_id, count(*) as c from analytics_events
        where type = 'page_view' and ${inRange} group by 1, 2),
      t as (select page, sum(duration_ms) as total, avg(duration_ms) as avg from analytics_events
        where type = 'action' and meta->>'action' = 'time_on_page' and ${inRange} group by 1)
      select v.page, sum(c), count(*), max(t.avg) from v left join t using (page)
      group by v.page order by max(t.total) desc nulls last limit 10`,
    geo: sql`select country, count(distinct session_id), count(distinct region) from analytics_events
      where ${inRange} group by country`,
    'users/timeseries': sql`select date_trunc('day', created_at at time zone 'UTC'), count(distinct visitor_id)
      from analytics_events where ${inRange} group by 1`,
    timeseries: sql`select date_trunc('day', created_at at time zone 'UTC'), count(*),
        count(*) filter (where type = 'page_view'), count(distinct session_id)
      from analytics_events where ${inRange} group by 1`,
    sessions: sql`select count(*), avg(d) from (select session_id, max(created_at) - min(created_at) as d,
        count(*) filter (where type = 'page_view') as views from analytics_events where ${inRange} group by session_id) s`,
  };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '1000000' },
      range: { type: 'string', default: '90d' },
      runs: { type: 'string', default: '15' },
      'no-seed': { type: 'boolean', default: false },
    },
  });
  const range = values.range as AnalyticsRange;
  if (!ANALYTICS_RANGES.includes(range)) throw new Error('--range must be 7d, 30d or 90d');
  await runDashboardBench({
    events: Number(values.events),
    range,
    runs: Number(values.runs),
    seed: !values['no-seed'],
  });
}

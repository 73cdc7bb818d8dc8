// The admin Customers tab over many orders: the list's answers and the CSV export.
//   DATABASE_URL=postgres://… npx tsx bench/customers.ts [--orders 100000] [--runs 30] [--no-seed]
// Without DATABASE_URL, a fresh PGlite in a temporary folder. Seeds --orders orders (one guide each)
// over orders/3 emails in mixed case, a fifth of them pending or in test mode, unless the database
// already holds that many. The shop is built in this process (buildApp) and each call goes through
// app.inject() with the admin key. Each query: 2 warm-up calls, then --runs; median, p95 and max.
// The export is read as a stream; the process's RSS is sampled meanwhile (peak over the start).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { isMain, loadAverage, mb, median, percentile, printTable, sampleRss } from './shop';

const ADMIN_KEY = 'bench-customers-admin-key-0123456789';
const QUERIES = [
  ['first page, last order', ''],
  ['by total paid', '?sort=totalPaid'],
  ['search an email', '?q=buyer1234'],
  ['search a name', '?q=diallo'],
  ['page 1000', '?page=1000'],
];

async function seedOrders(database: Database, count: number): Promise<void> {
  await database.db.execute(sql`insert into travel_guides (slug, title, description, price)
    values ('bench-customers-guide', 'Bench guide', 'For the customers bench', 9.50) on conflict (slug) do nothing`);
  const [guide] = (
    (await database.db.execute(
      sql`select id, price from travel_guides where slug = 'bench-customers-guide'`,
    )) as unknown as { rows: Array<{ id: string; price: string }> }
  ).rows;
  if (!guide) throw new Error('The bench guide could not be written');
  // One statement per 20,000 orders: gen_random_uuid and md5 make the unique ids.
  for (let start = 0; start < count; start += 20_000) {
    const end = Math.min(count, start + 20_000) - 1;
    await database.db.execute(sql`
      with placed as (
        insert into orders (public_id, order_number, status, payment_method, email, first_name, last_name,
          phone_number, locale, total, test_mode, completed_at, created_at)
        select md5(random()::text || n), 'GA-B' || n,
          (case when n % 10 = 0 then 'pending' else 'completed' end)::order_status,
          (case when n % 3 = 0 then 'djamo' else 'stripe' end)::payment_method,
          case when n % 2 = 0 then 'Buyer' || (n / 3) || '@Example.com' else 'buyer' || (n / 3) || '@example.com' end,
          case when n % 7 = 0 then 'Aminata' else 'Moussa' end, case when n % 5 = 0 then 'Diallo' else 'Ba' end,
          '+221770000000', (case when n % 4 = 0 then 'en' else 'fr' end)::locale, ${guide.price}::numeric,
          n % 11 = 0, now(), now() - (n || ' minutes')::interval
        from generate_series(${start}::int, ${end}::int) as n
        returning id)
      insert into order_items (order_id, guide_id, quantity, unit_price, title)
      select id, ${guide.id}::uuid, 1, ${guide.price}::numeric, 'Bench guide' from placed`);
  }
  // One statement each: PGlite sends a query with the extended protocol, which takes one command.
  await database.db.execute(sql`analyze orders`);
  await database.db.execute(sql`analyze order_items`);
}

export async function runCustomersBench(options: { orders: number; runs: number; seed: boolean }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-customers-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ADMIN_API_KEY: ADMIN_KEY,
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  try {
    const app = await buildApp(config, { database, startWorker: false });
    await app.ready();
    const count = async () =>
      (
        (await database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows[0]?.n ?? 0;
    if (options.seed && (await count()) < options.orders) {
      const t0 = performance.now();
      await seedOrders(database, options.orders - (await count()));
      console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const get = async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'x-admin-key': ADMIN_KEY } });
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      return res;
    };
    console.log(
      `Database: ${config.database.kind}, ${await count()} orders, ${(await get('/api/admin/customers')).json().total} customers; ` +
        `${os.cpus().length} cores, load ${loadAverage()}; Node ${process.version}`,
    );
    const rows: Array<Array<string | number>> = [];
    for (const [name, query] of QUERIES) {
      for (let i = 0; i < 2; i++) await get(`/api/admin/customers${query}`);
      const ms: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const t0 = performance.now();
        await get(`/api/admin/customers${query}`);
        ms.push(performance.now() - t0);
      }
      rows.push([name!, median(ms).toFixed(1), percentile(ms, 95).toFixed(1), Math.max(...ms).toFixed(1)]);
    }
    printTable(['customers list', 'median ms', 'p95 ms', 'max ms'], rows);
    await exportFigures(app);
    await app.close();
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The CSV export read as a stream: time, size, and the peak RSS over the RSS before it. */
async function exportFigures(app: Awaited<ReturnType<typeof buildApp>>) {
  const rss = sampleRss();
  const t0 = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/api/admin/customers/export',
    headers: { 'x-admin-key': ADMIN_KEY },
    payloadAsStream: true,
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.stream()) {
    bytes += (chunk as Buffer).length;
    for (const byte of chunk as Buffer) if (byte === 10) lines++;
  }
  const { before, peak } = rss.stop();
  printTable(
    ['CSV export', 'ms', 'rows', 'size', 'RSS before', 'peak RSS growth'],
    [
      [
        'all customers',
        (performance.now() - t0).toFixed(0),
        lines - 1,
        mb(bytes),
        mb(before),
        mb(peak - before),
      ],
    ],
  );
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '30' },
      'no-seed': { type: 'boolean', default: false },
    },
  });
  await runCustomersBench({
    orders: Number(values.orders),
    runs: Number(values.runs),
    seed: !values['no-seed'],
  });
}

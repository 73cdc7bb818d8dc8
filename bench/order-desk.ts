// The Orders tab over a million orders: p95 of the list, each search kind and each filter
// through the real HTTP API, and the CSV export of all of them with the process's memory.
//   DATABASE_URL=postgres://… npx tsx bench/order-desk.ts [--orders 1000000] [--runs 40] [--no-seed]
// PostgreSQL only (the target is stated for it). Seeds --orders orders unless that many are there
// (bench/order-desk-seed.ts: set-based inserts), builds the shop in this process, listens on
// 127.0.0.1 and calls it with fetch and the admin key: routing, the admin check, validation, the
// queries (with the count bounded at 1,000) and serialisation. Each case: 3 warm-up calls, then
// --runs calls one after the other; p50, p95, max. The export is read to its end while RSS is
// sampled every 20 ms: peak during the export against before it.
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedOrders } from './order-desk-seed';
import { isMain, loadAverage, mb, median, percentile, printTable, sampleRss } from './shop';

const ADMIN_KEY = 'bench-order-desk-admin-key-0123456789';

type Row = {
  n: number;
  order_number: string;
  email: string;
  phone: string;
  intent: string;
  txn: string;
  ref: string;
  guide: string;
};

/** One real order of each kind, picked from the data, so every search finds something. */
async function samples(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const pick = async (where: string) =>
    (
      (await db.execute(
        sql.raw(`select order_number, email, phone_number as phone, payment_intent_id as intent,
      provider_transaction_id as txn, djamo_reference as ref from orders where ${where} order by created_at desc offset 30000 limit 1`),
      )) as unknown as { rows: Row[] }
    ).rows[0]!;
  const card = await pick(`payment_method = 'stripe'`);
  const cinetpay = await pick('provider_transaction_id is not null');
  const guide = (
    (await db.execute(sql`select id from travel_guides where slug = 'bench-guide-5'`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0]!.id;
  return { card, cinetpay, guide };
}

async function main() {
  const { values } = parseArgs({
    options: {
      orders: { type: 'string', default: '1000000' },
      runs: { type: 'string', default: '40' },
      'export-only': { type: 'boolean' },
      'no-seed': { type: 'boolean' },
    },
  });
  const total = Number(values.orders);
  const runs = Number(values.runs);
  if (!process.env.DATABASE_URL) throw new Error('Set DATABASE_URL to a PostgreSQL database');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'bench-order-desk-')),
    ADMIN_API_KEY: ADMIN_KEY,
  });
  const database = await openDatabase(config.database);
  await database.migrate();
  const count = async () =>
    (
      (await database.db.execute(sql`select count(*)::int as n from orders`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  if (!values['no-seed'] && (await count()) < total) {
    console.log(`Seeding ${total} orders…`);
    const t0 = performance.now();
    await seedOrders(database.db, total, console.log);
    console.log(`Seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const orders = await count();
  const app = await buildApp(config, { database, startWorker: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const { card, cinetpay, guide } = await samples(database.db);
  console.log(
    `PostgreSQL, ${orders} orders; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), load ${loadAverage()}; Node ${process.version}`,
  );
  const get = async (query: string) => {
    const res = await fetch(`${address}/api/admin/orders${query}`, { headers: { 'x-admin-key': ADMIN_KEY } });
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { orders: unknown[]; nextCursor: string | null; total: number };
  };
  const deep = (await get('?limit=100')).nextCursor!;
  const cases: [string, string][] = [
    ['list, newest 25', ''],
    ['list, next page (cursor)', `?cursor=${deep}`],
    ['list, 100 a page', '?limit=100'],
    ['search: order number', `?q=${card.order_number}`],
    ['search: email', `?q=${encodeURIComponent(card.email.toUpperCase())}`],
    ['search: name', '?q=ndiaye'],
    ['search: rare name part', `?q=${encodeURIComponent('aïssatou.sy')}`],
    ['search: phone', `?q=${encodeURIComponent(card.phone)}`],
    ['search: mobile-money reference', `?q=${cinetpay.ref.toLowerCase()}`],
    ['search: PaymentIntent id', `?q=${card.intent}`],
    ['search: CinetPay transaction', `?q=${cinetpay.txn}`],
    ['search: no match', '?q=zzzqqq'],
    ['filter: status (rare)', '?status=pending_verification'],
    ['filter: method cinetpay', '?method=cinetpay'],
    ['filter: guide', `?guide=${guide}`],
    ['filter: language en', '?locale=en'],
    ['filter: one week', `?from=${day(-120)}&to=${day(-114)}`],
    [
      'filters together',
      `?status=completed&method=card&locale=fr&guide=${guide}&from=${day(-200)}&to=${day(-100)}`,
    ],
  ];
  const rows: (string | number)[][] = [];
  for (const [name, query] of values['export-only'] ? [] : cases) {
    for (let i = 0; i < 3; i++) await get(query);
    const ms: number[] = [];
    let found = 0;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      found = (await get(query)).total;
      ms.push(performance.now() - t0);
    }
    rows.push([
      name,
      found,
      median(ms).toFixed(1),
      percentile(ms, 95).toFixed(1),
      Math.max(...ms).toFixed(1),
    ]);
  }
  printTable(['case', 'matched (≤1000)', 'p50 ms', 'p95 ms', 'max ms'], rows);
  await exportAll(address);
  await app.close();
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Reads the whole export, discarding it, while sampling the process's RSS. */
async function exportAll(address: string) {
  const rss = sampleRss();
  const t0 = performance.now();
  const res = await fetch(`${address}/api/admin/orders/export`, { headers: { 'x-admin-key': ADMIN_KEY } });
  let bytes = 0;
  let lines = 0;
  const marks: string[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const b of chunk) {
      if (b !== 10) continue;
      lines++;
      if (lines % 250_000 === 0) marks.push(`${lines / 1000}k rows ${mb(process.memoryUsage().rss)}`);
    }
  }
  const { before, peak } = rss.stop();
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `CSV export of every order: ${lines - 1} rows, ${mb(bytes)} in ${seconds.toFixed(1)} s; ` +
      `RSS before ${mb(before)}, peak during ${mb(peak)} (+${mb(peak - before)}); along the way: ${marks.join(', ')}`,
  );
}

if (isMain(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

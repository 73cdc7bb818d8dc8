// Two instances of the shop on one PostgreSQL database against one.
//   npx tsx bench/multi-instance.ts [--duration 10] [--connections 50] [--rounds 2] [--checkouts 200]
//     [--concurrency 50] [--warmup 10] [--warm 10] [--encoding br|identity] [--no-bare] [--no-build]
//
// Set-up, as tests/e2e/multi-instance.e2e.ts and the README's "Running it in production" describe it:
// - PostgreSQL: DATABASE_URL if set (an empty database: the first instance migrates and seeds it),
//   else a throwaway PostgreSQL 15 cluster started here (initdb -A trust, fsync=off) and removed at the end;
// - one Stripe-compatible test server for every instance: the shop's Stripe fake in its own process
//   (bench/stripe-fake-child.ts), given to the shops as STRIPE_TEST_API_URL with its STRIPE_SECRET_KEY
//   and STRIPE_WEBHOOK_SECRET; its webhooks go round-robin to the instances being measured;
// - one file store: both instances get the same DATA_DIR (files/ and the .eml outbox on local disk,
//   which two processes on one machine can share; on several machines that is the S3 bucket);
// - the built server (bench/shop.ts: a private build, `node dist/server/main.js`, LOG_LEVEL=warn).
//
// Each round measures instance A alone, then A and B (B started on the same database, DATA_DIR and
// Stripe, stopped afterwards; a newly started instance first gets --warm s of load alone on each route,
// as a fresh process renders several times slower until V8 has optimised the code), then a bare node:http baseline (bench/bare-server.ts replaying the shop's
// recorded answers) as one and as two processes:
// 1. throughput: autocannon (in this process) on GET /api/travel-guides?locale=fr and on GET /, the same
//    total --connections, spread over the instances (autocannon gives connection i the URL i mod n),
//    --duration s each after a 2 s warm-up; every answer must be 2xx;
// 2. purchase flow: --checkouts card checkouts, --concurrency at a time (a pool), each
//    POST /api/create-payment-intent → POST /api/test-mode/confirm-payment (test card) →
//    POST /api/orders → GET /order-confirmation/{id} (the server-rendered order page). With two instances
//    every request goes to the next instance in turn (no sticky sessions), so an intent created through
//    one is confirmed and ordered through the other. Then every order is checked (GET /api/orders/{id}:
//    completed, that customer's) and the bench waits until the outbox has one email per order (the
//    delivery stamping would otherwise run into the next measurement).
// The machine's cores are shared by the load generator, PostgreSQL, the Stripe fake and the instances.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { spawnListening, startStripeFakeProcess, stopChild } from './child-process';
import {
  benchRequest,
  freePort,
  isMain,
  loadAverage,
  median,
  percentile,
  pool,
  prepareBuild,
  printTable,
  ROOT,
  type RunningShop,
  resultsDir,
  sleep,
  stamp,
  startShop,
  tail,
} from './shop';

const CATALOGUE = '/api/travel-guides?locale=fr';
const HOME = '/';
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const HOP_BY_HOP = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
const PG_BIN = '/usr/lib/postgresql/15/bin';
const CARD = '4242424242424242';
const MOBILE = '+225 07 00 00 00 00';

// ---------------------------------------------------------------- PostgreSQL

interface Postgres {
  url: string;
  description: string;
  stop(): void;
}

/** A throwaway cluster (PostgreSQL refuses root: it runs as the postgres user). */
async function startPostgres(): Promise<Postgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-pg-'));
  execFileSync('chown', ['postgres:postgres', dir]);
  const asPostgres = (args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let started = false;
  const stop = () => {
    if (started) {
      try {
        asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
      started = false;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  asPostgres([`${PG_BIN}/initdb`, '-D', `${dir}/data`, '-A', 'trust', '-U', 'postgres']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  asPostgres([`${PG_BIN}/pg_ctl`, '-D', `${dir}/data`, '-l', `${dir}/log`, '-o', options, '-w', 'start']);
  started = true;
  const version = execFileSync(`${PG_BIN}/postgres`, ['--version'], { encoding: 'utf8' }).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    description: `${version}, throwaway cluster (initdb -A trust; fsync=off, max_connections=200)`,
    stop,
  };
}

// ---------------------------------------------------------------- child processes

// ---------------------------------------------------------------- HTTP

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const request = (url: string, method: 'GET' | 'POST', body?: unknown, headers: Record<string, string> = {}) =>
  benchRequest(agent, url, method, body, headers);

// ---------------------------------------------------------------- throughput

interface Load {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerResponse: number;
}

async function load(
  urls: string[],
  headers: Record<string, string>,
  duration: number,
  connections: number,
): Promise<Load> {
  // autocannon takes several URLs (its types say one) and gives connection i the URL i mod n.
  const result = await autocannon({ url: urls as unknown as string, connections, duration, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

async function measure(
  bases: string[],
  pathname: string,
  headers: Record<string, string>,
  duration: number,
  connections: number,
): Promise<Load> {
  const urls = bases.map((base) => base + pathname);
  await load(urls, headers, 2, connections);
  return load(urls, headers, duration, connections);
}

/** Records one answer of the shop so that bench/bare-server.ts can replay it byte for byte. */
async function startBare(base: string, pathname: string, headers: Record<string, string>, dir: string) {
  const res = await request(base + pathname, 'GET', undefined, headers);
  if (res.status !== 200) throw new Error(`GET ${pathname} answered ${res.status}`);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!;
    if (!HOP_BY_HOP.has(name.toLowerCase())) pairs.push([name, res.rawHeaders[i + 1]!]);
  }
  const name = pathname === '/' ? 'home' : 'catalogue';
  const responseFile = path.join(dir, `${name}.json`);
  const bodyFile = path.join(dir, `${name}.bin`);
  await writeFile(responseFile, JSON.stringify({ status: res.status, headers: pairs, chunked: res.chunked }));
  await writeFile(bodyFile, res.bytes);
  const servers = await Promise.all(
    [1, 2].map(() =>
      spawnListening([path.join(ROOT, 'bench', 'bare-server.ts'), responseFile, bodyFile], process.env),
    ),
  );
  return { servers, bytes: res.bytes.length };
}

// ---------------------------------------------------------------- purchase flow

interface Guide {
  id: string;
  price: string;
}

interface Timed {
  intentMs: number;
  confirmMs: number;
  orderMs: number;
  pageMs: number;
  totalMs: number;
}

interface Outcome {
  email: string;
  orderId?: string;
  timing?: Timed;
  /** Which instance answered each step (index into the instances). */
  via?: number[];
  error?: string;
}

const cents = (price: string) => Math.round(Number(price) * 100);

/** Round-robin over the instances, request by request, as a load balancer without sticky sessions. */
function balancer(bases: string[]) {
  let next = 0;
  return () => {
    const index = next++ % bases.length;
    return { index, base: bases[index]! };
  };
}

async function checkout(
  pick: ReturnType<typeof balancer>,
  email: string,
  i: number,
  paid: Guide[],
): Promise<Outcome> {
  const guides =
    i % 3 === 0 && paid.length > 1
      ? [paid[i % paid.length]!, paid[(i + 1) % paid.length]!]
      : [paid[i % paid.length]!];
  const items = guides.map((g) => ({ id: g.id, quantity: 1 }));
  const total = guides.reduce((n, g) => n + cents(g.price), 0) / 100;
  const person = { email, firstName: 'Awa', lastName: `Diop ${i}`, mobile: MOBILE };
  const outcome: Outcome = { email, via: [] };
  const step = async (name: string, method: 'GET' | 'POST', pathname: string, body?: unknown) => {
    const { index, base } = pick();
    outcome.via!.push(index);
    const res = await request(base + pathname, method, body);
    if (res.status < 200 || res.status > 299)
      throw new Error(`${name}: ${res.status} ${res.text.slice(0, 200)}`);
    return res.text;
  };
  try {
    const t0 = performance.now();
    const intent = JSON.parse(
      await step('create-payment-intent', 'POST', '/api/create-payment-intent', {
        amount: total,
        items,
        customer: person,
        locale: 'fr',
      }),
    ) as { paymentIntentId: string; clientSecret: string | null };
    const t1 = performance.now();
    await step('confirm-payment', 'POST', '/api/test-mode/confirm-payment', {
      paymentIntentId: intent.paymentIntentId,
      cardNumber: CARD,
    });
    const t2 = performance.now();
    const order = JSON.parse(
      await step('orders', 'POST', '/api/orders', {
        paymentIntentId: intent.paymentIntentId,
        // As the checkout page does: only the browser holding the intent's secret is shown the order.
        clientSecret: intent.clientSecret ?? undefined,
        ...person,
        items,
        total,
        locale: 'fr',
      }),
    ) as { id: string };
    const t3 = performance.now();
    const page = await step('order page', 'GET', `/order-confirmation/${encodeURIComponent(order.id)}`);
    const t4 = performance.now();
    if (!page.includes('<html')) throw new Error('order page: not an HTML page');
    outcome.orderId = order.id;
    outcome.timing = {
      intentMs: t1 - t0,
      confirmMs: t2 - t1,
      orderMs: t3 - t2,
      pageMs: t4 - t3,
      totalMs: t4 - t0,
    };
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}

async function outboxRecipients(dir: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const text = await readFile(path.join(dir, name), 'utf8').catch(() => '');
    const to = /^To: (.+)$/m.exec(text)?.[1]?.trim().replace(/^<|>$/g, '');
    if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

interface StepStats {
  p50: number;
  p99: number;
  max: number;
}

interface FlowResult {
  checkouts: number;
  concurrency: number;
  wallMs: number;
  perSecond: number;
  steps: Record<keyof Timed, StepStats>;
  errors: string[];
  distinctOrders: number;
  crossInstance: number;
  delivered: number;
  expectedEmails: number;
  duplicates: number;
  drainS: number;
  problems: string[];
}

async function purchaseFlow(
  bases: string[],
  outbox: string,
  options: { checkouts: number; concurrency: number; warmup: number; tag: string; drainTimeoutMs: number },
): Promise<FlowResult> {
  const catalogue = JSON.parse((await request(bases[0] + CATALOGUE, 'GET')).text) as Guide[];
  const paid = catalogue.filter((g) => cents(g.price) > 0);
  if (!paid.length) throw new Error('No paid French guide');
  const pick = balancer(bases);
  const emailOf = (kind: string, i: number) => `bench-${options.tag}-${kind}-${i}@example.com`;
  const warm: Outcome[] = [];
  for (let i = 0; i < options.warmup; i++) warm.push(await checkout(pick, emailOf('w', i), i, paid));
  const warmError = warm.find((o) => o.error);
  if (warmError) throw new Error(`Warm-up checkout failed: ${warmError.error}`);

  const outcomes: Outcome[] = [];
  const started = performance.now();
  await pool(options.checkouts, options.concurrency, async (i) => {
    outcomes[i] = await checkout(pick, emailOf('c', i), i, paid);
  });
  const wallMs = performance.now() - started;
  const problems: string[] = [];
  const errors = outcomes.flatMap((o) => (o.error ? [o.error] : []));
  if (errors.length) problems.push(`${errors.length} failed checkouts (first: ${errors[0]})`);

  // Every order completed, for its customer, whichever instance is asked.
  const ids = new Set<string>();
  const verifier = balancer(bases);
  await pool(outcomes.length, 8, async (i) => {
    const o = outcomes[i]!;
    if (!o.orderId) return;
    const res = await request(`${verifier().base}/api/orders/${encodeURIComponent(o.orderId)}`, 'GET');
    const order =
      res.status === 200 ? (JSON.parse(res.text) as { status: string; email: string }) : undefined;
    if (order?.status !== 'completed' || order.email !== o.email)
      problems.push(`order ${o.orderId}: ${res.status} ${order?.status ?? ''}`);
    else ids.add(o.orderId);
  });
  if (ids.size !== options.checkouts)
    problems.push(`${ids.size} distinct completed orders for ${options.checkouts}`);

  // One delivery email per order (the outbox workers of every instance share the jobs).
  const expected = new Set([...warm, ...outcomes].filter((o) => o.orderId).map((o) => o.email));
  const drainStarted = performance.now();
  let recipients = new Map<string, number>();
  let delivered = 0;
  for (;;) {
    recipients = await outboxRecipients(outbox);
    delivered = [...expected].filter((email) => recipients.has(email)).length;
    if (delivered === expected.size || performance.now() - drainStarted > options.drainTimeoutMs) break;
    await sleep(1000);
  }
  await sleep(1500);
  recipients = await outboxRecipients(outbox);
  const drainS = (performance.now() - drainStarted) / 1000;
  const duplicates = [...expected].filter((email) => (recipients.get(email) ?? 0) > 1).length;
  if (delivered < expected.size) problems.push(`${delivered} of ${expected.size} delivery emails`);
  if (duplicates) problems.push(`${duplicates} customers got two delivery emails`);

  const stat = (pickMs: (t: Timed) => number): StepStats => {
    const values = outcomes.flatMap((o) => (o.timing ? [pickMs(o.timing)] : []));
    return { p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) };
  };
  const ok = outcomes.filter((o) => !o.error).length;
  return {
    checkouts: options.checkouts,
    concurrency: options.concurrency,
    wallMs,
    perSecond: (ok / wallMs) * 1000,
    steps: {
      intentMs: stat((t) => t.intentMs),
      confirmMs: stat((t) => t.confirmMs),
      orderMs: stat((t) => t.orderMs),
      pageMs: stat((t) => t.pageMs),
      totalMs: stat((t) => t.totalMs),
    },
    errors,
    distinctOrders: ids.size,
    crossInstance: outcomes.filter((o) => o.via && new Set(o.via).size > 1).length,
    delivered,
    expectedEmails: expected.size,
    duplicates,
    drainS,
    problems,
  };
}

// ---------------------------------------------------------------- the benchmark

interface ThroughputRow {
  round: number;
  route: string;
  server: 'shop' | 'bare';
  instances: number;
  load: Load;
}

export async function runMultiInstance(
  options: {
    duration?: number;
    connections?: number;
    rounds?: number;
    checkouts?: number;
    concurrency?: number;
    warmup?: number;
    /** Seconds of load on each route of a freshly started instance, alone, before it is measured. */
    warm?: number;
    encoding?: 'br' | 'identity';
    bare?: boolean;
    build?: boolean;
    drainTimeoutS?: number;
  } = {},
) {
  const duration = options.duration ?? 10;
  const connections = options.connections ?? 50;
  const rounds = options.rounds ?? 2;
  const checkouts = options.checkouts ?? 200;
  const concurrency = options.concurrency ?? 50;
  const warmup = options.warmup ?? 10;
  const warm = options.warm ?? 10;
  const encoding = options.encoding ?? 'br';
  const headers: Record<string, string> =
    encoding === 'br' ? { 'accept-encoding': BROWSER_ACCEPT_ENCODING } : {};
  const drainTimeoutMs = (options.drainTimeoutS ?? 180) * 1000;
  const build = process.env.BENCH_BUILD_DIR
    ? await prepareBuild()
    : await prepareBuild({ build: options.build === false ? false : 'private' });

  const givenUrl = process.env.DATABASE_URL;
  const postgres: Postgres = givenUrl
    ? { url: givenUrl, description: 'DATABASE_URL (given)', stop: () => {} }
    : await startPostgres();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-multi-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const bareDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-multi-bare-'));
  process.once('exit', () => rmSync(bareDir, { recursive: true, force: true }));
  const stripe = await startStripeFakeProcess();
  const shopEnv = {
    DATABASE_URL: postgres.url,
    ...stripe.env,
    ADMIN_API_KEY: `bench-admin-${randomBytes(12).toString('hex')}`,
    // Every checkout comes from 127.0.0.1: lift the per-client order limits (a shopper's, not a load test's).
    ORDER_RATE_LIMIT_PER_HOUR: '1000000',
    FREE_ORDERS_PER_CLIENT_PER_DAY: '1000000',
  };
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`;
  const throughput: ThroughputRow[] = [];
  const flows: Array<{ round: number; instances: number; result: FlowResult }> = [];
  const problems: string[] = [];
  const loads: string[] = [loadAverage()];
  const runStamp = stamp();
  let a: RunningShop | undefined;
  let b: RunningShop | undefined;
  const setWebhooks = (shops: RunningShop[]) => stripe.setWebhooks(shops.map((s) => s.url));
  const note = (row: ThroughputRow) => {
    throughput.push(row);
    const l = row.load;
    console.log(
      `  ${row.route} ${row.server} ×${row.instances}: ${Math.round(l.rps)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms` +
        `${l.non2xx || l.errors || l.timeouts ? `  (${l.non2xx} non-2xx, ${l.errors} errors, ${l.timeouts} timeouts)` : ''}`,
    );
    if (row.server === 'shop' && (l.non2xx || l.errors))
      problems.push(`${row.route} ×${row.instances}: errors`);
  };
  // A fresh process renders pages several times slower until V8 has optimised the code: a new instance
  // gets --warm seconds of each route alone (half the connections, its share later) before it counts.
  const warmUp = async (shop: RunningShop) => {
    if (warm <= 0) return;
    for (const pathname of [CATALOGUE, HOME])
      await load([shop.url + pathname], headers, warm, Math.max(1, Math.round(connections / 2)));
  };
  const phase = async (round: number, shops: RunningShop[]) => {
    const bases = shops.map((s) => s.url);
    await setWebhooks(shops);
    console.log(`\n[round ${round}] ${shops.length} instance(s), load average ${loadAverage()}`);
    for (const [route, pathname] of [
      ['catalogue', CATALOGUE],
      ['home', HOME],
    ] as const) {
      const l = await measure(bases, pathname, headers, duration, connections);
      note({ round, route, server: 'shop', instances: shops.length, load: l });
    }
    const result = await purchaseFlow(bases, path.join(dataDir, 'outbox'), {
      checkouts,
      concurrency,
      warmup,
      tag: `${runStamp.replace(/[^0-9]/g, '').slice(4)}r${round}i${shops.length}`,
      drainTimeoutMs,
    });
    flows.push({ round, instances: shops.length, result });
    problems.push(...result.problems.map((p) => `round ${round}, ${shops.length} instance(s): ${p}`));
    const s = result.steps;
    console.log(
      `  purchase flow: ${result.checkouts - result.errors.length}/${result.checkouts} checkouts, ${result.perSecond.toFixed(1)}/s; ` +
        `whole p50 ${Math.round(s.totalMs.p50)} ms, p99 ${Math.round(s.totalMs.p99)} ms; ` +
        `${result.crossInstance} went through both instances; ${result.delivered}/${result.expectedEmails} emails ` +
        `(${result.duplicates} twice) ${result.drainS.toFixed(0)} s after the last order`,
    );
  };

  try {
    console.log(
      `Machine: ${machine}; Node ${process.version}; load average ${loadAverage()}\n` +
        `Build: ${build.built ? 'private build' : 'copy of dist/'} (${build.builtAt}), git ${build.gitHead}` +
        `${build.gitStatus.length ? ` + ${build.gitStatus.length} uncommitted change(s)` : ''}\n` +
        `Database: ${postgres.description}\nStripe fake: 127.0.0.1:${stripe.port} (own process); shared DATA_DIR ${dataDir}\n` +
        `Load: autocannon, ${connections} connections in all, ${duration} s after a 2 s warm-up, accept-encoding ` +
        `${headers['accept-encoding'] ?? '(none)'}; purchase flow ${checkouts} checkouts, ${concurrency} at a time`,
    );
    a = await startShop({ dataDir, env: shopEnv });
    console.log(
      `Instance A ready after ${(a.readyAfterMs / 1000).toFixed(1)} s (migrated and seeded the database)`,
    );
    await warmUp(a);
    for (let round = 1; round <= rounds; round++) {
      await phase(round, [a]);
      b = await startShop({ dataDir, env: shopEnv });
      console.log(`Instance B ready after ${(b.readyAfterMs / 1000).toFixed(1)} s`);
      await warmUp(b);
      await phase(round, [a, b]);
      await setWebhooks([a]);
      const code = await b.stop();
      if (code !== 0) problems.push(`instance B exited with ${code}`);
      b = undefined;
      if (options.bare !== false) {
        console.log(`\n[round ${round}] bare node:http, the same bytes, load average ${loadAverage()}`);
        for (const [route, pathname] of [
          ['catalogue', CATALOGUE],
          ['home', HOME],
        ] as const) {
          const bare = await startBare(a.url, pathname, headers, bareDir);
          try {
            const bases = bare.servers.map((s) => `http://127.0.0.1:${s.port}`);
            for (const n of [1, 2]) {
              const l = await measure(bases.slice(0, n), pathname, headers, duration, connections);
              note({ round, route, server: 'bare', instances: n, load: l });
            }
          } finally {
            await Promise.all(bare.servers.map((s) => stopChild(s.child)));
          }
        }
      }
      loads.push(loadAverage());
    }
  } finally {
    if (b) await b.stop();
    if (a) {
      const code = await a.stop();
      if (code !== 0) problems.push(`instance A exited with ${code}:\n${tail(a.logs())}`);
    }
    const webhooks = await stripe.stats().catch(() => undefined);
    if (webhooks) console.log(`\nWebhook deliveries: ${webhooks.ok} ok, ${webhooks.failed} failed attempts`);
    await stripe.stop();
    postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(bareDir, { recursive: true, force: true });
  }

  // ------------------------------------------------------------ summary
  console.log('\nThroughput (req/s; p50 / p99 ms)');
  const rowsFor = (route: string, server: string, n: number) =>
    throughput.filter((r) => r.route === route && r.server === server && r.instances === n);
  const summary: Array<Array<string | number>> = [];
  const ratios: Record<string, number> = {};
  for (const route of ['catalogue', 'home']) {
    for (const server of ['shop', 'bare']) {
      const one = rowsFor(route, server, 1);
      const two = rowsFor(route, server, 2);
      if (!one.length) continue;
      const rps1 = median(one.map((r) => r.load.rps));
      const rps2 = median(two.map((r) => r.load.rps));
      ratios[`${route}/${server}`] = rps2 / rps1;
      summary.push([
        route,
        server,
        one.map((r) => Math.round(r.load.rps)).join(', '),
        one.map((r) => `${r.load.p50}/${r.load.p99}`).join(', '),
        two.map((r) => Math.round(r.load.rps)).join(', '),
        two.map((r) => `${r.load.p50}/${r.load.p99}`).join(', '),
        (rps2 / rps1).toFixed(2),
      ]);
    }
  }
  printTable(
    ['route', 'server', '×1 req/s', '×1 p50/p99', '×2 req/s', '×2 p50/p99', '×2/×1 (medians)'],
    summary,
  );
  console.log('\nPurchase flow (ms, p50 / p99 over the measured checkouts)');
  printTable(
    ['round', 'instances', 'intent', 'confirm', 'orders', 'order page', 'whole', 'checkouts/s', 'errors'],
    flows.map(({ round, instances, result: r }) => [
      round,
      instances,
      `${Math.round(r.steps.intentMs.p50)} / ${Math.round(r.steps.intentMs.p99)}`,
      `${Math.round(r.steps.confirmMs.p50)} / ${Math.round(r.steps.confirmMs.p99)}`,
      `${Math.round(r.steps.orderMs.p50)} / ${Math.round(r.steps.orderMs.p99)}`,
      `${Math.round(r.steps.pageMs.p50)} / ${Math.round(r.steps.pageMs.p99)}`,
      `${Math.round(r.steps.totalMs.p50)} / ${Math.round(r.steps.totalMs.p99)}`,
      r.perSecond.toFixed(1),
      r.errors.length,
    ]),
  );
  const file = path.join(await resultsDir(), `multi-instance-${runStamp}.json`);
  await writeFile(
    file,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine,
        node: process.version,
        build: { builtAt: build.builtAt, gitHead: build.gitHead, uncommitted: build.gitStatus.length },
        database: postgres.description,
        loadAverage: loads,
        options: { duration, connections, rounds, checkouts, concurrency, warmup, warm, encoding },
        ratios,
        throughput,
        flows,
        problems,
      },
      null,
      2,
    ),
  );
  console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  if (problems.length) console.log(`FAILED:\n  ${problems.join('\n  ')}`);
  else console.log('OK: every answer 2xx, one completed order per checkout, one delivery email per order.');
  return { ok: problems.length === 0, ratios };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '2' },
      checkouts: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '10' },
      warm: { type: 'string', default: '10' },
      encoding: { type: 'string', default: 'br' },
      'no-bare': { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      'drain-timeout': { type: 'string', default: '180' },
    },
  });
  if (values.encoding !== 'br' && values.encoding !== 'identity') throw new Error('--encoding br|identity');
  if (!existsSync(PG_BIN) && !process.env.DATABASE_URL) throw new Error(`No ${PG_BIN}: set DATABASE_URL`);
  const { ok } = await runMultiInstance({
    duration: Number(values.duration),
    connections: Number(values.connections),
    rounds: Number(values.rounds),
    checkouts: Number(values.checkouts),
    concurrency: Number(values.concurrency),
    warmup: Number(values.warmup),
    warm: Number(values.warm),
    encoding: values.encoding,
    bare: !values['no-bare'],
    build: !values['no-build'],
    drainTimeoutS: Number(values['drain-timeout']),
  });
  process.exitCode = ok ? 0 : 1;
}

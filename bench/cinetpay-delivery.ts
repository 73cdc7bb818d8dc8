// Automatic mobile money: time from the provider's confirmation to the delivery email
// written to the outbox, p50 / p99 over `--payments` payments, one at a time and then several in flight.
//   npx tsx bench/cinetpay-delivery.ts [--payments 100] [--concurrency 1,10] [--warmup 5] [--no-build]
//     [--drain-timeout 120] [--shop-log-level info]
//
// Starts the built shop as a process (bench/shop.ts) with the three CINETPAY_* keys set and
// CINETPAY_API_URL pointing at the CinetPay fake (src/server/adapters/mobile-money/cinetpay-fake.ts),
// which runs inside this process on 127.0.0.1. No SMTP: the shop writes each email as a .eml file in
// DATA_DIR/outbox (under a temporary name, then renamed, so a .eml that appears is complete).
// The notify_url the shop gives the fake is its own loopback address (no PUBLIC_URL: the shop derives
// it from the socket it listens on, HOST=127.0.0.1).
//
// Each payment, with its own customer (distinct email), one paid guide (two for every third):
//   not timed: POST /api/create-djamo-order {email, firstName, lastName, mobile, items, total, locale}
//              POST /api/orders/{publicId}/mobile-money/checkout → the fake now holds the transaction
//              (found by its return_url, …/api/cinetpay/return/{publicId})
//   t0:        fake.settle(tx, 'ACCEPTED') then fake.deliverNotification(tx): the signed form POST to
//              the shop's notify_url; the shop checks the status with the fake, completes the order
//              and queues the delivery job in one transaction, then answers
//   tN:        the notification's answer (must be 200)
//   t1:        the delivery email for that order is in the outbox: a .eml addressed to that customer
//              that names the order number (seen through fs.watch on the outbox, with a 250 ms
//              directory scan as a safety net; the table says how many each found)
// Reported: t0→t1 (the headline figure), t0→tN, tN→t1; p50 and p99 (nearest rank), max, mean.
// Also the file's own mtime − t0 (wall clock), to show the watcher adds nothing.
// `--concurrency 1,10` runs the payments once sequentially (the headline) and once 10 at a time (a
// pool: a new payment starts when one has its email), on the same shop. `--warmup` sequential
// payments come first and are not counted.
//
// Checks (exit 1 otherwise): every answer 2xx, every notification answered 200, every order
// `completed` (GET /api/orders/{publicId}), exactly one delivery .eml per order (and 2 s more
// without a second one), no other .eml to these customers.
//
// Database: PGlite in the fresh data folder, the default; with DATABASE_URL set, the shop runs on that
// (empty) PostgreSQL database, as in bench/order-creation.ts.
// Build: standalone, the current sources are built into a private folder; --no-build runs a copy
// of dist/ as it is (which must include the CinetPay routes); under bench/index.ts, that run's build.
import { randomBytes } from 'node:crypto';
import { type FSWatcher, rmSync, watch } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type CinetPayFake, startCinetPayFake } from '../src/server/adapters/mobile-money/cinetpay-fake';
import { pgliteExtensions } from '../src/server/db/client';
import {
  benchRequest,
  isMain,
  loadAverage,
  percentile,
  pool,
  prepareBuild,
  printTable,
  type RunningShop,
  resultsDir,
  sleep,
  stamp,
  startShop,
} from './shop';

const KEYS = { apiKey: 'bench-cp-api-key', siteId: '105890', secretKey: 'bench-cp-secret-key' };
const MOBILE = '+225 07 00 00 00 00';

interface Guide {
  id: string;
  price: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const request = (url: string, method: 'GET' | 'POST', body?: unknown) =>
  benchRequest(agent, url, method, body);

async function call<T>(url: string, method: 'GET' | 'POST', step: string, body?: unknown): Promise<T> {
  const res = await request(url, method, body);
  if (res.status < 200 || res.status > 299)
    throw new Error(`${step}: ${res.status} ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text) as T;
}

const cents = (price: string) => Math.round(Number(price) * 100);

/** A delivery email seen in the outbox. */
interface Mail {
  file: string;
  to: string;
  text: string;
  /** performance.now() when this process saw it. */
  seenAt: number;
  /** The file's mtime (Date.now() scale): when the shop wrote it. */
  mtimeMs: number;
  via: 'watch' | 'scan';
}

/**
 * Watches DATA_DIR/outbox: every new .eml is read once, keyed by its To: address; waiters for an
 * address are resolved at once. The mailer renames a complete `.partial` file to `.eml`, so reading
 * on the rename event reads a whole message (a message that does not parse yet is retried).
 */
export class OutboxWatcher {
  readonly byRecipient = new Map<string, Mail[]>();
  readonly seen = new Set<string>();
  readonly foundBy = { watch: 0, scan: 0 };
  private readonly waiters = new Map<string, (mail: Mail) => void>();
  private watcher: FSWatcher | undefined;
  private scanTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Set<string>();

  constructor(readonly dir: string) {}

  async start(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    this.watcher = watch(this.dir, (_event, name) => {
      if (name?.endsWith('.eml')) void this.consider(String(name), 'watch');
    });
    const scan = async () => {
      try {
        for (const name of await readdir(this.dir))
          if (name.endsWith('.eml')) await this.consider(name, 'scan');
      } catch {
        // the folder is read again next time
      }
      this.scanTimer = setTimeout(scan, 250);
    };
    this.scanTimer = setTimeout(scan, 250);
  }

  stop(): void {
    this.watcher?.close();
    clearTimeout(this.scanTimer);
  }

  private async consider(name: string, via: 'watch' | 'scan'): Promise<void> {
    if (this.seen.has(name) || this.pending.has(name)) return;
    this.pending.add(name);
    const seenAt = performance.now();
    try {
      const file = path.join(this.dir, name);
      for (let attempt = 0; attempt < 50; attempt++) {
        const text = await readFile(file, 'utf8').catch(() => '');
        const to = /^To: (.+)$/m.exec(text)?.[1]?.trim().replace(/^<|>$/g, '');
        if (to && /\r?\n\r?\n/.test(text)) {
          this.seen.add(name);
          // "How to pay" goes out when its job runs before the payment is confirmed:
          // not a delivery, so neither counted nor waited for.
          if (/^Subject: (Comment payer|How to pay)/m.test(text)) return;
          const { mtimeMs } = await stat(file);
          const mail: Mail = { file: name, to, text, seenAt, mtimeMs, via };
          this.seen.add(name);
          this.foundBy[via]++;
          const list = this.byRecipient.get(to) ?? [];
          list.push(mail);
          this.byRecipient.set(to, list);
          const waiter = this.waiters.get(to);
          if (waiter) {
            this.waiters.delete(to);
            waiter(mail);
          }
          return;
        }
        await sleep(5);
      }
    } finally {
      this.pending.delete(name);
    }
  }

  /** Resolves with the first email to this address (already seen or still to come). */
  waitFor(to: string, timeoutMs: number): Promise<Mail> {
    const already = this.byRecipient.get(to)?.[0];
    if (already) return Promise.resolve(already);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(to);
        reject(new Error(`no email to ${to} after ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.set(to, (mail) => {
        clearTimeout(timer);
        resolve(mail);
      });
    });
  }
}

interface Payment {
  email: string;
  publicId?: string;
  orderNumber?: string;
  transactionId?: string;
  /** t0 → notification answered, notification answered → email seen, t0 → email seen (ms). */
  notifyMs?: number;
  afterNotifyMs?: number;
  totalMs?: number;
  /** The email file's mtime − t0 on the wall clock (ms). */
  writtenMs?: number;
  /** Date.now() at t0. */
  wall0?: number;
  /** From the jobs table after the run: the delivery job's created_at (the completing transaction's
   * start) and finished_at, as Date.now() values. */
  jobCreatedMs?: number;
  jobFinishedMs?: number;
  jobAttempts?: number;
  /** The email file's mtime (Date.now() scale). */
  mailMtimeMs?: number;
  /** Untimed preparation: order + checkout (ms). */
  prepareMs?: number;
  notifyStatus?: number;
  startMs?: number;
  error?: string;
}

/** QP soft line breaks removed, so an order number split across lines is found. */
const unfold = (text: string) => text.replace(/=\r?\n/g, '');

async function pay(
  shop: RunningShop,
  fake: CinetPayFake,
  outbox: OutboxWatcher,
  tag: string,
  i: number,
  guides: Guide[],
  epoch: number,
  timeoutMs: number,
): Promise<Payment> {
  const email = `bench-cp-${tag}-${i}@example.com`;
  const payment: Payment = { email };
  const picked =
    i % 3 === 0 && guides.length > 1
      ? [guides[i % guides.length]!, guides[(i + 1) % guides.length]!]
      : [guides[i % guides.length]!];
  try {
    const prepared = performance.now();
    const placed = await call<{
      order: { id: string; orderNumber: string };
      automaticPayment: { checkoutUrl: string } | null;
    }>(`${shop.url}/api/create-djamo-order`, 'POST', 'create-djamo-order', {
      email,
      firstName: 'Awa',
      lastName: `Koné ${i}`,
      mobile: MOBILE,
      items: picked.map((g) => ({ id: g.id, quantity: 1 })),
      total: picked.reduce((n, g) => n + cents(g.price), 0) / 100,
      locale: 'fr',
    });
    payment.publicId = placed.order.id;
    payment.orderNumber = placed.order.orderNumber;
    if (!placed.automaticPayment)
      throw new Error('create-djamo-order: no automaticPayment (CinetPay not configured?)');
    await call(`${shop.url}${placed.automaticPayment.checkoutUrl}`, 'POST', 'mobile-money/checkout');
    const suffix = `/api/cinetpay/return/${placed.order.id}`;
    const tx = [...fake.transactions.values()].find((t) => t.returnUrl.endsWith(suffix));
    if (!tx) throw new Error(`checkout: the fake has no transaction for order ${placed.order.orderNumber}`);
    payment.transactionId = tx.transactionId;
    payment.prepareMs = performance.now() - prepared;

    // The provider's confirmation.
    const mail = outbox.waitFor(email, timeoutMs);
    mail.catch(() => undefined);
    const t0 = performance.now();
    const wall0 = Date.now();
    payment.startMs = t0 - epoch;
    fake.settle(tx.transactionId, 'ACCEPTED');
    payment.notifyStatus = await fake.deliverNotification(tx.transactionId);
    const tN = performance.now();
    payment.notifyMs = tN - t0;
    if (payment.notifyStatus !== 200) throw new Error(`notification: answered ${payment.notifyStatus}`);
    const delivered = await mail;
    const t1 = Math.max(delivered.seenAt, tN);
    payment.afterNotifyMs = t1 - tN;
    payment.totalMs = delivered.seenAt - t0;
    payment.writtenMs = delivered.mtimeMs - wall0;
    payment.wall0 = wall0;
    payment.mailMtimeMs = delivered.mtimeMs;
    if (!unfold(delivered.text).includes(placed.order.orderNumber))
      throw new Error(
        `email to ${email} (${delivered.file}) does not name order ${placed.order.orderNumber}`,
      );
  } catch (error) {
    payment.error = error instanceof Error ? error.message : String(error);
  }
  return payment;
}

/**
 * The delivery jobs' timestamps, read from the database after the shop stopped: created_at is now()
 * of the transaction that completed the order and queued the job; finished_at is set once the
 * handler (stamping, then the email) returned.
 */
async function deliveryJobTimes(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<Map<string, { created: number; finished: number | null; attempts: number }>> {
  const query = `select o.order_number as "orderNumber",
      (extract(epoch from j.created_at) * 1000)::float8 as created,
      (extract(epoch from j.finished_at) * 1000)::float8 as finished, j.attempts
    from jobs j join orders o on o.id::text = j.payload->>'orderId' where j.kind = 'deliver-order'`;
  type Row = { orderNumber: string; created: number; finished: number | null; attempts: number };
  let rows: Row[];
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      rows = (await client.query<Row>(query)).rows;
    } finally {
      await client.end();
    }
  } else {
    const client = new PGlite({ dataDir: path.join(dataDir, 'db'), extensions: pgliteExtensions });
    await client.waitReady;
    try {
      rows = (await client.query<Row>(query)).rows;
    } finally {
      await client.close();
    }
  }
  return new Map(
    rows.map((r) => [
      r.orderNumber,
      {
        created: Number(r.created),
        finished: r.finished === null ? null : Number(r.finished),
        attempts: r.attempts,
      },
    ]),
  );
}

function summary(values: number[]) {
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : NaN,
    mean: values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN,
    min: values.length ? Math.min(...values) : NaN,
  };
}

function statsOf(payments: Payment[]) {
  const ok = payments.filter((p) => !p.error && p.totalMs !== undefined);
  return {
    total: summary(ok.map((p) => p.totalMs!)),
    notify: summary(ok.map((p) => p.notifyMs!)),
    afterNotify: summary(ok.map((p) => p.afterNotifyMs!)),
    written: summary(ok.map((p) => p.writtenMs!)),
    prepare: summary(ok.map((p) => p.prepareMs!)),
    toJobCreated: summary(ok.flatMap((p) => (p.jobCreatedMs ? [p.jobCreatedMs - p.wall0!] : []))),
    jobCreatedToMail: summary(ok.flatMap((p) => (p.jobCreatedMs ? [p.mailMtimeMs! - p.jobCreatedMs] : []))),
    mailToJobDone: summary(ok.flatMap((p) => (p.jobFinishedMs ? [p.jobFinishedMs - p.mailMtimeMs!] : []))),
  };
}

export async function runCinetPayDelivery(
  options: {
    payments?: number;
    concurrency?: number[];
    warmup?: number;
    build?: boolean;
    drainTimeoutS?: number;
    shopLogLevel?: string;
  } = {},
) {
  const count = options.payments ?? 100;
  const concurrencies = options.concurrency ?? [1, 10];
  const warmup = options.warmup ?? 5;
  const timeoutMs = (options.drainTimeoutS ?? 120) * 1000;
  if (!process.env.BENCH_BUILD_DIR)
    await prepareBuild({ build: options.build === false ? false : 'private' });
  const build = await prepareBuild();
  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl
    ? `PostgreSQL (DATABASE_URL ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')})`
    : 'PGlite (fresh data folder)';
  const fake = await startCinetPayFake(KEYS);
  // Our own data folder, kept until the jobs table has been read after the shop stopped.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-cinetpay-'));
  process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const shop: RunningShop = await startShop({
    dataDir,
    env: {
      CINETPAY_API_KEY: KEYS.apiKey,
      CINETPAY_SITE_ID: KEYS.siteId,
      CINETPAY_SECRET_KEY: KEYS.secretKey,
      CINETPAY_API_URL: fake.url,
      // Every order comes from 127.0.0.1: lift the per-client order limit (a shopper's, not a load test's).
      ORDER_RATE_LIMIT_PER_HOUR: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(options.shopLogLevel ? { LOG_LEVEL: options.shopLogLevel } : {}),
    },
  });
  const runStamp = stamp();
  const tag = `${stamp()
    .replace(/[^0-9]/g, '')
    .slice(4)}${randomBytes(2).toString('hex')}`;
  const outbox = new OutboxWatcher(path.join(shop.dataDir, 'outbox'));
  await outbox.start();
  const problems: string[] = [];
  const loadBefore = loadAverage();
  const runs: Array<{
    concurrency: number;
    wallMs: number;
    loadAfter: string;
    payments: Payment[];
  }> = [];
  let stopped = false;
  const stopShop = async () => {
    if (stopped) return;
    stopped = true;
    outbox.stop();
    const code = await shop.stop();
    if (code !== 0) problems.push(`the shop exited with ${code} on SIGTERM`);
  };
  const all: Payment[] = [];
  try {
    const catalogue = (await (await fetch(`${shop.url}/api/travel-guides?locale=fr`)).json()) as Guide[];
    const paid = catalogue.filter((g) => cents(g.price) > 0);
    if (paid.length === 0) throw new Error('No paid French guide in the catalogue');
    console.log(
      `Shop ${shop.url} (CinetPay fake ${fake.url}), ${database}; ready after ${(shop.readyAfterMs / 1000).toFixed(1)} s; ` +
        `build ${build.builtAt}${build.gitHead ? ` (git ${build.gitHead})` : ''}; ${paid.length} paid guides; load average ${loadBefore}`,
    );

    const warm: Payment[] = [];
    for (let i = 0; i < warmup; i++) {
      warm.push(await pay(shop, fake, outbox, `${tag}w`, i, paid, performance.now(), timeoutMs));
    }
    all.push(...warm);
    const warmError = warm.find((p) => p.error);
    if (warmError) throw new Error(`Warm-up payment failed: ${warmError.error}`);
    console.log(`${warmup} warm-up payments: ${warm.map((p) => Math.round(p.totalMs!)).join(', ')} ms`);

    for (const concurrency of concurrencies) {
      console.log(`\n${count} payments, ${concurrency} at a time…`);
      const payments: Payment[] = [];
      const started = performance.now();
      await pool(count, concurrency, async (i) => {
        payments[i] = await pay(shop, fake, outbox, `${tag}c${concurrency}`, i, paid, started, timeoutMs);
      });
      const wallMs = performance.now() - started;
      all.push(...payments);
      runs.push({ concurrency, wallMs, loadAfter: loadAverage(), payments });
      const errors = payments.filter((p) => p.error);
      if (errors.length) {
        problems.push(`${errors.length} failed payments at concurrency ${concurrency}`);
        for (const p of errors.slice(0, 5)) console.log(`  error: ${p.error}`);
      }
    }

    console.log('\nVerifying every order with GET /api/orders/{publicId}…');
    let completed = 0;
    await pool(all.length, 8, async (i) => {
      const p = all[i]!;
      if (!p.publicId) return;
      const res = await request(`${shop.url}/api/orders/${encodeURIComponent(p.publicId)}`, 'GET');
      if (res.status !== 200) {
        problems.push(`GET /api/orders/${p.publicId}: ${res.status}`);
        return;
      }
      const order = JSON.parse(res.text) as { status: string; email: string; orderNumber: string };
      if (order.status !== 'completed') problems.push(`order ${order.orderNumber} is ${order.status}`);
      else if (order.email !== p.email) problems.push(`order ${order.orderNumber} is ${order.email}'s`);
      else completed++;
    });
    // A moment more, so that a second email to anyone would show up too.
    await sleep(2000);
    const expected = all.filter((p) => p.publicId);
    const duplicates = expected.filter((p) => (outbox.byRecipient.get(p.email)?.length ?? 0) > 1);
    const missing = expected.filter((p) => (outbox.byRecipient.get(p.email)?.length ?? 0) === 0);
    if (duplicates.length) problems.push(`${duplicates.length} orders got more than one email`);
    if (missing.length) problems.push(`${missing.length} orders got no delivery email`);
    if (completed !== all.length) problems.push(`${completed} of ${all.length} orders completed`);
    const strangers = [...outbox.byRecipient.keys()].filter((to) => !all.some((p) => p.email === to));
    console.log(
      `  ${completed}/${all.length} orders completed (warm-up included); emails: ${outbox.seen.size} in the outbox, ` +
        `${duplicates.length} orders with more than one, ${missing.length} with none, ${strangers.length} to other addresses ` +
        `(found by fs.watch ${outbox.foundBy.watch}, by the 250 ms scan ${outbox.foundBy.scan})`,
    );

    const rss = await shop.rss().catch(() => undefined);
    await stopShop();
    // Where the time goes inside the shop: the delivery jobs' timestamps.
    try {
      const times = await deliveryJobTimes(dataDir, databaseUrl);
      for (const p of all) {
        const t = p.orderNumber ? times.get(p.orderNumber) : undefined;
        if (!t) continue;
        p.jobCreatedMs = t.created;
        p.jobFinishedMs = t.finished ?? undefined;
        p.jobAttempts = t.attempts;
      }
      const retried = all.filter((p) => (p.jobAttempts ?? 1) > 1).length;
      if (retried) problems.push(`${retried} delivery jobs needed more than one attempt`);
    } catch (error) {
      console.log(
        `  (could not read the jobs table: ${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const stats = runs.map((run) => statsOf(run.payments));

    const r = (n: number) => (Number.isFinite(n) ? Math.round(n) : '-');
    const rows: Array<Array<string | number>> = [];
    runs.forEach((run, k) => {
      const s = stats[k]!;
      for (const [name, v] of [
        ['confirmation → email in outbox', s.total],
        ['  confirmation → notification 200', s.notify],
        ['  notification 200 → email', s.afterNotify],
        ['  email file mtime − confirmation', s.written],
        ['  confirmation → job queued (created_at)', s.toJobCreated],
        ['  job queued → email file written', s.jobCreatedToMail],
        ['  email written → job done', s.mailToJobDone],
        ['(untimed: order + checkout)', s.prepare],
      ] as const) {
        rows.push([run.concurrency, name, v.count, r(v.p50), r(v.p99), r(v.max), r(v.mean), r(v.min)]);
      }
    });
    console.log('');
    printTable(['in flight', 'ms', 'n', 'p50', 'p99', 'max', 'mean', 'min'], rows);
    runs.forEach((run, k) => {
      console.log(
        `concurrency ${run.concurrency}: ${stats[k]!.total.count}/${count} payments in ${(run.wallMs / 1000).toFixed(1)} s ` +
          `(${((stats[k]!.total.count / run.wallMs) * 1000).toFixed(1)}/s), load average after ${run.loadAfter}`,
      );
    });
    const file = path.join(await resultsDir(), `cinetpay-delivery-${runStamp}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
          node: process.version,
          database: databaseUrl ? 'postgresql' : 'pglite',
          build: { builtAt: build.builtAt, gitHead: build.gitHead, uncommitted: build.gitStatus.length },
          loadAverage: { before: loadBefore, after: runs.map((run) => run.loadAfter) },
          payments: count,
          warmup,
          warmupMs: warm.map((p) => p.totalMs),
          runs: runs.map((run, k) => ({
            concurrency: run.concurrency,
            wallMs: run.wallMs,
            loadAfter: run.loadAfter,
            stats: stats[k],
            timeline: run.payments.map((p) => ({
              startMs: p.startMs,
              prepareMs: p.prepareMs,
              notifyMs: p.notifyMs,
              afterNotifyMs: p.afterNotifyMs,
              totalMs: p.totalMs,
              writtenMs: p.writtenMs,
              jobCreatedMs: p.jobCreatedMs !== undefined ? p.jobCreatedMs - p.wall0! : undefined,
              jobFinishedMs: p.jobFinishedMs !== undefined ? p.jobFinishedMs - p.wall0! : undefined,
              jobAttempts: p.jobAttempts,
              error: p.error,
            })),
          })),
          emails: { total: outbox.seen.size, foundBy: outbox.foundBy },
          shopRss: rss,
          problems,
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    await stopShop();
    await rm(dataDir, { recursive: true, force: true });
    await fake.close();
    agent.destroy();
    const logs = shop.logs();
    if (logs.trim()) {
      const logFile = path.join(await resultsDir(), `cinetpay-delivery-${runStamp}.shop.log`);
      await writeFile(logFile, logs);
      console.log(
        `The shop's output (${logs.trim().split('\n').length} lines, LOG_LEVEL ${options.shopLogLevel ?? 'warn'}): ${path.relative(process.cwd(), logFile)}`,
      );
    }
  }
  if (problems.length) console.log(`FAILED:\n  ${problems.join('\n  ')}`);
  else
    console.log('OK: every notification 200, every order completed, exactly one delivery email per order.');
  return { ok: problems.length === 0, problems };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      payments: { type: 'string', default: '100' },
      concurrency: { type: 'string', default: '1,10' },
      warmup: { type: 'string', default: '5' },
      'no-build': { type: 'boolean', default: false },
      'drain-timeout': { type: 'string', default: '120' },
      'shop-log-level': { type: 'string' },
    },
  });
  const { ok } = await runCinetPayDelivery({
    payments: Number(values.payments),
    concurrency: values.concurrency.split(',').map(Number),
    warmup: Number(values.warmup),
    build: !values['no-build'],
    drainTimeoutS: Number(values['drain-timeout']),
    shopLogLevel: values['shop-log-level'],
  });
  process.exitCode = ok ? 0 : 1;
}

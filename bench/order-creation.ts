// Order creation under 50 concurrent checkouts: p50 / p99 of each step and of the whole checkout,
// errors (must be 0), and afterwards one distinct order per checkout and one delivery email per order.
//   npx tsx bench/order-creation.ts [--checkouts 200] [--concurrency 50] [--free 100] [--warmup 10]
//     [--no-build] [--drain-timeout 300] [--shop-log-level info] [--stripe-process]
//
// --stripe-process: the Stripe fake runs in a process of its own (bench/stripe-fake-child.ts, given
// to the shop as STRIPE_TEST_API_URL, as tests/e2e/multi-instance.e2e.ts does), as real Stripe is a
// service of its own; by default it runs inside the shop, as `npm start` without keys runs it
// (the bench measured both: the in-process fake and its webhooks took ~20 % of the shop's main thread).
//
// Starts the built shop in test mode (no Stripe keys: the shop's own Stripe fake on 127.0.0.1, spoken
// to through the official SDK) with a fresh data folder, then drives the HTTP flow the checkout page
// makes, from this process, `--concurrency` checkouts in flight at a time (a pool: a new checkout
// starts as soon as one ends) until `--checkouts` are done:
//   1. POST /api/create-payment-intent {amount (euros), items, customer, locale: 'fr'}
//   2. POST /api/test-mode/confirm-payment {paymentIntentId, cardNumber: '4242424242424242'}
//      (the fake also sends the signed payment_intent.succeeded webhook to the shop, which races step 3)
//   3. POST /api/orders {paymentIntentId, email, firstName, lastName, mobile, items, total, locale}
// Every checkout has its own customer (distinct email), so no idempotency rule merges two of them;
// carts hold one paid guide, or two for every third checkout, taken in turn from
// GET /api/travel-guides?locale=fr (price > 0). Then `--free` free orders
// (POST /api/create-free-order with a free guide), again `--concurrency` at a time. A `--warmup` of
// sequential checkouts comes first and is not counted. The first `--concurrency` checkouts start at
// the same instant, so the table also gives the percentiles of the later ones alone.
//
// The client is node:http with a keep-alive agent, not fetch: with Node 20's fetch (undici 6.24.1)
// at this concurrency a few confirm / order requests took 5–7 s end to end while the shop's own log
// (--shop-log-level info) showed every request handled in at most ~1.1 s; with node:http those
// stalls did not occur.
// While the checkouts run, GET /healthz and /readyz every 250 ms tell a blocked event loop from a
// busy database.
//
// Checks: every answer 2xx; GET /api/orders/{id} for every returned id answers the completed order
// with that customer's email; as many distinct ids (and order numbers) as checkouts; then, while the
// shop's outbox worker stamps and mails every order, one .eml per order in DATA_DIR/outbox (waits up
// to --drain-timeout seconds and reports how long delivery took).
//
// Database: PGlite in the fresh data folder, the default. With DATABASE_URL set, the shop is given it
// and runs on that PostgreSQL database instead; use an empty database (the shop migrates it and
// seeds the demo catalogue), e.g. a throwaway cluster as .ci/run makes it:
//   DATABASE_URL=postgres://postgres@127.0.0.1:<port>/postgres npx tsx bench/order-creation.ts
// Build: standalone, the current sources are built into a private folder (scripts/build.mjs <dir>;
// the shared dist/ is left alone); --no-build runs a copy of dist/ as it is; under bench/index.ts,
// the build of that run.
import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startStripeFakeProcess } from './child-process';
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

const MOBILE = '+225 07 00 00 00 00';
const CARD = '4242424242424242';

interface Guide {
  id: string;
  title: string;
  price: string;
}

interface Line {
  id: string;
  quantity: number;
}

interface OrderBody {
  id: string;
  orderNumber: string;
  status: string;
  email: string;
  total: string;
}

class StepError extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    message: string,
  ) {
    super(`${step}: ${status} ${message}`);
  }
}

/**
 * The load goes through node:http with a keep-alive agent (one socket per checkout in flight), as
 * each browser keeps its connection open between the three steps.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

const request = (url: string, method: 'GET' | 'POST', body?: unknown) =>
  benchRequest(agent, url, method, body);

async function post<T>(
  base: string,
  step: string,
  pathname: string,
  body: unknown,
): Promise<{ status: number; body: T }> {
  const res = await request(base + pathname, 'POST', body);
  if (res.status < 200 || res.status > 299) throw new StepError(step, res.status, res.text.slice(0, 300));
  return { status: res.status, body: JSON.parse(res.text) as T };
}

function customer(tag: string, kind: string, i: number) {
  return {
    email: `bench-${tag}-${kind}-${i}@example.com`,
    firstName: 'Awa',
    lastName: `Diop ${kind} ${i}`,
    mobile: MOBILE,
  };
}

const cents = (price: string) => Math.round(Number(price) * 100);

interface Timed {
  intentMs: number;
  confirmMs: number;
  orderMs: number;
  totalMs: number;
}

interface CheckoutOutcome {
  email: string;
  orderId?: string;
  /** 201: the browser's call created the order; 200: the webhook had created it already. */
  orderStatus?: number;
  timing?: Timed;
  /** ms since the measured phase started, when this checkout began and ended. */
  startMs?: number;
  endMs?: number;
  error?: string;
}

async function checkout(
  base: string,
  tag: string,
  i: number,
  cart: Line[],
  totalCents: number,
  epoch = performance.now(),
) {
  const person = customer(tag, 'card', i);
  const outcome: CheckoutOutcome = { email: person.email };
  const t0 = performance.now();
  outcome.startMs = t0 - epoch;
  try {
    const intent = await post<{ paymentIntentId: string; clientSecret: string | null; amount: number }>(
      base,
      'create-payment-intent',
      '/api/create-payment-intent',
      { amount: totalCents / 100, items: cart, customer: person, locale: 'fr' },
    );
    const t1 = performance.now();
    await post(base, 'confirm-payment', '/api/test-mode/confirm-payment', {
      paymentIntentId: intent.body.paymentIntentId,
      cardNumber: CARD,
    });
    const t2 = performance.now();
    const order = await post<OrderBody>(base, 'orders', '/api/orders', {
      paymentIntentId: intent.body.paymentIntentId,
      // As the checkout page does: without the secret only the browser that paid holds, the shop
      // answers 202 "the order exists" without the order.
      clientSecret: intent.body.clientSecret ?? undefined,
      ...person,
      items: cart,
      total: totalCents / 100,
      locale: 'fr',
    });
    const t3 = performance.now();
    outcome.orderId = order.body.id;
    outcome.orderStatus = order.status;
    outcome.timing = { intentMs: t1 - t0, confirmMs: t2 - t1, orderMs: t3 - t2, totalMs: t3 - t0 };
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  outcome.endMs = performance.now() - epoch;
  return outcome;
}

interface Probe {
  atMs: number;
  path: string;
  ms: number;
  status: number;
}

/**
 * While the load runs: GET /healthz (Fastify alone) and /readyz (`select 1` on the database) every
 * 250 ms, one at a time, to tell a blocked event loop (both slow) from waiting on the database
 * (only /readyz slow).
 */
function startProbe(base: string, epoch: number): { stop(): Promise<Probe[]> } {
  const probes: Probe[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const pathname of ['/healthz', '/readyz']) {
        const started = performance.now();
        let status = 0;
        try {
          status = (await request(base + pathname, 'GET')).status;
        } catch {
          status = -1;
        }
        probes.push({ atMs: started - epoch, path: pathname, ms: performance.now() - started, status });
      }
      await sleep(250);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return probes;
    },
  };
}

async function freeOrder(base: string, tag: string, i: number, guide: Guide) {
  const person = customer(tag, 'free', i);
  const outcome: CheckoutOutcome = { email: person.email };
  const t0 = performance.now();
  try {
    const order = await post<OrderBody>(base, 'create-free-order', '/api/create-free-order', {
      ...person,
      items: [{ id: guide.id, quantity: 1 }],
      total: 0,
      locale: 'fr',
    });
    const ms = performance.now() - t0;
    outcome.orderId = order.body.id;
    outcome.orderStatus = order.status;
    outcome.timing = { intentMs: 0, confirmMs: 0, orderMs: ms, totalMs: ms };
  } catch (error) {
    outcome.error = error instanceof Error ? error.message : String(error);
  }
  return outcome;
}

/** GET /api/orders/{id} for every outcome, a few at a time: the order must be completed, for that customer. */
async function verify(
  base: string,
  outcomes: CheckoutOutcome[],
): Promise<{ problems: string[]; distinct: number }> {
  const problems: string[] = [];
  const ids = new Set<string>();
  const numbers = new Set<string>();
  await pool(outcomes.length, 8, async (i) => {
    const outcome = outcomes[i]!;
    if (!outcome.orderId) return;
    const res = await request(`${base}/api/orders/${encodeURIComponent(outcome.orderId)}`, 'GET');
    if (res.status !== 200) {
      problems.push(`GET /api/orders/${outcome.orderId}: ${res.status}`);
      return;
    }
    const order = JSON.parse(res.text) as OrderBody;
    if (order.id !== outcome.orderId) problems.push(`order ${outcome.orderId} answered as ${order.id}`);
    if (order.status !== 'completed') problems.push(`order ${order.orderNumber} is ${order.status}`);
    if (order.email !== outcome.email) problems.push(`order ${order.orderNumber} is ${order.email}'s`);
    ids.add(order.id);
    numbers.add(order.orderNumber);
  });
  const expected = outcomes.length;
  if (ids.size !== expected) problems.push(`${ids.size} distinct orders for ${expected} checkouts`);
  if (numbers.size !== expected)
    problems.push(`${numbers.size} distinct order numbers for ${expected} checkouts`);
  return { problems, distinct: ids.size };
}

/** Recipients of the .eml files in the outbox, counted. */
async function outboxRecipients(dir: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  let names: string[] = [];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return counts;
  }
  for (const name of names) {
    const text = await readFile(path.join(dir, name), 'utf8').catch(() => '');
    const to = /^To: (.+)$/m.exec(text)?.[1]?.trim().replace(/^<|>$/g, '');
    if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

function stats(outcomes: CheckoutOutcome[], pick: (t: Timed) => number) {
  const values = outcomes.flatMap((o) => (o.timing ? [pick(o.timing)] : []));
  return {
    count: values.length,
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: values.length ? Math.max(...values) : NaN,
  };
}

export async function runOrderCreation(
  options: {
    checkouts?: number;
    concurrency?: number;
    free?: number;
    warmup?: number;
    build?: boolean;
    drainTimeoutS?: number;
    /** The shop's LOG_LEVEL (warn by default; info logs every request with its response time). */
    shopLogLevel?: string;
    /** The Stripe fake in its own process instead of inside the shop. */
    stripeProcess?: boolean;
  } = {},
) {
  const checkouts = options.checkouts ?? 200;
  const concurrency = options.concurrency ?? 50;
  const freeCount = options.free ?? 100;
  const warmup = options.warmup ?? 10;
  const drainTimeoutMs = (options.drainTimeoutS ?? 300) * 1000;
  if (!process.env.BENCH_BUILD_DIR)
    await prepareBuild({ build: options.build === false ? false : 'private' });
  const databaseUrl = process.env.DATABASE_URL;
  const database = databaseUrl
    ? `PostgreSQL (DATABASE_URL ${databaseUrl.replace(/\/\/[^@/]*@/, '//…@')})`
    : 'PGlite (fresh data folder)';
  const stripe = options.stripeProcess ? await startStripeFakeProcess() : undefined;
  const shop: RunningShop = await startShop({
    env: {
      ...stripe?.env,
      // Every checkout comes from this one address: lift the per-client order limits (30 an hour, 20
      // free a day by default), which would otherwise refuse all but the first few with a 429.
      ORDER_RATE_LIMIT_PER_HOUR: '1000000',
      FREE_ORDERS_PER_CLIENT_PER_DAY: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(options.shopLogLevel ? { LOG_LEVEL: options.shopLogLevel } : {}),
    },
  });
  await stripe?.setWebhooks([shop.url]);
  const runStamp = stamp();
  const tag = `${stamp()
    .replace(/[^0-9]/g, '')
    .slice(4)}${randomBytes(2).toString('hex')}`;
  const loadBefore = loadAverage();
  const problems: string[] = [];
  try {
    const config = await fetch(`${shop.url}/api/checkout/config`);
    if (config.status !== 200) {
      throw new Error(
        `GET /api/checkout/config answered ${config.status}: is the build older than the checkout?`,
      );
    }
    const { testMode } = (await config.json()) as { testMode: boolean };
    if (!testMode) throw new Error('The shop is not in test mode (Stripe keys in the environment?)');
    const catalogue = (await (await fetch(`${shop.url}/api/travel-guides?locale=fr`)).json()) as Guide[];
    const paid = catalogue.filter((g) => cents(g.price) > 0);
    const free = catalogue.filter((g) => cents(g.price) === 0);
    if (paid.length === 0) throw new Error('No paid French guide in the catalogue');
    console.log(
      `Shop ${shop.url} (test mode, Stripe fake ${stripe ? `in its own process, pid ${stripe.child.pid}` : 'inside the shop'}), ${database}; ready after ${(shop.readyAfterMs / 1000).toFixed(1)} s; ` +
        `${paid.length} paid guides (${paid.map((g) => g.price).join(', ')} €), ${free.length} free; load average ${loadBefore}`,
    );
    const cartFor = (i: number): { cart: Line[]; totalCents: number } => {
      const guides =
        i % 3 === 0 && paid.length > 1
          ? [paid[i % paid.length]!, paid[(i + 1) % paid.length]!]
          : [paid[i % paid.length]!];
      return {
        cart: guides.map((g) => ({ id: g.id, quantity: 1 })),
        totalCents: guides.reduce((n, g) => n + cents(g.price), 0),
      };
    };

    // Warm-up: sequential, not counted (first requests compile code paths, open the SDK's connection).
    const warm: CheckoutOutcome[] = [];
    for (let i = 0; i < warmup; i++) {
      const { cart, totalCents } = cartFor(i);
      warm.push(await checkout(shop.url, `${tag}w`, i, cart, totalCents));
    }
    const warmErrors = warm.filter((o) => o.error);
    if (warmErrors.length) throw new Error(`Warm-up checkout failed: ${warmErrors[0]!.error}`);

    console.log(
      `\n${checkouts} card checkouts, ${concurrency} at a time (after ${warmup} sequential warm-up ones)…`,
    );
    const card: CheckoutOutcome[] = [];
    let started = performance.now();
    const cardEpochUnixMs = Date.now();
    const probe = startProbe(shop.url, started);
    await pool(checkouts, concurrency, async (i) => {
      const { cart, totalCents } = cartFor(i);
      card[i] = await checkout(shop.url, tag, i, cart, totalCents, started);
    });
    const cardWallMs = performance.now() - started;
    const probes = await probe.stop();

    let freeOutcomes: CheckoutOutcome[] = [];
    let freeWallMs = 0;
    if (freeCount > 0 && free.length > 0) {
      console.log(`${freeCount} free orders, ${concurrency} at a time…`);
      freeOutcomes = [];
      started = performance.now();
      await pool(freeCount, concurrency, async (i) => {
        freeOutcomes[i] = await freeOrder(shop.url, tag, i, free[i % free.length]!);
      });
      freeWallMs = performance.now() - started;
    } else if (freeCount > 0) {
      console.log('No free guide in the catalogue: free orders skipped.');
    }
    const loadAfter = loadAverage();

    const errors = [...card, ...freeOutcomes].filter((o) => o.error);
    const errorsByStep = new Map<string, number>();
    for (const o of errors) {
      const step = o.error!.split(':')[0]!;
      errorsByStep.set(step, (errorsByStep.get(step) ?? 0) + 1);
    }
    if (errors.length) {
      problems.push(
        `${errors.length} failed requests (${[...errorsByStep].map(([s, n]) => `${s} ${n}`).join(', ')})`,
      );
      for (const o of errors.slice(0, 5)) console.log(`  error: ${o.error}`);
    }
    console.log('\nVerifying every order with GET /api/orders/{id}…');
    const cardCheck = await verify(
      shop.url,
      card.filter((o) => !o.error),
    );
    const freeCheck = await verify(
      shop.url,
      freeOutcomes.filter((o) => !o.error),
    );
    problems.push(...cardCheck.problems, ...freeCheck.problems);
    console.log(
      `  ${cardCheck.distinct} distinct completed card orders for ${checkouts} checkouts; ` +
        `${freeCheck.distinct} distinct completed free orders for ${freeOutcomes.length}` +
        `${cardCheck.problems.length + freeCheck.problems.length ? `; ${[...cardCheck.problems, ...freeCheck.problems].slice(0, 5).join('; ')}` : ''}`,
    );
    console.log(`Waiting for the outbox worker to deliver every order (up to ${drainTimeoutMs / 1000} s)…`);
    const createdByBrowser = card.filter((o) => o.orderStatus === 201).length;
    const createdByWebhook = card.filter((o) => o.orderStatus === 200).length;

    // Delivery: the outbox worker stamps and mails every order, one job at a time.
    const expectedMail = new Map<string, number>();
    for (const o of [...warm, ...card, ...freeOutcomes]) if (o.orderId) expectedMail.set(o.email, 1);
    const outbox = path.join(shop.dataDir, 'outbox');
    const drainStarted = performance.now();
    let recipients = new Map<string, number>();
    let delivered = 0;
    for (;;) {
      recipients = await outboxRecipients(outbox);
      delivered = [...expectedMail.keys()].filter((email) => recipients.has(email)).length;
      if (delivered === expectedMail.size || performance.now() - drainStarted > drainTimeoutMs) break;
      await sleep(1000);
    }
    // A moment more, so that a second email to anyone would show up too.
    await sleep(2000);
    recipients = await outboxRecipients(outbox);
    const drainS = (performance.now() - drainStarted) / 1000;
    const duplicates = [...recipients].filter(([email, n]) => expectedMail.has(email) && n > 1);
    if (delivered < expectedMail.size) {
      problems.push(`${delivered} of ${expectedMail.size} delivery emails after ${drainS.toFixed(0)} s`);
    }
    if (duplicates.length) problems.push(`${duplicates.length} customers got more than one delivery email`);

    // The first `concurrency` checkouts all start at the same instant; later ones start as one ends.
    const later = card.slice(concurrency);
    const freeLater = freeOutcomes.slice(concurrency);
    const rows: Array<[string, ReturnType<typeof stats>, ReturnType<typeof stats>]> = [
      ['POST /api/create-payment-intent', stats(card, (t) => t.intentMs), stats(later, (t) => t.intentMs)],
      [
        'POST /api/test-mode/confirm-payment',
        stats(card, (t) => t.confirmMs),
        stats(later, (t) => t.confirmMs),
      ],
      ['POST /api/orders', stats(card, (t) => t.orderMs), stats(later, (t) => t.orderMs)],
      ['whole card checkout (3 requests)', stats(card, (t) => t.totalMs), stats(later, (t) => t.totalMs)],
    ];
    if (freeOutcomes.length) {
      rows.push([
        'POST /api/create-free-order',
        stats(freeOutcomes, (t) => t.orderMs),
        stats(freeLater, (t) => t.orderMs),
      ]);
    }
    console.log('');
    printTable(
      ['step', 'p50 ms', 'p99 ms', 'max ms', `after the first ${concurrency}: p50`, 'p99'],
      rows.map(([name, all, after]) => [
        name,
        Math.round(all.p50),
        Math.round(all.p99),
        Math.round(all.max),
        Number.isFinite(after.p50) ? Math.round(after.p50) : '-',
        Number.isFinite(after.p99) ? Math.round(after.p99) : '-',
      ]),
    );
    const slow = card.filter((o) => (o.timing?.totalMs ?? 0) > 5000);
    if (slow.length) {
      console.log(
        `\n${slow.length} checkouts took over 5 s: started ${Math.min(...slow.map((o) => o.startMs!)).toFixed(0)}–` +
          `${Math.max(...slow.map((o) => o.startMs!)).toFixed(0)} ms, ended ${Math.min(...slow.map((o) => o.endMs!)).toFixed(0)}–` +
          `${Math.max(...slow.map((o) => o.endMs!)).toFixed(0)} ms into the run`,
      );
    }
    for (const pathname of ['/healthz', '/readyz']) {
      const mine = probes.filter((p) => p.path === pathname);
      const worst = mine.reduce<Probe | undefined>((w, p) => (!w || p.ms > w.ms ? p : w), undefined);
      console.log(
        `probe ${pathname} during the card checkouts: ${mine.length} requests, p50 ${Math.round(
          percentile(
            mine.map((p) => p.ms),
            50,
          ),
        )} ms, max ${Math.round(worst?.ms ?? NaN)} ms (sent ${Math.round(worst?.atMs ?? NaN)} ms into the run)`,
      );
    }
    const okCard = card.filter((o) => !o.error).length;
    const okFree = freeOutcomes.filter((o) => !o.error).length;
    console.log(
      `\ncard: ${okCard}/${checkouts} checkouts in ${(cardWallMs / 1000).toFixed(1)} s ` +
        `(${((okCard / cardWallMs) * 1000).toFixed(1)} checkouts/s); orders created by the browser's POST /api/orders ` +
        `${createdByBrowser}, by the webhook first (the browser got the same order back, 200) ${createdByWebhook}` +
        (freeOutcomes.length
          ? `\nfree: ${okFree}/${freeCount} orders in ${(freeWallMs / 1000).toFixed(1)} s (${((okFree / freeWallMs) * 1000).toFixed(1)}/s)`
          : '') +
        `\nerrors: ${errors.length}; distinct completed orders: card ${cardCheck.distinct}/${checkouts}, free ${freeCheck.distinct}/${freeOutcomes.length}` +
        `\ndelivery: ${delivered}/${expectedMail.size} emails in the outbox ${drainS.toFixed(0)} s after the last order` +
        `${duplicates.length ? `, ${duplicates.length} duplicated` : ', none twice'}` +
        `\nload average before ${loadBefore}, after the orders ${loadAfter}`,
    );
    const rss = await shop.rss().catch(() => undefined);
    const file = path.join(await resultsDir(), `order-creation-${runStamp}.json`);
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model },
          node: process.version,
          database: databaseUrl ? 'postgresql' : 'pglite',
          stripe: stripe ? 'own process' : 'inside the shop',
          loadAverage: { before: loadBefore, after: loadAfter },
          checkouts,
          concurrency,
          warmup,
          free: freeOutcomes.length,
          wallMs: { card: cardWallMs, free: freeWallMs },
          steps: Object.fromEntries(
            rows.map(([name, all, after]) => [name, { ...all, afterFirstWave: after }]),
          ),
          createdByBrowser,
          createdByWebhook,
          distinctOrders: { card: cardCheck.distinct, free: freeCheck.distinct },
          errors: errors.map((o) => o.error),
          delivery: {
            expected: expectedMail.size,
            delivered,
            seconds: drainS,
            duplicates: duplicates.length,
          },
          shopRss: rss,
          problems,
          /** Date.now() when the measured card phase began: timeline and probe times are relative to it. */
          epochUnixMs: cardEpochUnixMs,
          timeline: card.map((o) => ({
            startMs: o.startMs,
            endMs: o.endMs,
            ...o.timing,
            status: o.orderStatus,
          })),
          probes,
        },
        null,
        2,
      ),
    );
    console.log(`\nJSON: ${path.relative(process.cwd(), file)}`);
  } finally {
    const code = await shop.stop();
    await stripe?.stop();
    if (code !== 0) problems.push(`the shop exited with ${code} on SIGTERM`);
    const logs = shop.logs();
    if (logs.trim()) {
      const logFile = path.join(await resultsDir(), `order-creation-${runStamp}.shop.log`);
      await writeFile(logFile, logs);
      const lines = logs.trim().split('\n').length;
      console.log(
        `The shop's output (${lines} lines, LOG_LEVEL ${options.shopLogLevel ?? 'warn'}): ${path.relative(process.cwd(), logFile)}`,
      );
    }
  }
  if (problems.length) console.log(`FAILED:\n  ${problems.join('\n  ')}`);
  else console.log('OK: no errors, one distinct completed order per checkout, one delivery email per order.');
  return { ok: problems.length === 0, problems };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      checkouts: { type: 'string', default: '200' },
      concurrency: { type: 'string', default: '50' },
      free: { type: 'string', default: '100' },
      warmup: { type: 'string', default: '10' },
      'no-build': { type: 'boolean', default: false },
      'drain-timeout': { type: 'string', default: '300' },
      'shop-log-level': { type: 'string' },
      'stripe-process': { type: 'boolean', default: false },
    },
  });
  const { ok } = await runOrderCreation({
    checkouts: Number(values.checkouts),
    concurrency: Number(values.concurrency),
    free: Number(values.free),
    warmup: Number(values.warmup),
    build: !values['no-build'],
    drainTimeoutS: Number(values['drain-timeout']),
    shopLogLevel: values['shop-log-level'],
    stripeProcess: values['stripe-process'],
  });
  process.exitCode = ok ? 0 : 1;
}

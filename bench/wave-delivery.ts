// Wave Checkout (docs/features/wave.md): time from Wave's confirmation to the delivery email written
// to the outbox, p50 / p99 over `--payments` payments, as bench/cinetpay-delivery.ts measures CinetPay.
//   npx tsx bench/wave-delivery.ts [--payments 100] [--concurrency 1,10] [--warmup 5] [--no-build]
//
// Starts the built shop as a process (bench/shop.ts) with WAVE_API_KEY, WAVE_SIGNING_SECRET and
// WAVE_API_URL pointing at the Wave fake (src/server/adapters/wave/wave-fake.ts) in this process on
// 127.0.0.1. No SMTP: emails are .eml files in DATA_DIR/outbox, watched by cinetpay-delivery's watcher.
// Each payment, with its own customer:
//   not timed: POST /api/create-djamo-order, then POST /api/orders/{publicId}/wave/checkout
//   t0:        fake.pay(session) then the signed checkout.session.completed webhook POSTed to the shop,
//              which asks GET /v1/checkout/sessions/{id}, completes the order and queues the delivery
//   tN:        the webhook's answer (must be 200)
//   t1:        the delivery email for that order is in the outbox
// Checks (exit 1 otherwise): every webhook 200, every order completed, exactly one email per order.
// Database: PGlite in a fresh data folder; with DATABASE_URL set, that (empty) PostgreSQL database.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startWaveFake, type WaveFake } from '../src/server/adapters/wave/wave-fake';
import { OutboxWatcher } from './cinetpay-delivery';
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

const KEYS = { apiKey: 'wave_sn_bench_key', signingSecret: 'wave_sn_WHS_bench_secret' };
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const cents = (price: string) => Math.round(Number(price) * 100);

async function call<T>(url: string, method: 'GET' | 'POST', step: string, body?: unknown): Promise<T> {
  const res = await benchRequest(agent, url, method, body);
  if (res.status < 200 || res.status > 299)
    throw new Error(`${step}: ${res.status} ${res.text.slice(0, 300)}`);
  return JSON.parse(res.text) as T;
}

interface Payment {
  email: string;
  publicId?: string;
  totalMs?: number;
  webhookMs?: number;
  error?: string;
}

async function pay(
  shop: RunningShop,
  fake: WaveFake,
  outbox: OutboxWatcher,
  email: string,
  guide: { id: string; price: string },
  timeoutMs: number,
): Promise<Payment> {
  const payment: Payment = { email };
  try {
    const placed = await call<{
      order: { id: string; orderNumber: string };
      wave: { checkoutUrl: string } | null;
    }>(`${shop.url}/api/create-djamo-order`, 'POST', 'create-djamo-order', {
      email,
      firstName: 'Awa',
      lastName: 'Ndiaye',
      mobile: '+221 77 000 00 00',
      items: [{ id: guide.id, quantity: 1 }],
      total: cents(guide.price) / 100,
      locale: 'fr',
    });
    payment.publicId = placed.order.id;
    if (!placed.wave) throw new Error('create-djamo-order: no wave option (Wave not configured?)');
    await call(`${shop.url}${placed.wave.checkoutUrl}`, 'POST', 'wave/checkout');
    const session = [...fake.sessions.values()].find((s) => s.success_url.endsWith(`/${placed.order.id}`));
    if (!session) throw new Error(`checkout: the fake has no session for ${placed.order.orderNumber}`);
    const mail = outbox.waitFor(email, timeoutMs);
    mail.catch(() => undefined);
    const t0 = performance.now();
    fake.pay(session.id);
    const status = await fake.deliver(fake.webhook(session.id));
    payment.webhookMs = performance.now() - t0;
    if (status !== 200) throw new Error(`webhook: answered ${status}`);
    const delivered = await mail;
    payment.totalMs = delivered.seenAt - t0;
  } catch (error) {
    payment.error = error instanceof Error ? error.message : String(error);
  }
  return payment;
}

export async function runWaveDelivery(
  options: { payments?: number; concurrency?: number[]; warmup?: number; build?: boolean } = {},
) {
  const count = options.payments ?? 100;
  const concurrencies = options.concurrency ?? [1, 10];
  const warmup = options.warmup ?? 5;
  if (!process.env.BENCH_BUILD_DIR)
    await prepareBuild({ build: options.build === false ? false : 'private' });
  const build = await prepareBuild();
  const fake = await startWaveFake(KEYS);
  const shop = await startShop({
    env: {
      WAVE_API_KEY: KEYS.apiKey,
      WAVE_SIGNING_SECRET: KEYS.signingSecret,
      WAVE_API_URL: fake.url,
      ORDER_RATE_LIMIT_PER_HOUR: '1000000',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
  fake.webhookUrl = `${shop.url}/api/wave/webhook`;
  const outbox = new OutboxWatcher(path.join(shop.dataDir, 'outbox'));
  await outbox.start();
  const tag = randomBytes(3).toString('hex');
  const problems: string[] = [];
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, unknown>[] = [];
  try {
    const catalogue = (await (await fetch(`${shop.url}/api/travel-guides?locale=fr`)).json()) as {
      id: string;
      price: string;
    }[];
    const paid = catalogue.filter((g) => cents(g.price) > 0);
    console.log(
      `Shop ${shop.url} (Wave fake ${fake.url}); build ${build.builtAt}; load average ${loadAverage()}`,
    );
    for (let i = 0; i < warmup; i++) {
      const p = await pay(
        shop,
        fake,
        outbox,
        `bench-wave-${tag}-w${i}@example.com`,
        paid[i % paid.length]!,
        120_000,
      );
      if (p.error) throw new Error(`Warm-up payment failed: ${p.error}`);
    }
    for (const concurrency of concurrencies) {
      const payments: Payment[] = [];
      const started = performance.now();
      await pool(count, concurrency, async (i) => {
        const email = `bench-wave-${tag}-c${concurrency}-${i}@example.com`;
        payments[i] = await pay(shop, fake, outbox, email, paid[i % paid.length]!, 120_000);
      });
      const wallMs = performance.now() - started;
      const ok = payments.filter((p) => !p.error);
      for (const p of payments.filter((x) => x.error).slice(0, 5)) problems.push(p.error!);
      const total = ok.map((p) => p.totalMs!);
      const hook = ok.map((p) => p.webhookMs!);
      rows.push([
        concurrency,
        'confirmation → email in outbox',
        ok.length,
        Math.round(percentile(total, 50)),
        Math.round(percentile(total, 99)),
        Math.round(Math.max(...total)),
      ]);
      rows.push([
        concurrency,
        '  confirmation → webhook 200',
        ok.length,
        Math.round(percentile(hook, 50)),
        Math.round(percentile(hook, 99)),
        Math.round(Math.max(...hook)),
      ]);
      results.push({
        concurrency,
        wallMs,
        p50: percentile(total, 50),
        p99: percentile(total, 99),
        loadAfter: loadAverage(),
      });
      await sleep(2000);
      const counts = payments.map((p) => outbox.byRecipient.get(p.email)?.length ?? 0);
      if (counts.some((n) => n !== 1))
        problems.push(
          `at ${concurrency} in flight, ${counts.filter((n) => n !== 1).length} orders without exactly one email`,
        );
      await pool(payments.length, 8, async (i) => {
        const order = await call<{ status: string }>(
          `${shop.url}/api/orders/${payments[i]!.publicId}`,
          'GET',
          'order',
        );
        if (order.status !== 'completed') problems.push(`order ${payments[i]!.publicId} is ${order.status}`);
      });
    }
    printTable(['in flight', 'ms', 'n', 'p50', 'p99', 'max'], rows);
    const file = path.join(await resultsDir(), `wave-delivery-${stamp()}.json`);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          cpus: os.cpus().length,
          database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
          results,
          problems,
        },
        null,
        2,
      ),
    );
    console.log(`JSON: ${path.relative(process.cwd(), file)}`);
  } catch (error) {
    problems.push(error instanceof Error ? error.message : String(error));
  } finally {
    outbox.stop();
    await shop.stop();
    await fake.close();
    agent.destroy();
  }
  if (problems.length) console.log(`FAILED:\n  ${problems.join('\n  ')}`);
  else console.log('OK: every webhook 200, every order completed, exactly one delivery email per order.');
  return { ok: problems.length === 0, problems };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      payments: { type: 'string', default: '100' },
      concurrency: { type: 'string', default: '1,10' },
      warmup: { type: 'string', default: '5' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const { ok } = await runWaveDelivery({
    payments: Number(values.payments),
    concurrency: values.concurrency.split(',').map(Number),
    warmup: Number(values.warmup),
    build: !values['no-build'],
  });
  process.exitCode = ok ? 0 : 1;
}

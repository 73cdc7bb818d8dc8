import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { HARDENING_ENV } from './harness';

/**
 * many concurrent shoppers over real HTTP on 127.0.0.1 browsing, adding to cart
 * and buying by card, free and mobile money for a bounded time. Nothing may be lost or doubled
 * and nothing may answer 5xx. HARDENING_LOAD_SHOPPERS and HARDENING_LOAD_SECONDS change the size:
 * 200 shoppers for 20 s keep hundreds of orders racing on two cores (every step, every payment
 * kind); the earlier 500 for 60 s proved no more and held the suite's two cores for two minutes
 * (docs/decisions/026-test-suite-time.md). The benches run it bigger.
 */
const SHOPPERS = Number(process.env.HARDENING_LOAD_SHOPPERS ?? 200);
const SECONDS = Number(process.env.HARDENING_LOAD_SECONDS ?? 20);

let ctx: TestContext;
let base: string;
let receipt: Buffer;
const guides: { id: string; price: string }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ...HARDENING_ENV,
      CATALOGUE_CACHE_TTL_MS: '2000',
      // The 500 shoppers run in this process, beside the server, on two cores: when the event loop is
      // saturated a request's headers can wait longer than the 10 s a slow client is allowed. The
      // slow-client limits have their own file (slow-clients.test.ts); here they would only measure
      // the test's own stalls.
      HEADERS_TIMEOUT_MS: '120000',
      REQUEST_TIMEOUT_MS: '120000',
    },
  });
  for (const [title, price] of [
    ['Dakar essentiel', '12.50'],
    ['Abidjan pratique', '25.00'],
    ['Marrakech et l’Atlas', '15.00'],
    ['Kit de départ', '0.00'],
  ] as const) {
    const guide = await insertSellableGuide(ctx, { title, price });
    guides.push({ id: guide.id, price: guide.price });
  }
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  receipt = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}, 120_000);
afterAll(() => ctx?.close());

type Step =
  | 'browse'
  | 'search'
  | 'card:intent'
  | 'card:confirm'
  | 'card:order'
  | 'order page'
  | 'free:order'
  | 'mobile:order'
  | 'mobile:receipt';

const latencies = new Map<Step, number[]>();
const failures: string[] = [];
const created = { card: new Set<string>(), free: new Set<string>(), djamo: new Set<string>() };

async function call(step: Step, path: string, init?: RequestInit): Promise<Response> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const body = await response.clone().text();
  (latencies.get(step) ?? latencies.set(step, []).get(step))?.push(performance.now() - started);
  if (response.status >= 500 || !response.ok)
    failures.push(`${step} ${response.status} ${body.slice(0, 200)}`);
  return response;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function shopper(index: number, until: number): Promise<void> {
  for (let round = 0; Date.now() < until; round += 1) {
    const customer = {
      email: `load-${index}-${round}@example.com`,
      firstName: 'Awa',
      lastName: `Diop ${index}`,
      mobile: '+221 77 123 45 67',
    };
    await call('browse', '/api/travel-guides?locale=fr');
    await call('search', '/api/travel-guides?locale=fr&q=dakar');
    const kind = (index + round) % 4;
    if (kind === 3) {
      const free = guides[3] as { id: string };
      const res = await call(
        'free:order',
        '/api/create-free-order',
        json({ ...customer, locale: 'fr', total: 0, items: [{ id: free.id, quantity: 1 }] }),
      );
      if (res.ok) created.free.add(((await res.json()) as { id: string }).id);
      continue;
    }
    const guide = guides[kind] as { id: string; price: string };
    const items = [{ id: guide.id, quantity: 1 }];
    const total = Number(guide.price);
    if (kind === 2) {
      const res = await call(
        'mobile:order',
        '/api/create-djamo-order',
        json({ ...customer, locale: 'fr', items, total }),
      );
      if (!res.ok) continue;
      const { order } = (await res.json()) as { order: { id: string } };
      created.djamo.add(order.id);
      const form = new FormData();
      form.append('receipt', new Blob([new Uint8Array(receipt)], { type: 'image/png' }), 'recu.png');
      form.append('provider', 'mobile_money');
      await call('mobile:receipt', `/api/orders/${order.id}/receipt`, { method: 'POST', body: form });
      continue;
    }
    const intent = await call(
      'card:intent',
      '/api/create-payment-intent',
      json({ items, amount: total, customer, locale: 'fr' }),
    );
    if (!intent.ok) continue;
    const { paymentIntentId, clientSecret } = (await intent.json()) as {
      paymentIntentId: string;
      clientSecret: string;
    };
    const confirmed = await call(
      'card:confirm',
      '/api/test-mode/confirm-payment',
      json({ paymentIntentId, cardNumber: '4242 4242 4242 4242' }),
    );
    if (!confirmed.ok) continue;
    const order = await call(
      'card:order',
      '/api/orders',
      json({ ...customer, locale: 'fr', paymentIntentId, clientSecret, items, total }),
    );
    if (!order.ok) continue;
    const { id } = (await order.json()) as { id: string };
    created.card.add(id);
    await call('order page', `/api/orders/${id}`);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

test(
  `${SHOPPERS} shoppers for ${SECONDS} s: no 5xx, no lost or doubled order`,
  async () => {
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i, until)));

    const report = [...latencies.entries()].map(([step, values]) => ({
      step,
      requests: values.length,
      p50: Math.round(percentile(values, 50)),
      p99: Math.round(percentile(values, 99)),
    }));
    console.log(
      `load: ${SHOPPERS} shoppers, ${SECONDS} s, ${ctx.database.kind}; orders card ${created.card.size}, free ${created.free.size}, mobile money ${created.djamo.size}\n${report
        .map(
          (r) =>
            `${r.step.padEnd(15)} ${String(r.requests).padStart(7)} requests  p50 ${r.p50} ms  p99 ${r.p99} ms`,
        )
        .join('\n')}`,
    );
    expect(failures.slice(0, 10)).toEqual([]);
    expect(created.card.size + created.free.size + created.djamo.size).toBeGreaterThan(0);

    // What the shoppers were told exists is exactly what the database holds: nothing lost, nothing doubled.
    const rows = (await ctx.db.execute(sql`
    select o.public_id as id, o.payment_method as method, o.status, count(i.id)::int as items
    from orders o left join order_items i on i.order_id = o.id group by o.id`)) as unknown as {
      rows: { id: string; method: string; status: string; items: number }[];
    };
    const byMethod = (method: string) =>
      new Set(rows.rows.filter((r) => r.method === method).map((r) => r.id));
    expect(byMethod('stripe')).toEqual(created.card);
    expect(byMethod('free')).toEqual(created.free);
    expect(byMethod('djamo')).toEqual(created.djamo);
    expect(rows.rows.filter((r) => r.items !== 1)).toEqual([]);
    expect(rows.rows.filter((r) => r.method !== 'djamo' && r.status !== 'completed')).toEqual([]);
    expect(rows.rows.filter((r) => r.method === 'djamo' && r.status !== 'pending_verification')).toEqual([]);
    // Each paid order has its one delivery job: the outbox will deliver each exactly once.
    const jobs = (await ctx.db.execute(
      sql`select count(*)::int as n from jobs where kind = 'deliver-order'`,
    )) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]?.n).toBe(created.card.size + created.free.size);
  },
  (SECONDS + 240) * 1000,
);

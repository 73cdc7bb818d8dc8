import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs, orders } from '../../src/server/db/schema';
import { EXPIRE_MOBILE_MONEY_JOB } from '../../src/server/modules/mobile-money/mobile-money-expiry';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, expectWellFormed } from './harness';

/**
 * floods of fake orders and of emails. The shop runs with its default
 * limits (only the admin key and the SMTP server are set); clients are told apart by their address,
 * given to inject() as remoteAddress, so "one client" and "many clients" are both tried.
 */
let ctx: TestContext;
let smtp: TestSmtpServer;
let paid: GuideRow;
let free: GuideRow;
const figures: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    // Pages too: the expired order's page is checked as the shopper gets it.
    env: { ADMIN_API_KEY: ADMIN_KEY, SMTP_URL: smtp.url },
  });
  paid = await insertSellableGuide(ctx, { title: 'Guide du Sénégal', price: '12.50' });
  free = await insertSellableGuide(ctx, { title: 'Carte gratuite', price: '0.00' });
});
afterAll(async () => {
  for (const line of figures) console.log(`[hardening] order floods: ${line}`);
  await ctx?.close();
  await smtp?.close();
});

/** 10.a.b.c, a distinct client address for each n. */
const address = (block: number, n: number) => `10.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`;

const customer = (email: string, lastName = 'Diop') => ({
  email,
  firstName: 'Awa',
  lastName,
  mobile: '+221 77 123 45 67',
  locale: 'fr' as const,
});

const post = (url: string, body: unknown, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, payload: body as object, remoteAddress });

const mobileMoneyOrder = (email: string, remoteAddress: string, lastName?: string) =>
  post(
    '/api/create-djamo-order',
    { ...customer(email, lastName), items: [{ id: paid.id, quantity: 1 }], total: 12.5 },
    remoteAddress,
  );

const freeOrder = (email: string, remoteAddress: string, lastName?: string) =>
  post(
    '/api/create-free-order',
    { ...customer(email, lastName), items: [{ id: free.id, quantity: 1 }], total: 0 },
    remoteAddress,
  );

const adminList = (query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/orders/pending-mobile-money${query}`,
    headers: { 'x-admin-key': ADMIN_KEY },
  });

async function sendProof(publicId: string, remoteAddress: string) {
  const image = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { name: 'receipt', fileName: 'recu.png', type: 'image/png', data: image },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${encodeURIComponent(publicId)}/receipt`,
    headers: { 'content-type': contentType },
    payload,
    remoteAddress,
  });
}

/** Sends what the outbox holds, and answers how many messages the SMTP server received meanwhile. */
async function emailsSentBy(run: () => Promise<unknown>): Promise<number> {
  while ((await ctx.app.services.jobs.runDueJobs()) > 0) {}
  const before = smtp.received.length;
  await run();
  while ((await ctx.app.services.jobs.runDueJobs()) > 0) {}
  return smtp.received.length - before;
}

function expectTooMany(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(429);
  expectWellFormed(res, what);
  expect(Number(res.headers['retry-after']), `${what}: Retry-After`).toBeGreaterThan(0);
}

/** n requests, 10 at a time: a script pacing itself (a burst all at once is refused whole, see below). */
async function inBatches(
  n: number,
  send: (i: number) => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse[]> {
  const answers: LightMyRequestResponse[] = [];
  for (let start = 0; start < n; start += 10) {
    answers.push(
      ...(await Promise.all(Array.from({ length: Math.min(10, n - start) }, (_, k) => send(start + k)))),
    );
  }
  return answers;
}

const statuses = (answers: LightMyRequestResponse[]) =>
  answers.reduce<Record<number, number>>((counts, a) => {
    counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
    return counts;
  }, {});

describe('item 4: fake pending orders', () => {
  test('520 fake mobile-money orders from as many addresses do not hide a real order with a receipt', async () => {
    const fakes: LightMyRequestResponse[] = [];
    for (let start = 0; start < 520; start += 40) {
      const batch = Array.from({ length: 40 }, (_, k) =>
        mobileMoneyOrder(`fake-${start + k}@example.com`, address(1, start + k), `Fake ${start + k}`),
      );
      fakes.push(...(await Promise.all(batch)));
    }
    expect(statuses(fakes)).toEqual({ 201: 520 });

    const real = await mobileMoneyOrder('awa.real@example.com', '192.0.2.10', 'Real');
    expect(real.statusCode).toBe(201);
    const { order } = real.json() as { order: { id: string; orderNumber: string; djamoReference: string } };
    expect((await sendProof(order.id, '192.0.2.10')).statusCode).toBe(201);

    const page = await adminList();
    expect(page.statusCode).toBe(200);
    const rows = page.json() as { orderNumber: string; status: string }[];
    const position = rows.findIndex((r) => r.orderNumber === order.orderNumber);
    figures.push(
      `520 fake orders + 1 with a receipt: the first page shows ${rows.length} rows, the real one at position ${position === -1 ? 'none (not listed)' : position + 1}`,
    );
    expect(position).toBe(0);
    expect(rows[0]).toMatchObject({ status: 'pending_verification' });
    expect(rows.length).toBeLessThanOrEqual(50);
    expect(Number(page.headers['x-total-count'])).toBe(521);

    // The operator finds any order by what the shopper quotes: reference, number, email, phone.
    for (const query of [
      order.djamoReference,
      order.orderNumber,
      'AWA.REAL@example',
      order.djamoReference.toLowerCase(),
    ]) {
      const found = (await adminList(`?q=${encodeURIComponent(query)}`)).json() as { orderNumber: string }[];
      expect(
        found.map((r) => r.orderNumber),
        query,
      ).toEqual([order.orderNumber]);
    }
    const byPhone = (await adminList(`?q=${encodeURIComponent('77 123 45')}`)).json() as unknown[];
    expect(byPhone.length).toBe(50);

    // Page 11 of 50 holds the last 21 rows; past the end is empty, not an error.
    const last = await adminList('?page=11&pageSize=50');
    expect((last.json() as unknown[]).length).toBe(21);
    expect((await adminList('?page=12&pageSize=50')).json()).toEqual([]);
    expect((await adminList('?pageSize=1000')).statusCode).toBe(400);
  });

  test('one client flooding create-djamo-order is stopped with 429 and Retry-After', async () => {
    const started = Date.now();
    const answers = await inBatches(520, (i) =>
      mobileMoneyOrder(`one-client-${i}@example.com`, '198.51.100.7', `One ${i}`),
    );
    const counts = statuses(answers);
    figures.push(
      `520 create-djamo-order from one address, 10 at a time, in ${((Date.now() - started) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
    );
    expect(counts[201]).toBe(30);
    expectTooMany(answers.find((a) => a.statusCode === 429)!, 'create-djamo-order flood');
    // A burst sent all at once gets no more through.
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        mobileMoneyOrder(`burst-${i}@example.com`, '198.51.100.8', `B ${i}`),
      ),
    );
    expect(statuses(burst)[201] ?? 0).toBeLessThanOrEqual(30);
  });

  test('an unpaid mobile-money order expires after MOBILE_MONEY_EXPIRY_HOURS, leaves the list and says so', async () => {
    const place = async (name: string) =>
      (
        (await mobileMoneyOrder(`expiry-${name}@example.com`, '203.0.113.40', name)).json() as {
          order: { id: string; orderNumber: string };
        }
      ).order;
    const unpaid = await place('unpaid');
    const withProof = await place('receipt');
    const recent = await place('recent');
    expect((await sendProof(withProof.id, '203.0.113.40')).statusCode).toBe(201);
    await ctx.app.services.jobs.runDueJobs();

    // 73 hours pass for two of them (the sweep queued with the order is due by then too).
    const ago = sql`interval '73 hours'`;
    for (const number of [unpaid.orderNumber, withProof.orderNumber]) {
      await ctx.db
        .update(orders)
        .set({ createdAt: sql`${orders.createdAt} - ${ago}` })
        .where(eq(orders.orderNumber, number));
    }
    // Only the sweeps: the payment reminders of the earlier floods' 520 orders would be 1,000 emails to send.
    await ctx.db
      .update(jobs)
      .set({ runAfter: sql`${jobs.runAfter} - ${ago}` })
      .where(eq(jobs.kind, EXPIRE_MOBILE_MONEY_JOB));
    await ctx.app.services.jobs.runDueJobs();

    const statusOf = async (publicId: string) =>
      (
        (
          await ctx.app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(publicId)}` })
        ).json() as {
          status: string;
        }
      ).status;
    expect(await statusOf(unpaid.id)).toBe('expired');
    expect(await statusOf(withProof.id)).toBe('pending_verification');
    expect(await statusOf(recent.id)).toBe('pending');

    const listed = (await adminList('?q=expiry-')).json() as { orderNumber: string }[];
    expect(listed.map((r) => r.orderNumber).sort()).toEqual(
      [withProof.orderNumber, recent.orderNumber].sort(),
    );

    // The shopper's order page says so, in either language, and offers no payment any more.
    for (const [lang, title] of [
      ['fr', 'Commande expirée'],
      ['en', 'Order expired'],
    ] as const) {
      const page = await ctx.app.inject({ url: `/order-confirmation/${unpaid.id}?lang=${lang}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(title);
      expect(page.body).toContain('data-order-status="expired"');
      expect(page.body).not.toContain('data-payment-state');
    }

    // Paying an expired order is refused with a message, and stores nothing.
    const late = await sendProof(unpaid.id, '203.0.113.40');
    expect(late.statusCode).toBe(409);
    expect((late.json() as { message: string }).message).toMatch(/expired/);
  });
});

describe('item 5: email floods', () => {
  test('200 free orders with distinct emails from one client: limited, and few emails sent', async () => {
    let answers: LightMyRequestResponse[] = [];
    const sent = await emailsSentBy(async () => {
      answers = await inBatches(200, (i) => freeOrder(`victim-${i}@example.com`, '198.51.100.20', `V ${i}`));
    });
    const counts = statuses(answers);
    figures.push(
      `200 free orders, distinct emails, one address: ${JSON.stringify(counts)}, ${sent} emails sent`,
    );
    expect(sent).toBe(20);
    expect(counts[201]).toBe(sent);
    expectTooMany(answers.find((a) => a.statusCode === 429)!, 'free-order flood');
  });

  test('free orders keep the hourly per-client limit under a generous daily one', async () => {
    const generous = await createTestContext({
      renderPages: false,
      env: { ADMIN_API_KEY: ADMIN_KEY, FREE_ORDERS_PER_CLIENT_PER_DAY: '1000' },
    });
    try {
      const guide = await insertSellableGuide(generous, { title: 'Carte gratuite', price: '0.00' });
      const answers = await inBatches(40, (i) =>
        generous.app.inject({
          method: 'POST',
          url: '/api/create-free-order',
          payload: {
            ...customer(`hourly-${i}@example.com`),
            items: [{ id: guide.id, quantity: 1 }],
            total: 0,
          },
          remoteAddress: '198.51.100.40',
        }),
      );
      expect(statuses(answers)).toEqual({ 201: 30, 429: 10 });
    } finally {
      await generous.close();
    }
  });

  test('one recipient gets at most 5 free orders a day, whatever the addresses', async () => {
    const answers: LightMyRequestResponse[] = [];
    const sent = await emailsSentBy(async () => {
      for (let i = 0; i < 8; i++)
        answers.push(await freeOrder('target@example.com', address(2, i), `T ${i}`));
    });
    figures.push(
      `8 free orders to one email from 8 addresses: ${JSON.stringify(statuses(answers))}, ${sent} emails`,
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expectTooMany(answers[5]!, 'free orders per email');
    expect((answers[5]!.json() as { message: string }).message).toMatch(/email/);
    expect(sent).toBe(5);
    // Another email is not affected.
    expect((await freeOrder('someone-else@example.com', address(2, 0), 'Other')).statusCode).toBe(201);
  });

  test('one recipient gets at most 10 mobile-money orders a day, whatever the addresses', async () => {
    const answers: LightMyRequestResponse[] = [];
    for (let i = 0; i < 12; i++) {
      answers.push(await mobileMoneyOrder('mm-target@example.com', address(3, i), `M ${i}`));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([...Array(10).fill(201), 429, 429]);
    expectTooMany(answers[10]!, 'mobile-money orders per email');
  });

  test('resend-links sends at most 5 emails a day to one recipient, with the same answer', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [paid], email: 'resend-target@example.com' });
    const answers: LightMyRequestResponse[] = [];
    const sent = await emailsSentBy(async () => {
      for (let i = 0; i < 9; i++) {
        answers.push(
          await post(
            '/api/orders/resend-links',
            { orderNumber: order.orderNumber, email: 'resend-target@example.com' },
            address(4, i),
          ),
        );
      }
    });
    figures.push(`9 resend-links to one recipient from 9 addresses: ${sent} emails`);
    // It must not reveal anything: the answer is the same 202 either way.
    expect(statuses(answers)).toEqual({ 202: 9 });
    expect(sent).toBe(5);
  });

  test('card payments and claims are limited per client too', async () => {
    const body = { ...customer('card@example.com'), items: [{ id: paid.id, quantity: 1 }], total: 12.5 };
    const intents = await inBatches(40, () => post('/api/create-payment-intent', body, '198.51.100.30'));
    const claims = await inBatches(40, (i) =>
      post('/api/orders', { ...body, paymentIntentId: `pi_flood_${i}` }, '198.51.100.30'),
    );
    figures.push(
      `40 create-payment-intent and 40 /api/orders claims from one address: ${JSON.stringify(statuses(intents))}, ${JSON.stringify(statuses(claims))}`,
    );
    expect(statuses(intents)[429]).toBe(10);
    expect(statuses(claims)[429]).toBe(10);
    expectTooMany(intents.find((a) => a.statusCode === 429)!, 'create-payment-intent flood');
  });
});

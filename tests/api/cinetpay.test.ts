import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CinetPayFake, startCinetPayFake } from '../../src/server/adapters/mobile-money/cinetpay-fake';
import { jobs, orders } from '../../src/server/db/schema';
import { DELIVER_ORDER_JOB } from '../../src/server/modules/mail/delivery-jobs';
import { CINETPAY_POLL_JOB } from '../../src/server/modules/mobile-money/cinetpay-poll-job';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { mailText, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';

const KEYS = { apiKey: 'cp-api-key-123', siteId: '105890', secretKey: 'cp-secret-key-456' };
const ADMIN_KEY = 'cinetpay-admin-key-0123456789abcdef';
const OPERATOR = 'desk@guides.example';

let fake: CinetPayFake;
let smtp: TestSmtpServer;
let ctx: TestContext;
let base: string;
let dakar: GuideRow;

beforeAll(async () => {
  fake = await startCinetPayFake(KEYS);
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      SMTP_URL: smtp.url,
      CINETPAY_API_KEY: KEYS.apiKey,
      CINETPAY_SITE_ID: KEYS.siteId,
      CINETPAY_SECRET_KEY: KEYS.secretKey,
      CINETPAY_API_URL: fake.url,
      ADMIN_API_KEY: ADMIN_KEY,
      OPERATOR_EMAIL: OPERATOR,
    },
  });
  // The fake posts its notifications over real HTTP to the notify_url it was given.
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fake?.close();
});

let shopperCount = 0;
async function placeOrder() {
  shopperCount++;
  const email = `cp${shopperCount}@example.com`;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      email,
      firstName: 'Awa',
      lastName: 'Koné',
      mobile: '+225 07 00 00 00 00',
      items: [{ id: dakar.id, quantity: 1 }],
      total: 9,
      locale: 'fr',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    order: { id: string; totalXof: number };
    automaticPayment: { provider: string; checkoutUrl: string; statusUrl: string } | null;
  };
}

async function startPayment() {
  const placed = await placeOrder();
  expect(placed.automaticPayment?.provider).toBe('cinetpay');
  const res = await ctx.app.inject({ method: 'POST', url: placed.automaticPayment!.checkoutUrl });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { paymentUrl: string; amountXof: number; paymentState: string };
  const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, placed.order.id));
  return { publicId: placed.order.id, order: row!, transactionId: row!.providerTransactionId!, body };
}

const orderRow = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const deliveryJobs = (orderId: string) =>
  ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, DELIVER_ORDER_JOB), sql`${jobs.payload}->>'orderId' = ${orderId}`));
const pollJobs = (transactionId: string) =>
  ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, CINETPAY_POLL_JOB), sql`${jobs.payload}->>'transactionId' = ${transactionId}`));
const status = async (publicId: string, refresh = '1') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${publicId}/mobile-money/status?refresh=${refresh}`,
    })
  ).json() as {
    status: string;
    paymentState: string;
    providerStatus: string | null;
  };
/** Makes the waiting jobs due now and runs them. */
async function runJobsNow() {
  await ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.status, 'pending'));
  await ctx.app.services.jobs.runDueJobs();
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));
/** The operator's emails about one order's automatic payment. */
const operatorNotices = (orderNumber: string) =>
  mailsTo(OPERATOR)
    .map((m) => mailText(m.raw))
    .filter((text) => text.includes(`CinetPay payment to check – order ${orderNumber}`));

describe('initialising a payment', () => {
  test('sends the documented request with the database amount in XOF, multiple of 5, and answers the hosted page', async () => {
    const { transactionId, body, order } = await startPayment();
    const sent = fake.transactions.get(transactionId)!;
    expect(sent.amount).toBe(5905); // 9 € × 655.957 = 5903.6 → 5905
    expect(sent.currency).toBe('XOF');
    expect(sent.channels).toBe('MOBILE_MONEY');
    expect(sent.notifyUrl).toBe(`${base}/api/cinetpay/notify`);
    expect(sent.returnUrl).toBe(`${base}/api/cinetpay/return/${order.publicId}`);
    expect(body).toEqual({
      paymentUrl: `${fake.url}/pay/${sent.paymentToken}`,
      provider: 'cinetpay',
      amountXof: 5905,
      paymentState: 'waiting',
    });
    expect(order.providerStatus).toBe('PENDING');
    expect(await pollJobs(transactionId)).toHaveLength(1);
    // A second press resumes the same attempt.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.publicId}/mobile-money/checkout`,
    });
    expect(again.json().paymentUrl).toBe(body.paymentUrl);
    expect(
      fake.requests.filter((r) => r.path === '/v2/payment' && r.body.transaction_id === transactionId),
    ).toHaveLength(1);
  });

  test('unknown orders are 404', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/orders/nope/mobile-money/checkout' });
    expect(res.statusCode).toBe(404);
  });
});

describe('notifications', () => {
  test('paid: the notification is checked with the provider, the order completed once, one email', async () => {
    const { order, transactionId, publicId } = await startPayment();
    expect((await status(publicId, '0')).paymentState).toBe('waiting');
    fake.settle(transactionId, 'ACCEPTED');
    expect(await fake.deliverNotification(transactionId)).toBe(200);
    const done = await orderRow(order.id);
    expect(done.status).toBe('completed');
    expect(done.verifiedBy).toBe('cinetpay');
    expect(done.providerStatus).toBe('ACCEPTED');
    expect(
      fake.requests.some((r) => r.path === '/v2/payment/check' && r.body.transaction_id === transactionId),
    ).toBe(true);
    expect(await deliveryJobs(order.id)).toHaveLength(1);
    expect(await status(publicId)).toMatchObject({ status: 'completed', paymentState: 'paid' });
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo(order.email)).toHaveLength(1);
    // A duplicate notification changes nothing and is answered 200.
    expect(await fake.deliverNotification(transactionId)).toBe(200);
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo(order.email)).toHaveLength(1);
    expect(await deliveryJobs(order.id)).toHaveLength(1);
  });

  test('a notification alone never completes: the check says PENDING, the order waits', async () => {
    const { order, transactionId } = await startPayment();
    // The provider has not settled it, but a (genuinely signed) notification arrives.
    expect(await fake.deliverNotification(transactionId)).toBe(200);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await deliveryJobs(order.id)).toHaveLength(0);
  });

  test('refused: the order stays pending, the state is failed, the receipt flow remains', async () => {
    const { order, transactionId, publicId } = await startPayment();
    fake.settle(transactionId, 'REFUSED');
    expect(await fake.deliverNotification(transactionId)).toBe(200);
    const row = await orderRow(order.id);
    expect(row.status).toBe('pending');
    expect(row.providerStatus).toBe('REFUSED');
    expect(await status(publicId)).toMatchObject({ status: 'pending', paymentState: 'failed' });
    expect(await deliveryJobs(order.id)).toHaveLength(0);
    // Trying again initialises a new transaction.
    const retry = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${publicId}/mobile-money/checkout`,
    });
    expect(retry.statusCode).toBe(200);
    expect((await orderRow(order.id)).providerTransactionId).not.toBe(transactionId);
  });

  test('forged (bad x-token, or a genuine token over altered fields): 401 and nothing changes', async () => {
    const { order, transactionId } = await startPayment();
    fake.settle(transactionId, 'ACCEPTED');
    const checksBefore = fake.requests.filter((r) => r.path === '/v2/payment/check').length;
    const forged = fake.notification(transactionId, { secretKey: 'not-the-secret' });
    const res = await fetch(`${base}/api/cinetpay/notify`, {
      method: 'POST',
      headers: forged.headers,
      body: forged.body,
    });
    expect(res.status).toBe(401);
    const genuine = fake.notification(transactionId);
    const altered = new URLSearchParams({ ...genuine.fields, cpm_amount: '100' }).toString();
    const res2 = await fetch(`${base}/api/cinetpay/notify`, {
      method: 'POST',
      headers: genuine.headers,
      body: altered,
    });
    expect(res2.status).toBe(401);
    const noToken = await fetch(`${base}/api/cinetpay/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: genuine.body,
    });
    expect(noToken.status).toBe(401);
    const row = await orderRow(order.id);
    expect(row.status).toBe('pending');
    expect(row.updatedAt.getTime()).toBe(order.updatedAt.getTime());
    expect(fake.requests.filter((r) => r.path === '/v2/payment/check').length).toBe(checksBefore);
    expect(await deliveryJobs(order.id)).toHaveLength(0);
  });

  test('a genuine notification for an unknown transaction is refused cleanly', async () => {
    const { transactionId } = await startPayment();
    const genuine = fake.notification(transactionId);
    const fields = { ...genuine.fields, cpm_trans_id: 'GAUNKNOWN' };
    const { cinetpayNotificationToken } = await import('../../src/server/adapters/mobile-money/cinetpay');
    const res = await fetch(`${base}/api/cinetpay/notify`, {
      method: 'POST',
      headers: { ...genuine.headers, 'x-token': cinetpayNotificationToken(fields, KEYS.secretKey) },
      body: new URLSearchParams(fields).toString(),
    });
    expect(res.status).toBe(404);
  });

  test('a notification for an already-completed order answers 200 and sends nothing more', async () => {
    const { order, transactionId } = await startPayment();
    // The operator validated a receipt first.
    await ctx.db
      .update(orders)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(orders.id, order.id));
    fake.settle(transactionId, 'ACCEPTED');
    const res = await fetch(`${base}/api/cinetpay/notify`, {
      method: 'POST',
      headers: fake.notification(transactionId).headers,
      body: fake.notification(transactionId).body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: 'already-completed' });
    expect(await deliveryJobs(order.id)).toHaveLength(0);
  });

  test('the provider cannot be asked: 503, so it notifies again; nothing changes', async () => {
    const { order, transactionId } = await startPayment();
    fake.settle(transactionId, 'ACCEPTED');
    fake.failNextChecks(1);
    expect(await fake.deliverNotification(transactionId)).toBe(503);
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await fake.deliverNotification(transactionId)).toBe(200);
    expect((await orderRow(order.id)).status).toBe('completed');
  });

  test('the availability ping (GET) is answered 200', async () => {
    expect((await fetch(`${base}/api/cinetpay/notify`)).status).toBe(200);
  });
});

describe('the poller', () => {
  test('recovers a lost notification', async () => {
    const { order, transactionId } = await startPayment();
    fake.settle(transactionId, 'ACCEPTED'); // paid, but the notification never comes
    await runJobsNow();
    expect((await orderRow(order.id)).status).toBe('completed');
    expect(await deliveryJobs(order.id)).toHaveLength(1);
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo(order.email)).toHaveLength(1);
  });

  test('keeps asking with growing delays while waiting, then hands the order to the operator after 24 h', async () => {
    const { order, transactionId } = await startPayment();
    await runJobsNow();
    const queued = await pollJobs(transactionId);
    expect(queued).toHaveLength(2);
    const next = queued.find((j) => j.status === 'pending')!;
    expect(next.runAfter.getTime() - Date.now()).toBeGreaterThan(30_000);
    await ctx.db
      .update(orders)
      .set({ providerStartedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, order.id));
    await runJobsNow();
    const row = await orderRow(order.id);
    expect(row.status).toBe('pending');
    expect(row.providerAttentionAt).not.toBeNull();
    expect(await pollJobs(transactionId)).toHaveLength(2);
    const admin = await ctx.app.services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(admin[0]!.providerAttentionReason).toMatch(/24 hours/);
  });
});

describe('the poller and an unreachable CinetPay', () => {
  test('keeps polling on its schedule through an outage, then flags the order after 24 h', async () => {
    const { order, transactionId } = await startPayment();
    fake.failNextChecks(1_000);
    try {
      await runJobsNow();
      // The failed check is not the job's failure: the next poll is queued, nothing is flagged.
      let polls = await pollJobs(transactionId);
      expect(polls.map((j) => j.status).sort()).toEqual(['done', 'pending']);
      expect((await orderRow(order.id)).providerAttentionAt).toBeNull();
      await ctx.db
        .update(orders)
        .set({ providerStartedAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(orders.id, order.id));
      await runJobsNow();
      polls = await pollJobs(transactionId);
      expect(polls.every((j) => j.status === 'done')).toBe(true);
      const row = await orderRow(order.id);
      expect(row.status).toBe('pending');
      expect(row.providerAttentionReason).toMatch(/24 hours/);
      await runJobsNow();
      expect(operatorNotices(order.orderNumber)).toHaveLength(1);
    } finally {
      fake.failNextChecks(0);
    }
    // Once CinetPay answers again, the page shows the order as under review rather than waiting.
    expect((await status(order.publicId)).paymentState).toBe('review');
  });
});

describe('races', () => {
  test('duplicate notifications, the poller and the shopper’s return together: one completion, one job, one email', async () => {
    const { order, transactionId, publicId } = await startPayment();
    fake.settle(transactionId, 'ACCEPTED');
    await ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.status, 'pending'));
    const n = fake.notification(transactionId);
    const notify = () =>
      fetch(`${base}/api/cinetpay/notify`, { method: 'POST', headers: n.headers, body: n.body });
    const results = await Promise.all([
      notify(),
      notify(),
      notify(),
      ctx.app.services.jobs.runDueJobs(),
      fetch(`${base}/api/cinetpay/return/${publicId}`, { redirect: 'manual' }),
      ctx.app.inject({ method: 'GET', url: `/api/orders/${publicId}/mobile-money/status` }),
    ]);
    const answers = results.slice(0, 3) as Response[];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const notifications = (await Promise.all(answers.map((r) => r.json()))) as { outcome: string }[];
    for (const { outcome } of notifications) expect(['completed', 'already-completed']).toContain(outcome);
    expect(notifications.filter((o) => o.outcome === 'completed').length).toBeLessThanOrEqual(1);
    expect((results[4] as Response).status).toBe(303);
    // A path: the shopper stays on the host the provider sent them back to, whatever PUBLIC_URL says.
    expect((results[4] as Response).headers.get('location')).toBe(`/order-confirmation/${publicId}?lang=fr`);
    expect((await orderRow(order.id)).status).toBe('completed');
    expect(await deliveryJobs(order.id)).toHaveLength(1);
    await ctx.app.services.jobs.runDueJobs();
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo(order.email)).toHaveLength(1);
  });

  test('the shopper’s return alone completes a paid order and lands on the order page', async () => {
    const { order, transactionId, publicId } = await startPayment();
    fake.settle(transactionId, 'ACCEPTED');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/cinetpay/return/${publicId}` });
    expect(res.statusCode).toBe(303);
    expect((await orderRow(order.id)).status).toBe('completed');
  });
});

describe('what only the operator may decide', () => {
  const admin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { 'x-admin-key': ADMIN_KEY }, ...(payload ? { payload } : {}) });
  const pendingEntry = async (orderId: string) => {
    const res = await admin('GET', '/api/orders/pending-mobile-money');
    expect(res.statusCode).toBe(200);
    return (res.json() as { id: string; automaticPayment: Record<string, unknown> | null }[]).find(
      (o) => o.id === orderId,
    );
  };

  test('ACCEPTED for less than the order’s amount: nothing completes, the operator sees why', async () => {
    const { order, transactionId, body } = await startPayment();
    const tx = fake.transactions.get(transactionId)!;
    tx.amount = body.amountXof - 5; // what the wallet actually took
    fake.settle(transactionId, 'ACCEPTED');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cinetpay/notify',
      headers: fake.notification(transactionId).headers,
      payload: fake.notification(transactionId).body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'ignored' });
    await runJobsNow();
    expect((await orderRow(order.id)).status).toBe('pending');
    expect(await deliveryJobs(order.id)).toHaveLength(0);
    expect(mailsTo(order.email)).toHaveLength(0);
    expect((await pendingEntry(order.id))?.automaticPayment).toMatchObject({
      provider: 'cinetpay',
      transactionId,
      providerStatus: 'ACCEPTED',
      needsAttention: true,
      attentionReason: `ACCEPTED for ${body.amountXof - 5} XOF, expected ${body.amountXof} XOF`,
    });
    // The order page stops waiting on CinetPay (and stops asking it), and no second payment starts.
    const checks = () => fake.requests.filter((r) => r.path === '/v2/payment/check').length;
    const before = checks();
    expect(await status(order.publicId)).toMatchObject({ status: 'pending', paymentState: 'review' });
    expect(await status(order.publicId)).toMatchObject({ paymentState: 'review' });
    expect(checks()).toBe(before);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.publicId}/mobile-money/checkout`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/being checked by the shop/);
    // The operator is emailed once, though the return asks CinetPay again and flags it again.
    await ctx.app.inject({ method: 'GET', url: `/api/cinetpay/return/${order.publicId}` });
    await runJobsNow();
    const notices = operatorNotices(order.orderNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`ACCEPTED for ${body.amountXof - 5} XOF, expected ${body.amountXof} XOF`);
    expect(notices[0]).toContain(transactionId);
  });

  test('paid after the operator rejected the order: it stays rejected, is flagged, and nothing is sent', async () => {
    const { order, transactionId } = await startPayment();
    // Already flagged once (no confirmation within 24 h): the later, graver flag must replace it.
    await ctx.db
      .update(orders)
      .set({
        providerAttentionAt: new Date(Date.now() - 60_000),
        providerAttentionReason: 'No confirmation from CinetPay within 24 hours',
      })
      .where(eq(orders.id, order.id));
    expect((await admin('PATCH', `/api/orders/${order.id}/reject`)).statusCode).toBe(200);
    fake.settle(transactionId, 'ACCEPTED');
    expect(await fake.deliverNotification(transactionId)).toBe(200);
    expect((await orderRow(order.id)).status).toBe('rejected');
    expect(await deliveryJobs(order.id)).toHaveLength(0);
    expect((await pendingEntry(order.id))?.automaticPayment).toMatchObject({
      needsAttention: true,
      attentionReason: 'Paid through CinetPay after the order was rejected',
    });
    await runJobsNow();
    const notices = operatorNotices(order.orderNumber);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain('Paid through CinetPay after the order was rejected');
  });

  test('the operator validating while the notification arrives: one completion, one email', async () => {
    const { order, transactionId } = await startPayment();
    fake.settle(transactionId, 'ACCEPTED');
    const [notified, validated] = await Promise.all([
      fake.deliverNotification(transactionId),
      admin('PATCH', `/api/orders/${order.id}/verify`, { verifiedBy: 'admin' }),
    ]);
    expect(notified).toBe(200);
    expect([200, 409]).toContain(validated.statusCode);
    expect((await orderRow(order.id)).status).toBe('completed');
    expect(await deliveryJobs(order.id)).toHaveLength(1);
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo(order.email)).toHaveLength(1);
  });

  test('the checkout says whether payments are confirmed automatically', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(res.json()).toMatchObject({ automaticMobileMoney: true });
  });
});

describe('not configured', () => {
  test('create-djamo-order answers without the automatic option and the receipt flow is unchanged', async () => {
    const plain = await createTestContext({ renderPages: false });
    try {
      const guide = await insertSellableGuide(plain, { title: 'Bamako', price: '9.00' });
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/create-djamo-order',
        payload: {
          email: 'plain@example.com',
          firstName: 'Awa',
          lastName: 'Koné',
          mobile: '+225 07 00 00 00 00',
          items: [{ id: guide.id, quantity: 1 }],
          total: 9,
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().automaticPayment).toBeNull();
      const publicId = res.json().order.id as string;
      const checkout = await plain.app.inject({
        method: 'POST',
        url: `/api/orders/${publicId}/mobile-money/checkout`,
      });
      expect(checkout.statusCode).toBe(404);
      expect(checkout.json().message).toMatch(/send a receipt instead/);
      const s = await plain.app.inject({ method: 'GET', url: `/api/orders/${publicId}/mobile-money/status` });
      expect(s.json()).toMatchObject({ paymentState: 'none', automaticAvailable: false, amountXof: null });
      const notify = await plain.app.inject({ method: 'POST', url: '/api/cinetpay/notify', payload: {} });
      expect(notify.statusCode).toBe(404);
      const config = await plain.app.inject({ method: 'GET', url: '/api/checkout/config' });
      expect(config.json()).toMatchObject({ automaticMobileMoney: false });
    } finally {
      await plain.close();
    }
  });
});

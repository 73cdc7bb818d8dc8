import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWaveFake, type WaveFake } from '../../src/server/adapters/wave/wave-fake';
import { loadConfig } from '../../src/server/config';
import { mailText, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { orderRow, WAVE_KEYS, WAVE_OPERATOR, waveEnv, waveShop } from './wave-support';

let fake: WaveFake;
let smtp: TestSmtpServer;
let ctx: TestContext;
let base: string;
const shop = waveShop(
  () => ctx,
  () => smtp,
);

beforeAll(async () => {
  fake = await startWaveFake(WAVE_KEYS);
  smtp = await startSmtpServer();
  ctx = await createTestContext({ renderPages: false, env: waveEnv(fake, smtp.url) });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fake.webhookUrl = `${base}/api/wave/webhook`;
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fake?.close();
});

describe('opening a Wave checkout', () => {
  test('sends the documented request: Bearer key, idempotency key, whole XOF as a string, the order, both URLs back', async () => {
    const { order, sessionId, body, publicId } = await shop.startWave();
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions')!;
    expect(sent.headers.authorization).toBe(`Bearer ${WAVE_KEYS.apiKey}`);
    expect(sent.headers['idempotency-key']).toMatch(/^[0-9a-f]{48}$/);
    const session = fake.sessions.get(sessionId)!;
    // 9 € × 655.957 = 5903.6 FCFA, rounded up to a whole franc.
    expect(session).toMatchObject({ amount: '5904', currency: 'XOF', client_reference: order.id });
    expect(session.success_url).toBe(`${base}/api/wave/return/${publicId}`);
    expect(session.error_url).toBe(`${base}/api/wave/return/${publicId}?outcome=error`);
    expect(body).toMatchObject({ provider: 'wave', amountXof: 5904, paymentState: 'waiting' });
    expect(body.paymentUrl).toBe(session.wave_launch_url);
    expect(order).toMatchObject({ status: 'pending', paymentProvider: 'wave', providerStatus: 'processing' });
  });

  test('asking again while the session is open resumes it; no second session', async () => {
    const { publicId, sessionId } = await shop.startWave();
    const again = await ctx.app.inject({ method: 'POST', url: `/api/orders/${publicId}/wave/checkout` });
    expect(again.statusCode).toBe(200);
    expect(again.json().paymentUrl).toBe(fake.sessions.get(sessionId)!.wave_launch_url);
    const orderId = (await orderRow(ctx, publicId, 'public')).id;
    expect([...fake.sessions.values()].filter((s) => s.client_reference === orderId)).toHaveLength(1);
  });

  test('an unknown order is 404, and Wave unreachable is 503 with nothing written', async () => {
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/orders/nope/wave/checkout' });
    expect(missing.statusCode).toBe(404);
    const placed = await shop.placeOrder();
    fake.failNextCalls(1);
    const res = await ctx.app.inject({ method: 'POST', url: placed.wave!.checkoutUrl });
    expect(res.statusCode).toBe(503);
    expect((await orderRow(ctx, placed.order.id, 'public')).providerTransactionId).toBeNull();
  });
});

describe('the webhook', () => {
  test('completed: Wave is asked, the order completed once, one delivery email; a duplicate changes nothing', async () => {
    const { order, sessionId, publicId } = await shop.startWave();
    fake.pay(sessionId);
    const hook = fake.webhook(sessionId);
    const res = await shop.sendWebhook(hook);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'completed' });
    expect(
      fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${sessionId}`),
    ).toBe(true);
    expect(await orderRow(ctx, order.id)).toMatchObject({
      status: 'completed',
      verifiedBy: 'wave',
      providerStatus: 'succeeded',
    });
    await shop.runJobsNow();
    expect(shop.mailsTo(order.email)).toHaveLength(1);
    expect((await shop.sendWebhook(hook)).json()).toMatchObject({ outcome: 'already-completed' });
    expect((await shop.sendWebhook(fake.webhook(sessionId))).statusCode).toBe(200);
    await shop.runJobsNow();
    expect(shop.mailsTo(order.email)).toHaveLength(1);
    expect(await shop.deliveryJobs(order.id)).toHaveLength(1);
    expect(await shop.status(publicId)).toMatchObject({ status: 'completed', paymentState: 'paid' });
  });

  test('forged (another secret, or the genuine signature over an altered body): 401 and nothing changes', async () => {
    const { order, sessionId } = await shop.startWave();
    fake.pay(sessionId);
    const forged = fake.webhook(sessionId, { secret: 'not-the-secret' });
    expect((await shop.sendWebhook(forged)).statusCode).toBe(401);
    const genuine = fake.webhook(sessionId);
    const altered = {
      ...genuine,
      body: genuine.body.replace('"checkout.session.completed"', '"checkout.session.completed" '),
    };
    expect((await shop.sendWebhook(altered)).statusCode).toBe(401);
    const unsigned = { headers: { 'content-type': 'application/json' }, body: genuine.body };
    expect((await shop.sendWebhook(unsigned)).statusCode).toBe(401);
    const garbage = { ...genuine, headers: { ...genuine.headers, 'wave-signature': 't=abc,v1=zz' } };
    expect((await shop.sendWebhook(garbage)).statusCode).toBe(401);
    expect((await orderRow(ctx, order.id)).status).toBe('pending');
    expect(await shop.deliveryJobs(order.id)).toHaveLength(0);
  });

  test('older than five minutes (a replay) is refused; one within them is taken', async () => {
    const { order, sessionId } = await shop.startWave();
    fake.pay(sessionId);
    expect((await shop.sendWebhook(fake.webhook(sessionId, { ageSeconds: 301 }))).statusCode).toBe(401);
    expect((await shop.sendWebhook(fake.webhook(sessionId, { ageSeconds: -301 }))).statusCode).toBe(401);
    expect((await orderRow(ctx, order.id)).status).toBe('pending');
    expect((await shop.sendWebhook(fake.webhook(sessionId, { ageSeconds: 290 }))).statusCode).toBe(200);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
  });

  test('a webhook saying completed is not believed: Wave says processing, the order waits', async () => {
    const { order, sessionId } = await shop.startWave();
    const lying = fake.webhook(sessionId, { type: 'checkout.session.completed' });
    const res = await shop.sendWebhook(lying);
    expect(res.json()).toMatchObject({ outcome: 'waiting' });
    expect((await orderRow(ctx, order.id)).status).toBe('pending');
  });

  test('Wave unreachable: 503 so Wave sends it again; then it completes', async () => {
    const { order, sessionId } = await shop.startWave();
    fake.pay(sessionId);
    fake.failNextCalls(1);
    expect((await shop.sendWebhook(fake.webhook(sessionId))).statusCode).toBe(503);
    expect((await orderRow(ctx, order.id)).status).toBe('pending');
    expect((await shop.sendWebhook(fake.webhook(sessionId))).statusCode).toBe(200);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
  });

  test('succeeded for another amount or currency: nothing completes, the operator is told why', async () => {
    const { order, sessionId } = await shop.startWave();
    fake.pay(sessionId, { amount: '5900' });
    expect((await shop.sendWebhook(fake.webhook(sessionId))).json()).toMatchObject({ outcome: 'ignored' });
    const row = await orderRow(ctx, order.id);
    expect(row.status).toBe('pending');
    expect(row.providerAttentionReason).toBe('Wave says succeeded for 5900 XOF, expected 5904 XOF');
    expect((await shop.status(order.publicId)).paymentState).toBe('review');
    await shop.runJobsNow();
    expect(shop.mailsTo(order.email)).toHaveLength(0);
    const notice = shop
      .mailsTo(WAVE_OPERATOR)
      .map((m) => mailText(m.raw))
      .find((t) => t.includes(order.orderNumber));
    expect(notice).toContain(`Wave payment to check – order ${order.orderNumber}`);
    expect(notice).toContain('expected 5904 XOF');

    const other = await shop.startWave();
    fake.pay(other.sessionId, { currency: 'EUR' });
    await shop.sendWebhook(fake.webhook(other.sessionId));
    expect((await orderRow(ctx, other.order.id)).status).toBe('pending');
  });
});

describe('the buyer coming back', () => {
  test('the webhook before the buyer returns: completed by the webhook, the return only lands on the order page', async () => {
    const { order, sessionId, publicId } = await shop.startWave();
    // The launch page's Pay button: Wave sends the signed webhook, then the browser back to success_url.
    const paid = await fetch(fake.sessions.get(sessionId)!.wave_launch_url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=pay',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    const back = await fetch(paid.headers.get('location')!, { redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toContain(publicId);
    expect(await shop.deliveryJobs(order.id)).toHaveLength(1);
  });

  test('the return alone (the webhook lost) completes a paid order; error_url with no payment leaves it payable', async () => {
    const { order, sessionId, publicId } = await shop.startWave();
    fake.pay(sessionId);
    const back = await ctx.app.inject({ method: 'GET', url: `/api/wave/return/${publicId}` });
    expect(back.statusCode).toBe(303);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');

    const other = await shop.startWave();
    // A success_url visited without paying proves nothing.
    await ctx.app.inject({ method: 'GET', url: `/api/wave/return/${other.publicId}` });
    expect((await orderRow(ctx, other.order.id)).status).toBe('pending');
  });

  test('a failed or expired session leaves the order payable: Wave again opens a new session', async () => {
    const { order, sessionId, publicId } = await shop.startWave();
    fake.fail(sessionId);
    await ctx.app.inject({ method: 'GET', url: `/api/wave/return/${publicId}?outcome=error` });
    expect(await shop.status(publicId)).toMatchObject({
      status: 'pending',
      paymentState: 'failed',
      waveAvailable: true,
    });
    const again = await ctx.app.inject({ method: 'POST', url: `/api/orders/${publicId}/wave/checkout` });
    expect(again.statusCode).toBe(200);
    const second = (await orderRow(ctx, order.id)).providerTransactionId!.replace('wave:', '');
    expect(second).not.toBe(sessionId);
    fake.expire(second);
    await shop.runJobsNow(); // the poller asks Wave
    expect(await shop.status(publicId)).toMatchObject({ paymentState: 'failed' });
    // The receipt stays possible too.
    expect((await orderRow(ctx, order.id)).status).toBe('pending');
  });
});

describe('the poller and races', () => {
  test('the poller recovers a payment nobody reported', async () => {
    const { order, sessionId } = await shop.startWave();
    fake.pay(sessionId);
    await shop.runJobsNow();
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
  });

  test('webhooks, the return and the poller at once: one completion, one delivery job, one email', async () => {
    const { order, sessionId, publicId } = await shop.startWave();
    fake.pay(sessionId);
    await Promise.all([
      shop.sendWebhook(fake.webhook(sessionId)),
      shop.sendWebhook(fake.webhook(sessionId)),
      fake.deliver(fake.webhook(sessionId)),
      ctx.app.inject({ method: 'GET', url: `/api/wave/return/${publicId}` }),
      shop.runJobsNow(),
    ]);
    expect((await orderRow(ctx, order.id)).status).toBe('completed');
    expect(await shop.deliveryJobs(order.id)).toHaveLength(1);
    await shop.runJobsNow();
    expect(shop.mailsTo(order.email)).toHaveLength(1);
  });
});

describe('settings', () => {
  test('all of them or none: half a Wave configuration refuses to start, naming what is missing', () => {
    expect(loadConfig({}).wave).toBeUndefined();
    expect(() => loadConfig({ WAVE_API_KEY: 'k' })).toThrow(/WAVE_SIGNING_SECRET/);
    expect(() => loadConfig({ WAVE_SIGNING_SECRET: 's' })).toThrow(/WAVE_API_KEY/);
    expect(() => loadConfig({ WAVE_API_URL: 'http://127.0.0.1:9' })).toThrow(/WAVE_API_URL/);
    expect(loadConfig({ WAVE_API_KEY: 'k', WAVE_SIGNING_SECRET: 's' }).wave?.apiUrl).toBe(
      'https://api.wave.com',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startWaveFake, type WaveFake } from '../../src/server/adapters/wave/wave-fake';
import { orders, refunds } from '../../src/server/db/schema';
import { checkWaveDay } from '../../src/server/modules/wave/wave-poller';
import { mailText, startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { orderRow, WAVE_ADMIN_KEY, WAVE_KEYS, WAVE_OPERATOR, waveEnv, waveShop } from './wave-support';

let fake: WaveFake;
let smtp: TestSmtpServer;
let ctx: TestContext;
const shop = waveShop(
  () => ctx,
  () => smtp,
);

beforeAll(async () => {
  fake = await startWaveFake(WAVE_KEYS);
  smtp = await startSmtpServer();
  ctx = await createTestContext({ renderPages: false, env: waveEnv(fake, smtp.url) });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fake?.close();
});

async function paidWaveOrder() {
  const started = await shop.startWave();
  fake.pay(started.sessionId);
  expect((await shop.sendWebhook(fake.webhook(started.sessionId))).json()).toMatchObject({
    outcome: 'completed',
  });
  return started;
}

const refund = (orderId: string, body: { amount?: string; note?: string; requestKey?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { 'x-admin-key': WAVE_ADMIN_KEY },
    payload: { requestKey: randomUUID(), ...body },
  });
const detail = async (orderId: string) =>
  (
    await ctx.app.inject({ url: `/api/admin/orders/${orderId}`, headers: { 'x-admin-key': WAVE_ADMIN_KEY } })
  ).json() as {
    payment: { method: string; verifiedBy: string | null };
    timeline: { kind: string; summary: string; detail: string | null }[];
  };

describe('refunds through Wave', () => {
  test('a full refund goes to POST /v1/checkout/sessions/{id}/refund with the request key; the order and its timeline show it', async () => {
    const { order, sessionId } = await paidWaveOrder();
    const key = randomUUID();
    const res = await refund(order.id, { requestKey: key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refund: {
        provider: 'wave',
        status: 'succeeded',
        amount: '9.00',
        providerRefundId: `wave:${sessionId}`,
      },
      order: { refundedAmount: '9.00', fullyRefunded: true, accessRevoked: true },
    });
    const call = fake.requests.find((r) => r.path === `/v1/checkout/sessions/${sessionId}/refund`)!;
    expect(call.headers).toMatchObject({
      authorization: `Bearer ${WAVE_KEYS.apiKey}`,
      'idempotency-key': key,
    });
    expect(fake.sessions.get(sessionId)!.refundedWith).toBe(key);
    const seen = await detail(order.id);
    expect(seen.payment).toMatchObject({ method: 'wave', verifiedBy: 'wave' });
    expect(seen.timeline.map((e) => e.summary)).toContain('Refunded €9 in full: downloads closed (Wave)');
    // The same request again answers the same refund; another one is refused: never twice.
    const again = await refund(order.id, { requestKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().refund.id).toBe(res.json().refund.id);
    const second = await refund(order.id);
    expect(second.statusCode).toBe(409);
    expect(fake.requests.filter((r) => r.path.endsWith('/refund'))).toHaveLength(1);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(1);
  });

  test('two refunds at once: one reaches Wave, the other is refused', async () => {
    const { order, sessionId } = await paidWaveOrder();
    const answers = await Promise.all([refund(order.id), refund(order.id), refund(order.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(fake.requests.filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/refund`)).toHaveLength(
      1,
    );
  });

  test('a part of the payment is refused naming the amount: Wave refunds whole', async () => {
    const { order } = await paidWaveOrder();
    const res = await refund(order.id, { amount: '4.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'amount' });
    expect(res.json().message).toMatch(/^amount: Wave refunds the whole payment only/);
    expect((await refund(order.id, { amount: '9.00' })).statusCode).toBe(200);
  });

  test('a refund Wave refuses is shown with Wave’s reason, on the answer and the timeline; nothing is recorded as refunded', async () => {
    const { order } = await paidWaveOrder();
    fake.refuseRefunds({ code: 'insufficient-funds', message: 'The merchant wallet balance is too low' });
    try {
      const res = await refund(order.id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'refund_refused',
        message: 'Wave refused the refund: The merchant wallet balance is too low',
      });
    } finally {
      fake.refuseRefunds(undefined);
    }
    expect(await orderRow(ctx, order.id)).toMatchObject({ refundedAmount: '0.00', accessRevokedAt: null });
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0);
    const refused = (await detail(order.id)).timeline.find((e) => e.kind === 'refund_refused');
    expect(refused).toMatchObject({
      summary: 'Refund of €9.00 refused by Wave',
      detail: 'The merchant wallet balance is too low',
    });
    // Once Wave takes it, the same order refunds.
    expect((await refund(order.id)).statusCode).toBe(200);
  });

  test('Wave unreachable: 503, the amount held; the same request later refunds once', async () => {
    const { order, sessionId } = await paidWaveOrder();
    const key = randomUUID();
    fake.failNextCalls(1);
    expect((await refund(order.id, { requestKey: key })).statusCode).toBe(503);
    expect((await refund(order.id)).statusCode).toBe(409);
    const res = await refund(order.id, { requestKey: key });
    expect(res.statusCode).toBe(200);
    expect(fake.sessions.get(sessionId)!.refundedWith).toBe(key);
  });

  test('an order paid by receipt is still refunded by hand, with a note', async () => {
    const placed = await shop.placeOrder();
    const id = (await orderRow(ctx, placed.order.id, 'public')).id;
    await ctx.db
      .update(orders)
      .set({ status: 'completed', completedAt: new Date(), verifiedBy: 'operator' })
      .where(eq(orders.id, id));
    expect((await refund(id)).json()).toMatchObject({ field: 'note' });
    expect((await refund(id, { note: 'Sent back by Orange Money' })).json().refund).toMatchObject({
      provider: 'manual',
    });
  });
});

describe('the order desk and the export', () => {
  test('a Wave order is its own method: the filter finds it, CinetPay’s does not, the CSV says wave', async () => {
    const { order, sessionId } = await paidWaveOrder();
    const get = (url: string) => ctx.app.inject({ url, headers: { 'x-admin-key': WAVE_ADMIN_KEY } });
    const list = (await get(`/api/admin/orders?method=wave&q=${encodeURIComponent(order.email)}`)).json() as {
      orders: { orderNumber: string; method: string }[];
    };
    expect(list.orders).toEqual([
      expect.objectContaining({ orderNumber: order.orderNumber, method: 'wave' }),
    ]);
    const cinetpay = (
      await get(`/api/admin/orders?method=cinetpay&q=${encodeURIComponent(order.email)}`)
    ).json();
    expect(cinetpay.orders).toEqual([]);
    const csv = (await get(`/api/admin/orders/export?method=wave`)).body;
    const line = csv.split('\r\n').find((l) => l.includes(order.orderNumber))!;
    expect(line).toContain('"wave"');
    expect(line).toContain(`wave:${sessionId}`);
  });
});

describe('the daily check', () => {
  test('a session Wave says paid without a paid order is handed to the operator, by email, once', async () => {
    const { order, sessionId } = await shop.startWave();
    // Paid on Wave's side, but neither the webhook, the return nor the poller got through.
    fake.pay(sessionId);
    const day = new Date().toISOString().slice(0, 10);
    const ok = await shop.startWave(); // an unpaid session of the same day: nothing to say
    expect(await checkWaveDay(ctx.app.services.wave, day)).toBe(1);
    const row = await orderRow(ctx, order.id);
    expect(row.providerAttentionReason).toBe(
      `Daily check: Wave session ${sessionId} succeeded but the order is pending`,
    );
    expect((await orderRow(ctx, ok.order.id)).providerAttentionAt).toBeNull();
    expect(fake.requests.some((r) => r.path === '/v1/checkout/sessions/search')).toBe(true);
    await ctx.app.services.jobs.runDueJobs();
    const notices = shop
      .mailsTo(WAVE_OPERATOR)
      .map((m) => mailText(m.raw))
      .filter((t) => t.includes(`Wave payment to check – order ${order.orderNumber}`));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(sessionId);
  });
});

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { waveSignature } from '../../src/server/adapters/wave/wave';
import { startWaveFake, type WaveFake } from '../../src/server/adapters/wave/wave-fake';
import { orderRow, WAVE_KEYS, waveEnv, waveShop } from '../api/wave-support';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { HARDENING_ENV } from './harness';

/** Hostile input at Wave's webhook and return: nothing changes, nothing crashes, answers stay 4xx. */
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
  ctx = await createTestContext({
    renderPages: false,
    env: { ...HARDENING_ENV, ...waveEnv(fake, smtp.url) },
  });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
  await fake?.close();
});

const post = (body: string | Buffer, signature?: string, contentType = 'application/json') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/wave/webhook',
    headers: { 'content-type': contentType, ...(signature ? { 'wave-signature': signature } : {}) },
    payload: body,
  });
const signed = (body: string, t = Math.floor(Date.now() / 1000)) =>
  `t=${t},v1=${waveSignature(WAVE_KEYS.signingSecret, t, body)}`;

describe('the Wave webhook under attack', () => {
  test('malformed signatures of every shape are 401 and leave the paid order pending', async () => {
    const { order, sessionId } = await shop.startWave();
    fake.pay(sessionId);
    const body = fake.webhook(sessionId).body;
    const t = Math.floor(Date.now() / 1000);
    const good = waveSignature(WAVE_KEYS.signingSecret, t, body);
    for (const header of [
      '',
      't=',
      `v1=${good}`,
      `t=${t}`,
      `t=${t},v1=${good.slice(0, 63)}`,
      `t=${t},v1=${good.toUpperCase()}x`,
      `t=99999999999999999999,v1=${good}`,
      `t=-${t},v1=${good}`,
      `t=${t}\u0000,v1=${good}`,
      `t=${t},v1=${'0'.repeat(64)},`.repeat(60),
      `t=${t},v0=${good}`,
      `t=${t + 400},v1=${waveSignature(WAVE_KEYS.signingSecret, t + 400, body)}`,
    ]) {
      const res = await post(body, header);
      expect(res.statusCode, header.slice(0, 80)).toBe(401);
    }
    expect((await orderRow(ctx, order.id)).status).toBe('pending');
  });

  test('a genuine signature over nonsense is answered without a crash; over another type it is ignored', async () => {
    for (const body of [
      'not json',
      '[]',
      '{"type":"checkout.session.completed","data":{"id":"\ud800"}}',
      '\u0000',
    ]) {
      const res = await post(body, signed(body));
      expect([200, 401]).toContain(res.statusCode);
    }
    const other = JSON.stringify({ id: 'AE_x', type: 'merchant.payment_received', data: { id: 'cos-x' } });
    expect((await post(other, signed(other))).json()).toMatchObject({ outcome: 'ignored' });
    // A genuine event about a session that is not ours changes nothing.
    const foreign = JSON.stringify({
      id: 'AE_y',
      type: 'checkout.session.completed',
      data: { id: 'cos-unknown' },
    });
    expect((await post(foreign, signed(foreign))).json()).toMatchObject({ outcome: 'ignored' });
  });

  test('a body over 64 KiB is refused before any signature work; another content type is 415', async () => {
    const big = JSON.stringify({ pad: 'x'.repeat(70_000) });
    expect((await post(big, signed(big))).statusCode).toBe(413);
    expect((await post('a=b', signed('a=b'), 'application/x-www-form-urlencoded')).statusCode).toBe(415);
  });

  test('the return page reloaded in a loop asks Wave at most once every few seconds', async () => {
    const { publicId, sessionId } = await shop.startWave();
    const gets = () => fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(sessionId)).length;
    for (let i = 0; i < 20; i++) {
      expect((await ctx.app.inject({ url: `/api/wave/return/${publicId}` })).statusCode).toBe(303);
    }
    expect(gets()).toBe(1);
    expect((await ctx.app.inject({ url: '/api/wave/return/%00%ff' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: `/api/wave/return/${'a'.repeat(500)}` })).statusCode).toBeLessThan(
      500,
    );
  });
});

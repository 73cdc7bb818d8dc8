import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { whatsappMessages } from '../../src/server/db/schema';
import { signWebhookBody } from '../../src/server/modules/whatsapp/webhook-signature';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  FAKE_WHATSAPP,
  startWhatsAppFake,
  statusNotification,
  type WhatsAppFake,
} from '../helpers/whatsapp-fake';
import { ADMIN_KEY, messagesOf, placeFreeOrder, whatsappEventsOf } from './whatsapp-support';

let fake: WhatsAppFake;
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  fake = await startWhatsAppFake();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ...fake.env(),
      ADMIN_API_KEY: ADMIN_KEY,
      PUBLIC_URL: 'https://guides.example',
      // One buyer's number throughout; the per-number cap has its own test (tests/hardening/abuse-whatsapp.test.ts).
      WHATSAPP_UNSOLICITED_PER_NUMBER_PER_DAY: '1000',
    },
  });
  // The fake posts its signed statuses over real HTTP, as Meta does.
  const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fake.setWebhookUrl(`${address}/api/whatsapp/webhook`);
  guide = await insertSellableGuide(ctx, { title: 'Kit de départ', price: '0.00' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A paid, opted-in order whose message the fake accepted: its row and wamid. */
async function sentMessage(email: string) {
  const order = await placeFreeOrder(ctx, guide.id, { whatsapp: true, email });
  await ctx.app.services.jobs.runDueJobs();
  const [row] = await messagesOf(ctx.db, order.id);
  expect(row?.status).toBe('sent');
  return { order, wamid: row!.wamid! };
}

const post = (payload: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });
const signed = (payload: string) => ({
  'x-hub-signature-256': signWebhookBody(FAKE_WHATSAPP.appSecret, payload),
});

describe('GET /api/whatsapp/webhook (Meta’s verification)', () => {
  const verify = (query: string) => ctx.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?${query}` });

  test('answers the challenge as text when the verify token matches', async () => {
    const res = await verify(
      `hub.mode=subscribe&hub.verify_token=${FAKE_WHATSAPP.verifyToken}&hub.challenge=1158201444`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('1158201444');
  });

  test('a wrong token is a 403 JSON error, missing parameters a 400 naming them', async () => {
    const wrong = await verify('hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/verify_token/);
    const missing = await verify('hub.mode=subscribe');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/hub\.verify_token|hub\.challenge/);
  });
});

describe('POST /api/whatsapp/webhook (statuses)', () => {
  test('delivered then read move the message forward and show on the order’s timeline', async () => {
    const { order, wamid } = await sentMessage('statuses@example.com');
    expect((await fake.sendStatus(wamid, 'delivered')).body).toEqual({ received: true, recorded: 1 });
    expect((await fake.sendStatus(wamid, 'read')).body).toEqual({ received: true, recorded: 1 });
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'read' });
    expect(row!.deliveredAt).not.toBeNull();
    expect(row!.readAt).not.toBeNull();

    const detail = await ctx.app.inject({
      url: `/api/admin/orders/${order.id}`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    const summaries = (detail.json().timeline as { kind: string; summary: string }[])
      .filter((e) => e.kind === 'whatsapp')
      .map((e) => e.summary);
    expect(summaries).toEqual([
      'WhatsApp “guides ready”: read',
      'WhatsApp “guides ready”: delivered',
      'WhatsApp “guides ready” to +221771234567: sent',
    ]);
  });

  test('a repeated status records nothing more; a late delivered after read never goes back', async () => {
    const { order, wamid } = await sentMessage('late@example.com');
    await fake.sendStatus(wamid, 'read');
    expect((await fake.sendStatus(wamid, 'read')).body).toEqual({ received: true, recorded: 0 });
    expect((await fake.sendStatus(wamid, 'sent')).body).toEqual({ received: true, recorded: 0 });
    expect((await fake.sendStatus(wamid, 'delivered')).body).toEqual({ received: true, recorded: 1 });
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row?.status).toBe('read');
    expect((await whatsappEventsOf(ctx.db, order.id)).map((e) => e.data.status).sort()).toEqual([
      'delivered',
      'read',
      'sent',
    ]);
  });

  test('the same status twice at once is recorded once', async () => {
    const { order, wamid } = await sentMessage('twice@example.com');
    const answers = await Promise.all([
      fake.sendStatus(wamid, 'delivered'),
      fake.sendStatus(wamid, 'delivered'),
    ]);
    expect(answers.map((a) => (a.body as { recorded: number }).recorded).sort()).toEqual([0, 1]);
    expect(
      (await whatsappEventsOf(ctx.db, order.id)).filter((e) => e.data.status === 'delivered'),
    ).toHaveLength(1);
  });

  test('a failed status records the error code and shows it', async () => {
    const { order, wamid } = await sentMessage('failed@example.com');
    await fake.sendStatus(wamid, 'failed', { errorCode: 131026 });
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'failed', errorCode: 131026 });
    expect(row!.lastError).toContain('Message undeliverable');
  });

  test('a missing signature is a 401 and a wrong one a 403; nothing is recorded', async () => {
    const { order, wamid } = await sentMessage('forged@example.com');
    const missing = await fake.sendStatus(wamid, 'read', { signature: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ message: expect.stringMatching(/X-Hub-Signature-256/) });
    const other = signWebhookBody('another-secret', JSON.stringify(statusNotification(wamid, 'read', '1')));
    for (const signature of [other, 'sha256=zz', 'sha1=abc', `${other}0`]) {
      expect((await fake.sendStatus(wamid, 'read', { signature })).status).toBe(403);
    }
    // Signed for another body: the bytes count, not the meaning.
    const payload = JSON.stringify(statusNotification(wamid, 'read', '1'));
    const res = await post(`${payload} `, signed(payload));
    expect(res.statusCode).toBe(403);
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row?.status).toBe('sent');
  });

  test('a flood of forged statuses from one client is refused without a write, and Meta’s own still goes through', async () => {
    const { order, wamid } = await sentMessage('flood@example.com');
    const forged = JSON.stringify(statusNotification(wamid, 'read', '1'));
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(forged, { 'x-hub-signature-256': `sha256=${i.toString(16).padStart(64, '0')}` }),
      ),
    );
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([403]));
    expect((await messagesOf(ctx.db, order.id))[0]?.status).toBe('sent');
    expect((await fake.sendStatus(wamid, 'read')).body).toEqual({ received: true, recorded: 1 });
  });

  test('garbage, a wrong shape and an unknown wamid: 400, 400 naming the field, 200 recording nothing', async () => {
    const garbage = '{"object": "whatsapp_business_account", "entry": [';
    const bad = await post(garbage, signed(garbage));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/not JSON/);
    const wrong = JSON.stringify({ object: 'whatsapp_business_account', entry: 'x' });
    const shape = await post(wrong, signed(wrong));
    expect(shape.statusCode).toBe(400);
    expect(shape.json().message).toMatch(/entry/);
    const unknown = JSON.stringify(statusNotification('wamid.unknown', 'read', '1'));
    expect((await post(unknown, signed(unknown))).json()).toEqual({ received: true, recorded: 0 });
    // A lone surrogate in the body's text is just text: still verified, still parsed.
    const odd = JSON.stringify(statusNotification('wamid.\ud800', 'delivered', '1'));
    expect((await post(odd, signed(odd))).statusCode).toBe(200);
  });

  test('a body over 256 KB is refused with 413 before anything is read', async () => {
    const huge = JSON.stringify({ object: 'x', entry: [], pad: 'a'.repeat(300 * 1024) });
    const res = await post(huge, signed(huge));
    expect(res.statusCode).toBe(413);
  });
});

describe('GET /api/admin/whatsapp/messages', () => {
  test('lists the messages with their order and status, behind the admin key', async () => {
    const { order, wamid } = await sentMessage('listed@example.com');
    await fake.sendStatus(wamid, 'delivered');
    expect((await ctx.app.inject({ url: '/api/admin/whatsapp/messages' })).statusCode).toBe(401);
    const res = await ctx.app.inject({
      url: '/api/admin/whatsapp/messages',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.configured).toBe(true);
    const [row] = await ctx.db.select().from(whatsappMessages).where(eq(whatsappMessages.wamid, wamid));
    expect(body.messages).toContainEqual(
      expect.objectContaining({
        id: row!.id,
        orderNumber: order.orderNumber,
        status: 'delivered',
        template: 'order_paid',
      }),
    );
  });
});

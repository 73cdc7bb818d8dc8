import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { REFUSALS, startWhatsAppFake, type WhatsAppFake } from '../helpers/whatsapp-fake';
import { paymentIntentFor, payWithTestCard } from './checkout-helpers';
import {
  ADMIN_KEY,
  BUYER_NUMBER,
  buyer,
  emailsOf,
  messagesOf,
  placeFreeOrder,
  placeMobileMoneyOrder,
  whatsappEventsOf,
  whatsappJobsOf,
} from './whatsapp-support';

let fake: WhatsAppFake;
let ctx: TestContext;
let free: GuideRow;
let paid: GuideRow;

beforeAll(async () => {
  fake = await startWhatsAppFake();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ...fake.env(),
      // One buyer's number throughout; the per-number cap has its own test (tests/hardening/abuse-whatsapp.test.ts).
      WHATSAPP_UNSOLICITED_PER_NUMBER_PER_DAY: '1000',
      ADMIN_API_KEY: ADMIN_KEY,
      PUBLIC_URL: 'https://guides.example',
      MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/guides?ref={reference}&amount={amount}',
    },
    worker: { backoffBaseMs: 100, backoffCapMs: 200 },
  });
  free = await insertSellableGuide(ctx, { title: 'Kit de départ', price: '0.00' });
  paid = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

const runJobs = () => ctx.app.services.jobs.runDueJobs();
const receivedFor = (orderNumber: string) => fake.received.filter((m) => m.parameters[1] === orderNumber);

describe('sending', () => {
  test('the checkout offers the option when WhatsApp is configured', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/checkout/config' });
    expect(res.json()).toMatchObject({ whatsapp: true });
  });

  test('a paid order that opted in gets the order page link in French, beside its email', async () => {
    const order = await placeFreeOrder(ctx, free.id, { whatsapp: true });
    expect(order.whatsappOptIn).toBe(true);
    await runJobs();
    const [message] = receivedFor(order.orderNumber);
    expect(message).toEqual({
      to: BUYER_NUMBER,
      template: 'order_paid',
      language: 'fr',
      parameters: [
        'Awa',
        order.orderNumber,
        `https://guides.example/order-confirmation/${order.publicId}?lang=fr`,
      ],
      wamid: expect.stringMatching(/^wamid\./),
    });
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'sent', wamid: message!.wamid, attempts: 1, kind: 'order-paid' });
    expect((await emailsOf(ctx.db, order.id)).map((e) => [e.kind, e.status])).toEqual([['delivery', 'sent']]);
    const events = await whatsappEventsOf(ctx.db, order.id);
    expect(events.map((e) => e.data.status)).toEqual(['sent']);
  });

  test('an English card order that opted in gets the English template; its metadata carries the choice', async () => {
    const items = [{ id: paid.id, quantity: 1 }];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        customer: { ...buyer, email: 'card@example.com', whatsapp: true },
        locale: 'en',
        items,
        amount: 9,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json() as { paymentIntentId: string; clientSecret: string };
    expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
    const claim = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...buyer, email: 'card@example.com', locale: 'en', items, total: 9, ...intent },
    });
    expect(claim.statusCode, claim.body).toBeLessThan(300);
    await runJobs();
    const message = fake.received.find((m) => m.parameters[2]?.endsWith(`/${claim.json().id}?lang=en`));
    expect(message).toMatchObject({ template: 'order_paid', language: 'en', to: BUYER_NUMBER });
  });

  test('a card payment without the opt-in sends nothing on WhatsApp', async () => {
    const before = fake.requests;
    const intent = await paymentIntentFor(ctx, [{ id: paid.id, quantity: 2 }], 18);
    await payWithTestCard(ctx, intent.paymentIntentId);
    await runJobs();
    expect(fake.requests).toBe(before);
  });

  test('a mobile-money order that opted in gets its reference, amount and payment link', async () => {
    const order = await placeMobileMoneyOrder(ctx, paid, { whatsapp: true, email: 'mm@example.com' });
    await runJobs();
    const [message] = receivedFor(order.orderNumber);
    const reference = order.mobileMoneyReference!;
    expect(message).toMatchObject({
      template: 'mobile_money_placed',
      language: 'fr',
      parameters: [
        'Awa',
        order.orderNumber,
        reference,
        '5 904 FCFA',
        `https://pay.example/guides?ref=${reference}&amount=5904`,
      ],
    });
    // Paid later: the guides' message follows, once.
    const validate = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/verify`,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { verifiedBy: 'admin' },
    });
    expect(validate.statusCode, validate.body).toBe(200);
    await runJobs();
    await runJobs();
    expect(receivedFor(order.orderNumber).map((m) => m.template)).toEqual([
      'mobile_money_placed',
      'order_paid',
    ]);
  });

  test('an order that did not opt in queues no WhatsApp job and sends nothing', async () => {
    const before = fake.requests;
    const order = await placeFreeOrder(ctx, free.id, { email: 'nope@example.com' });
    await runJobs();
    expect(order.whatsappOptIn).toBe(false);
    expect(await whatsappJobsOf(ctx.db, order.id)).toEqual([]);
    expect(fake.requests).toBe(before);
  });

  test('a double submit makes one order and one message', async () => {
    const body = { whatsapp: true, email: 'twice@example.com' };
    const payload = {
      ...buyer,
      ...body,
      locale: 'fr',
      total: 0,
      claimKey: 'whatsapp-double-claim-key-0001',
      items: [{ id: free.id, quantity: 1 }],
    };
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/create-free-order', payload }),
      ctx.app.inject({ method: 'POST', url: '/api/create-free-order', payload }),
    ]);
    expect(a.json().id).toBe(b.json().id);
    await Promise.all([runJobs(), runJobs()]);
    const number = a.json().orderNumber as string;
    expect(receivedFor(number)).toHaveLength(1);
  });
});

describe('refusals', () => {
  test('an invalid number is recorded as failed, not retried, and the email still goes', async () => {
    fake.refuseNext(REFUSALS.invalidNumber);
    const order = await placeFreeOrder(ctx, free.id, { whatsapp: true, email: 'bad-number@example.com' });
    await runJobs();
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'failed', errorCode: 131026, attempts: 1, wamid: null });
    expect(row!.lastError).toContain('Message undeliverable');
    const [job] = await whatsappJobsOf(ctx.db, order.id);
    expect(job).toMatchObject({ status: 'done', attempts: 1 });
    expect((await emailsOf(ctx.db, order.id)).map((e) => e.status)).toEqual(['sent']);
    const events = await whatsappEventsOf(ctx.db, order.id);
    expect(events.map((e) => e.data.status)).toEqual(['failed']);
  });

  test('a number longer than E.164 allows is refused by the API (#100) and recorded; the email still goes', async () => {
    const order = await placeFreeOrder(ctx, free.id, {
      whatsapp: true,
      email: 'long-number@example.com',
      mobile: '+225 0711223344 123456',
    });
    await runJobs();
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'failed', errorCode: 100, toNumber: '2250711223344123456' });
    expect((await emailsOf(ctx.db, order.id)).map((e) => e.status)).toEqual(['sent']);
  });

  test('a name with a tab and a run of spaces is sent as one line, which the API accepts', async () => {
    const order = await placeFreeOrder(ctx, free.id, {
      whatsapp: true,
      email: 'tab@example.com',
      firstName: 'Awa\tMarie      Ndèye',
    });
    await runJobs();
    expect(receivedFor(order.orderNumber)[0]?.parameters[0]).toBe('Awa Marie Ndèye');
  });

  test('a name with a lone surrogate reaches WhatsApp as U+FFFD, not as broken JSON', async () => {
    const order = await placeFreeOrder(ctx, free.id, {
      whatsapp: true,
      email: 'surrogate@example.com',
      firstName: 'Aw\ud800a',
    });
    await runJobs();
    expect(receivedFor(order.orderNumber)[0]?.parameters[0]).toBe('Aw\ufffda');
  });

  test('an expired token is recorded as failed with code 190', async () => {
    fake.refuseNext(REFUSALS.expiredToken);
    const order = await placeFreeOrder(ctx, free.id, { whatsapp: true, email: 'expired@example.com' });
    await runJobs();
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'failed', errorCode: 190 });
    expect((await emailsOf(ctx.db, order.id)).map((e) => e.status)).toEqual(['sent']);
  });

  test('a rate limit is retried with backoff and the message goes on a later attempt', async () => {
    fake.refuseNext(REFUSALS.rateLimited, REFUSALS.rateLimited);
    const order = await placeFreeOrder(ctx, free.id, { whatsapp: true, email: 'busy@example.com' });
    await runJobs();
    expect((await messagesOf(ctx.db, order.id))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      errorCode: 130429,
    });
    // The email did not wait for WhatsApp.
    expect((await emailsOf(ctx.db, order.id)).map((e) => e.status)).toEqual(['sent']);
    for (let i = 0; i < 40 && receivedFor(order.orderNumber).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      await runJobs();
    }
    const [row] = await messagesOf(ctx.db, order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(receivedFor(order.orderNumber)).toHaveLength(1);
  });
});

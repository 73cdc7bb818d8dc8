import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, travelGuides } from '../../src/server/db/schema';
import { encodeCheckoutMetadata } from '../../src/server/modules/checkout/payment-metadata';
import {
  claimCardOrder,
  ordersFor,
  paymentIntentFor,
  payWithTestCard,
  shopper,
  signatureFor,
  startPayment,
  succeededEventBody,
  WEBHOOK_SECRET,
} from '../api/checkout-helpers';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, databaseFingerprint, expectWellFormed, HARDENING_ENV } from './harness';

// what a shopper can do to the checkout.
const OPERATOR = 'operator@guides-afrique.test';
let ctx: TestContext;
let smtp: TestSmtpServer;
let dakar: GuideRow;
let abidjan: GuideRow;
let free: GuideRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ...HARDENING_ENV,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SMTP_URL: smtp.url,
      OPERATOR_EMAIL: OPERATOR,
    },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '12.50' });
  free = await insertSellableGuide(ctx, { title: 'Carte gratuite', price: '0.00' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const post = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, payload });
const webhook = async (paymentIntentId: string) => {
  const payload = await succeededEventBody(ctx, paymentIntentId);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureFor(payload) },
    payload,
  });
};
const operatorNotices = () =>
  smtp.received.filter((m) => m.to.includes(OPERATOR)).map((m) => readEmail(m.raw));

describe('item 7: one guide named twice cannot be charged', () => {
  test('the same guide id twice, once upper-cased, is refused before any PaymentIntent is made', async () => {
    const res = await startPayment(ctx, {
      items: [
        { id: dakar.id, quantity: 1 },
        { id: dakar.id.toUpperCase(), quantity: 1 },
      ],
      amount: 18,
    });
    expectWellFormed(res, 'duplicate guide');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('items: a guide appears twice');
  });

  test('quantities 20 + 1 of one guide are refused for free and mobile-money orders, and nothing is written', async () => {
    const before = await databaseFingerprint(ctx.db);
    const lines = (id: string) => [
      { id, quantity: 20 },
      { id: id.toUpperCase(), quantity: 1 },
    ];
    const freeRes = await post('/api/create-free-order', { ...shopper, items: lines(free.id), total: 0 });
    const mobileRes = await post('/api/create-djamo-order', {
      ...shopper,
      items: lines(dakar.id),
      total: 189,
    });
    for (const res of [freeRes, mobileRes]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('items: a guide appears twice');
    }
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });

  test('a paid intent whose order cannot be made is flagged to the operator once, with the amount and the buyer', async () => {
    // A guide deleted between the payment and the claim: no order can hold it.
    const doomed = await insertSellableGuide(ctx, { title: 'Guide bientôt supprimé', price: '11.00' });
    const buyer = { ...shopper, email: 'charged.twice@example.com' };
    const started = await startPayment(ctx, {
      items: [{ id: doomed.id, quantity: 1 }],
      amount: 11,
      customer: buyer,
    });
    const { paymentIntentId, clientSecret } = started.json();
    expect((await payWithTestCard(ctx, paymentIntentId)).statusCode).toBe(200);
    await ctx.db.delete(travelGuides).where(eq(travelGuides.id, doomed.id));

    const claim = await claimCardOrder(ctx, {
      paymentIntentId,
      clientSecret,
      items: [{ id: doomed.id, quantity: 1 }],
      total: 11,
      email: buyer.email,
    });
    expectWellFormed(claim, 'unplaceable claim');
    expect(claim.statusCode).toBe(400);
    expect(claim.json().message).toContain(
      `We have been told and will contact you; the payment reference is ${paymentIntentId}`,
    );
    // Stripe retries the webhook: each retry fails, none sends a second notice.
    for (let i = 0; i < 3; i++) expect((await webhook(paymentIntentId)).statusCode).toBe(400);
    await ctx.app.services.jobs.runDueJobs();
    await ctx.app.services.jobs.runDueJobs();

    const notices = operatorNotices().filter((m) => m.text.includes(paymentIntentId));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe(
      'Card payment without an order – 11.00 EUR from charged.twice@example.com',
    );
    expect(notices[0]!.text).toContain(`Buyer: Awa Diop, charged.twice@example.com, ${shopper.mobile}`);
    expect(await ordersFor(ctx.db, paymentIntentId)).toHaveLength(0);

    // And in the admin's Emails tab.
    const emails = await ctx.app.inject({ url: '/api/admin/emails', headers: { 'x-admin-key': ADMIN_KEY } });
    const rows = emails.json() as Array<{ kind: string; toEmail: string; subject: string }>;
    expect(
      rows.filter((r) => r.kind === 'card-payment-attention' && r.subject.includes('charged.twice')),
    ).toEqual([expect.objectContaining({ toEmail: OPERATOR, status: 'sent' })]);
  });

  test('an intent made before the fix, naming one guide twice, is flagged rather than failing silently', async () => {
    const metadata = encodeCheckoutMetadata({
      customer: shopper,
      locale: 'fr',
      items: [{ id: abidjan.id, quantity: 1 }],
    });
    // What the old code wrote for [id, ID]: both lines lower-cased, one guide twice.
    metadata.items_0 = `${abidjan.id}:1,${abidjan.id}:1`;
    const intent = await ctx.app.services.payments.createPaymentIntent({
      amount: 2500,
      currency: 'eur',
      metadata,
      description: 'made by the old code',
      idempotencyKey: `legacy-${abidjan.id}`,
    });
    await ctx.app.services.payments.confirmTestPayment(intent.id, '4242424242424242');
    expect((await webhook(intent.id)).statusCode).toBe(400);
    expect((await webhook(intent.id)).statusCode).toBe(400);
    await ctx.app.services.jobs.runDueJobs();
    const notices = operatorNotices().filter((m) => m.text.includes(intent.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('a guide appears twice');
    expect(notices[0]!.subject).toContain('25.00 EUR');
  });

  test('a guide withdrawn between the payment and the claim is still delivered, at the price paid', async () => {
    const leaving = await insertSellableGuide(ctx, { title: 'Guide retiré', price: '6.00' });
    const items = [{ id: leaving.id, quantity: 2 }];
    const { paymentIntentId, clientSecret } = await paymentIntentFor(ctx, items, 12);
    await payWithTestCard(ctx, paymentIntentId);
    await ctx.db
      .update(travelGuides)
      .set({ isActive: false, price: '99.00' })
      .where(eq(travelGuides.id, leaving.id));
    const res = await claimCardOrder(ctx, { paymentIntentId, clientSecret, items, total: 12 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      total: '12.00',
      status: 'completed',
      items: [{ quantity: 2, price: '6.00' }],
    });
  });
});

describe('item 12: an order is shown only to the browser that placed it', () => {
  test('a card repeat from elsewhere learns only that the order exists; the paying browser still gets it, retries included', async () => {
    const items = [{ id: abidjan.id, quantity: 1 }];
    const buyer = { ...shopper, email: 'victim@example.com' };
    const started = await startPayment(ctx, { items, amount: 12.5, customer: buyer });
    const { paymentIntentId, clientSecret } = started.json();
    await payWithTestCard(ctx, paymentIntentId);

    // Someone who knows the buyer's cart and details, before the buyer's browser came back.
    const repeat = await startPayment(ctx, { items, amount: 12.5, customer: buyer });
    expect(repeat.json()).toMatchObject({ paymentIntentId, alreadyPaid: true, clientSecret: null });
    const stranger = await claimCardOrder(ctx, { paymentIntentId, items, total: 12.5, email: buyer.email });
    expect(stranger.statusCode).toBe(202);
    expect(stranger.json()).toEqual({
      orderExists: true,
      message: "This order has already been placed: its download links were sent to the buyer's email.",
    });
    const [row] = await ordersFor(ctx.db, paymentIntentId);
    expect(stranger.body).not.toContain(row!.publicId);
    expect(stranger.body).not.toContain(row!.orderNumber);
    const wrongSecret = await claimCardOrder(ctx, {
      paymentIntentId,
      clientSecret: `${paymentIntentId}_secret_guessed`,
      items,
      total: 12.5,
      email: buyer.email,
    });
    expect(wrongSecret.statusCode).toBe(202);

    // The browser that paid, and its retry after a dropped answer.
    for (const expected of [200, 200]) {
      const mine = await claimCardOrder(ctx, {
        paymentIntentId,
        clientSecret,
        items,
        total: 12.5,
        email: buyer.email,
      });
      expect(mine.statusCode).toBe(expected);
      expect(mine.json().id).toBe(row!.publicId);
    }
  });

  for (const method of ['free', 'mobile money'] as const) {
    test(`a repeated ${method} order within 10 minutes shows the order to its claim key only`, async () => {
      const url = method === 'free' ? '/api/create-free-order' : '/api/create-djamo-order';
      const body = {
        ...shopper,
        email: `repeat.${method.replace(' ', '-')}@example.com`,
        items: [{ id: method === 'free' ? free.id : dakar.id, quantity: 1 }],
        total: method === 'free' ? 0 : 9,
        claimKey: 'the-browser-that-ordered-01',
      };
      const publicId = (res: { json(): Record<string, unknown> }) => {
        const json = res.json() as { id?: string; order?: { id: string } };
        return json.order?.id ?? json.id;
      };
      const first = await post(url, body);
      expect(first.statusCode, first.body).toBe(201);
      const id = publicId(first);

      for (const claimKey of [undefined, 'someone-else-entirely-0001']) {
        const other = await post(url, { ...body, claimKey });
        expect(other.statusCode, other.body).toBe(202);
        expect(other.json().orderExists).toBe(true);
        expect(other.body).not.toContain(id!);
      }
      const retry = await post(url, body);
      expect(retry.statusCode).toBe(200);
      expect(publicId(retry)).toBe(id);
    });
  }
});

describe('item 13c: a guide that is not for sale keeps its title', () => {
  test('the cart-pricing error gives the id of an unpublished guide, not its title', async () => {
    const hidden = await insertSellableGuide(ctx, { title: 'Projet secret Casamance 2027', price: '15.00' });
    await ctx.db.update(travelGuides).set({ isActive: false }).where(eq(travelGuides.id, hidden.id));
    for (const res of [
      await startPayment(ctx, { items: [{ id: hidden.id, quantity: 1 }], amount: 15 }),
      await post('/api/create-djamo-order', {
        ...shopper,
        items: [{ id: hidden.id, quantity: 1 }],
        total: 15,
      }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`A guide in your cart is no longer available: ${hidden.id}`);
      expect(res.body).not.toContain('Casamance');
    }
  });
});

describe('item 13d: test-mode card payments are not revenue', () => {
  test('an order paid through the test-mode gateway is marked, and the dashboard counts it apart', async () => {
    const baseline = (
      await ctx.app.inject({
        url: '/api/admin/analytics/summary?range=7d',
        headers: { 'x-admin-key': ADMIN_KEY },
      })
    ).json();
    const items = [{ id: dakar.id, quantity: 3 }];
    const buyer = { ...shopper, email: 'test.mode@example.com' };
    const started = (await startPayment(ctx, { items, amount: 27, customer: buyer })).json();
    await payWithTestCard(ctx, started.paymentIntentId);
    await claimCardOrder(ctx, { ...started, items, total: 27, email: buyer.email });
    const [row] = await ordersFor(ctx.db, started.paymentIntentId);
    expect(row!.testMode).toBe(true);
    // A real sale (say, mobile money validated by the operator) is revenue.
    const real = await insertOrder(ctx.db, { guides: [abidjan] });
    expect(real.order.testMode).toBe(false);

    const summary = (
      await ctx.app.inject({
        url: '/api/admin/analytics/summary?range=7d',
        headers: { 'x-admin-key': ADMIN_KEY },
      })
    ).json();
    expect(summary.totalRevenueCents - baseline.totalRevenueCents).toBe(1250);
    expect(summary.totalOrders - baseline.totalOrders).toBe(1);
    expect(summary.testModeOrders - baseline.testModeOrders).toBe(1);
    expect(summary.testModeRevenueCents - baseline.testModeRevenueCents).toBe(2700);
    const testOrders = await ctx.db.select().from(orders).where(eq(orders.testMode, true));
    expect(testOrders.every((o) => o.paymentMethod === 'stripe')).toBe(true);
  });
});

describe('item 5: a name carries no link and no markup', () => {
  test('a web address or markup in a name is refused with 400 naming the field; real names pass', async () => {
    const refused: Array<[Record<string, string>, string]> = [
      [{ firstName: '<b>Hi</b> Visit http://evil.example/claim' }, 'firstName: must not contain < or >'],
      [{ firstName: 'Visit http://evil.example/claim' }, 'firstName: must not contain a web address'],
      [{ lastName: 'www.evil.example' }, 'lastName: must not contain a web address'],
      [{ lastName: 'Diop evil.example/claim' }, 'lastName: must not contain a web address'],
    ];
    for (const [names, message] of refused) {
      const before = await databaseFingerprint(ctx.db);
      const card = await startPayment(ctx, {
        items: [{ id: dakar.id, quantity: 1 }],
        amount: 9,
        customer: { ...shopper, ...names },
      });
      expect(card.statusCode).toBe(400);
      expect(card.json().message.startsWith(`customer.${message}`)).toBe(true);
      const freeRes = await post('/api/create-free-order', {
        ...shopper,
        ...names,
        items: [{ id: free.id, quantity: 1 }],
        total: 0,
      });
      expect(freeRes.statusCode).toBe(400);
      expect(freeRes.json().message.startsWith(message)).toBe(true);
      expect(await databaseFingerprint(ctx.db)).toBe(before);
    }
    const realNames: Array<[string, string]> = [
      ['Siobhán', "O'Brien"],
      ['Ňguyễn', '山田'],
      ['محمد', 'العلي'],
      ['Jean-Pierre', 'N’Diaye'],
      ['J. R.', 'St. John'],
    ];
    for (const [firstName, lastName] of realNames) {
      const res = await post('/api/create-free-order', {
        ...shopper,
        firstName,
        lastName,
        email: `names.${encodeURIComponent(firstName).length}.${lastName.length}@example.com`,
        items: [{ id: free.id, quantity: 1 }],
        total: 0,
      });
      expect(res.statusCode, `${firstName} ${lastName}: ${res.body}`).toBe(201);
      expect(res.json()).toMatchObject({ firstName, lastName });
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orderEvents, orders, whatsappMessages } from '../../src/server/db/schema';
import { sendWhatsAppMessage } from '../../src/server/modules/whatsapp/send-whatsapp-message';
import { payWithTestCard } from '../api/checkout-helpers';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { startWhatsAppFake, type WhatsAppFake } from '../helpers/whatsapp-fake';
import { ADMIN_KEY, expectWellFormed } from './harness';

/**
 * WhatsApp messages to any number (docs/features/whatsapp.md): anyone can place a
 * mobile-money or free order with `whatsapp: true` and a stranger's number, and each message is
 * billed to the shop. The shop runs with its default limits; each request comes from its own
 * address, as a script spread over many would.
 */
let fake: WhatsAppFake;
let ctx: TestContext;
let guide: GuideRow;
let free: GuideRow;
const figures: string[] = [];

beforeAll(async () => {
  fake = await startWhatsAppFake();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ...fake.env(),
      ADMIN_API_KEY: ADMIN_KEY,
      MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/guides?ref={reference}&amount={amount}',
    },
  });
  guide = await insertSellableGuide(ctx, { title: 'Abidjan essentiel', price: '9.00' });
  free = await insertSellableGuide(ctx, { title: 'Carte gratuite', price: '0.00' });
});
afterAll(async () => {
  for (const line of figures) console.log(`[hardening] whatsapp abuse: ${line}`);
  await ctx?.close();
  await fake?.close();
});

const runJobs = async () => {
  while ((await ctx.app.services.jobs.runDueJobs()) > 0) {}
};

let clients = 0;
const order = (
  url: '/api/create-djamo-order' | '/api/create-free-order',
  who: { firstName: string; mobile: string },
) => {
  const n = clients++;
  const item = url === '/api/create-free-order' ? free : guide;
  return ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: `10.28.${Math.floor(n / 250)}.${(n % 250) + 1}`,
    payload: {
      email: `gagnant${n}@example.com`,
      lastName: 'Service',
      locale: 'fr',
      whatsapp: true,
      items: [{ id: item.id, quantity: 1 }],
      total: Number(item.price),
      ...who,
    },
  });
};

const sentTo = (number: string) => fake.received.filter((m) => m.to === number);

describe('twelve mobile-money orders with whatsapp: true to one stranger’s number', () => {
  test('a first name carrying a phone number is refused: 400 naming firstName, no order, no message', async () => {
    const victim = { firstName: 'Gagnant appelez le 0707070707', mobile: '+225 07 11 11 11 11' };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => order('/api/create-djamo-order', victim)),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expectWellFormed(res, 'digits in a first name');
      expect(res.json().field).toBe('firstName');
    }
    await runJobs();
    expect(sentTo('2250711111111')).toEqual([]);
    expect(await ctx.db.select().from(orders).where(eq(orders.phoneNumber, victim.mobile))).toEqual([]);
    figures.push('first name with a phone number: 12 × 400 firstName, 0 messages');
  });

  test('a first name that is a long sentence or a web address is refused too', async () => {
    const names = [
      'Gagnant appelez vite le service des gains',
      'Gagnant www.gains.example/ok',
      'Gagnant ０７０７',
      'Gagnant ٠٧٠٧',
    ];
    for (const firstName of names) {
      const res = await order('/api/create-djamo-order', { firstName, mobile: '+225 07 11 11 11 12' });
      expect(res.statusCode, `${firstName}: ${res.body}`).toBe(400);
      expect(res.json().field).toBe('firstName');
    }
  });

  test('with a plain first name: 12 orders are placed, one message reaches the number, 11 are skipped on record', async () => {
    const victim = { firstName: 'Gagnant', mobile: '+225 07 22 22 22 22' };
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await order('/api/create-djamo-order', victim));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    await runJobs();
    expect(sentTo('2250722222222')).toHaveLength(1);
    const placed = await ctx.db.select().from(orders).where(eq(orders.phoneNumber, victim.mobile));
    expect(placed).toHaveLength(12);
    const rows = await ctx.db
      .select()
      .from(whatsappMessages)
      .where(eq(whatsappMessages.toNumber, '2250722222222'));
    expect(rows.map((r) => r.status)).toEqual(['sent']);
    const events = (await ctx.db.select().from(orderEvents)).filter(
      (e) => e.kind === 'whatsapp' && e.data.to === '2250722222222',
    );
    expect(events.map((e) => e.data.status).sort()).toEqual(['sent', ...Array(11).fill('skipped')]);
    // The operator sees why on the order's timeline.
    const detail = await ctx.app.inject({
      url: `/api/admin/orders/${events.find((e) => e.data.status === 'skipped')!.orderId}`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    const entry = (detail.json().timeline as { summary: string; detail: string | null }[]).find((e) =>
      e.summary.startsWith('WhatsApp'),
    );
    expect(entry).toMatchObject({
      summary: 'WhatsApp “how to pay” to +2250722222222: skipped',
      detail: 'this number already had its unsolicited message of the day',
    });
    figures.push('plain first name: 12 orders placed, 1 message sent (was 12), 11 skipped');
  });

  test('free orders count against the same number; a paid order to it still gets its message', async () => {
    const victim = { firstName: 'Awa', mobile: '+225 07 33 33 33 33' };
    for (let i = 0; i < 3; i++) expect((await order('/api/create-free-order', victim)).statusCode).toBe(201);
    await order('/api/create-djamo-order', victim);
    await runJobs();
    expect(sentTo('2250733333333')).toHaveLength(1);

    const buyer = { ...victim, email: 'payer@example.com', lastName: 'Diop' };
    const items = [{ id: guide.id, quantity: 1 }];
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: { customer: { ...buyer, whatsapp: true }, locale: 'fr', items, amount: 9 },
    });
    expect(started.statusCode, started.body).toBe(200);
    const intent = started.json() as { paymentIntentId: string; clientSecret: string };
    expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
    const claim = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      payload: { ...buyer, locale: 'fr', items, total: 9, ...intent },
    });
    expect(claim.statusCode, claim.body).toBeLessThan(300);
    await runJobs();
    const received = sentTo('2250733333333');
    expect(received).toHaveLength(2);
    expect(received[1]!.template).toBe('order_paid');
  });

  test('the same number spelled otherwise shares the count', async () => {
    for (const mobile of ['+225 07 55 55 55 55', '+2250755555555', '+225 0755 555 555']) {
      expect((await order('/api/create-djamo-order', { firstName: 'Awa', mobile })).statusCode).toBe(201);
    }
    await runJobs();
    expect(sentTo('2250755555555')).toHaveLength(1);
  });

  test('orders sent at once by many workers: still one message for the number', async () => {
    const victim = { firstName: 'Kofi', mobile: '+225 07 44 44 44 44' };
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await order('/api/create-djamo-order', victim);
      const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, res.json().order.id));
      ids.push(row!.id);
    }
    const deps = { db: ctx.db, config: ctx.config };
    const context = { attempt: 1, signal: new AbortController().signal };
    await Promise.all(
      ids.map((orderId) => sendWhatsAppMessage(deps, { kind: 'mobile-money-placed', orderId }, context)),
    );
    expect(sentTo('2250744444444')).toHaveLength(1);
  });
});

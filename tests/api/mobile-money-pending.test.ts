import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs, orders } from '../../src/server/db/schema';
import { MOBILE_MONEY_EMAIL_JOB } from '../../src/server/modules/mobile-money/mobile-money-email-job';
import { readEmail } from '../helpers/mail';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';

/**
 * a mobile-money order whose shopper closed the tab before paying is not lost. The
 * clock is the database's: "hours later" is the order and its jobs moved that far into the past.
 */
const PAY_URL = 'https://pay.example/guides?ref={reference}&amount={amount}';

let smtp: TestSmtpServer;
let ctx: TestContext;
let dakar: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({
    OPERATOR_EMAIL: 'desk@guides.example',
    MOBILE_MONEY_PAYMENT_URL: PAY_URL,
    MOBILE_MONEY_PROVIDERS: 'Wave,Orange Money',
    RECEIPT_UPLOADS_PER_CLIENT: '1000',
    RESEND_LINKS_PER_EMAIL_PER_DAY: '2',
  }));
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '21.50' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let shoppers = 0;
async function placeOrder(overrides: Record<string, unknown> = {}) {
  shoppers++;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      email: `pending${shoppers}@example.com`,
      firstName: 'Fatou',
      lastName: 'Ndiaye',
      mobile: '+221 77 555 44 33',
      items: [{ id: dakar.id, quantity: 1 }],
      total: 21.5,
      locale: 'fr',
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().order as {
    id: string;
    orderNumber: string;
    djamoReference: string;
    email: string;
  };
  const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
  return { ...order, rowId: row!.id, createdAt: row!.createdAt };
}

const mailsTo = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address)).map((m) => readEmail(m.raw));

/** Time passes for one order: it, and its jobs still waiting, are moved `hours` into the past. */
async function hoursPass(order: { rowId: string }, hours: number) {
  await ctx.db
    .update(orders)
    .set({ createdAt: sql`${orders.createdAt} - ${hours}::float8 * interval '1 hour'` })
    .where(eq(orders.id, order.rowId));
  await ctx.db
    .update(jobs)
    .set({ runAfter: sql`${jobs.runAfter} - ${hours}::float8 * interval '1 hour'` })
    .where(and(eq(jobs.kind, MOBILE_MONEY_EMAIL_JOB), sql`${jobs.payload}->>'orderId' = ${order.rowId}`));
  await ctx.app.services.jobs.runDueJobs();
}

async function sendProof(publicId: string) {
  const png = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#ffcc00' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { name: 'receipt', data: png, fileName: 'recu.png', type: 'image/png' },
    { name: 'provider', value: 'Wave' },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${encodeURIComponent(publicId)}/receipt`,
    payload,
    headers: { 'content-type': contentType },
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe('an unpaid mobile-money order', () => {
  test('the shopper is emailed at once the reference, the amount in FCFA, the wallets, the payment link and the order page', async () => {
    const order = await placeOrder({ firstName: 'Fatou & "Awa"' });
    await ctx.app.services.jobs.runDueJobs();
    const mails = mailsTo(order.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe(`Comment payer votre commande ${order.orderNumber}`);
    const payLink = `https://pay.example/guides?ref=${order.djamoReference}&amount=14103`;
    const orderPage = `https://guides.example/order-confirmation/${order.id}?lang=fr`;
    for (const part of [
      order.djamoReference,
      '14 103 FCFA',
      'Portefeuilles acceptés : Wave, Orange Money.',
      payLink,
      orderPage,
      'Sans paiement, la commande est annulée 72 heures après avoir été passée.',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain(`href="${payLink.replace('&', '&amp;')}"`);
    expect(mail.html).toContain(`href="${orderPage}"`);
    // The name is the shopper's input: escaped in the HTML.
    expect(mail.text).toContain('Bonjour Fatou & "Awa",');
    expect(mail.html).toContain('Bonjour Fatou &amp; &quot;Awa&quot;,');
  });

  test('an English order gets the same in English', async () => {
    const order = await placeOrder({ locale: 'en' });
    await ctx.app.services.jobs.runDueJobs();
    const [mail] = mailsTo(order.email);
    expect(mail?.subject).toBe(`How to pay for your order ${order.orderNumber}`);
    expect(mail?.text).toContain('Accepted wallets: Wave, Orange Money.');
    expect(mail?.text).toContain(`Enter the reference ${order.djamoReference} as the payment note.`);
    expect(mail?.text).toContain(`/order-confirmation/${order.id}?lang=en`);
  });

  test('reminders come 4 hours after the order and 12 hours before it expires, and not before', async () => {
    const order = await placeOrder();
    const reminders = await ctx.db
      .select({ runAfter: jobs.runAfter, payload: jobs.payload })
      .from(jobs)
      .where(
        and(
          sql`${jobs.payload}->>'orderId' = ${order.rowId}`,
          sql`${jobs.payload}->>'kind' = 'payment-reminder'`,
        ),
      );
    const hoursAfter = (d: Date) => (d.getTime() - order.createdAt.getTime()) / 3_600_000;
    expect(reminders.map((r) => hoursAfter(r.runAfter)).sort((a, b) => a - b)).toEqual([4, 60]);

    await ctx.app.services.jobs.runDueJobs();
    await hoursPass(order, 3.9);
    expect(mailsTo(order.email).map((m) => m.subject)).toEqual([
      `Comment payer votre commande ${order.orderNumber}`,
    ]);
    await hoursPass(order, 0.2);
    expect(mailsTo(order.email).at(-1)?.subject).toBe(
      `Rappel : votre commande ${order.orderNumber} attend votre paiement`,
    );
    await hoursPass(order, 56);
    const last = mailsTo(order.email).at(-1)!;
    expect(last.subject).toBe(`Dernier rappel : votre commande ${order.orderNumber} expire bientôt`);
    expect(last.text).toContain('Sans paiement, elle sera annulée dans environ 12 heures.');
    expect(last.text).toContain(order.djamoReference);
    expect(mailsTo(order.email)).toHaveLength(3);
  });

  test('no reminder once a receipt came', async () => {
    const order = await placeOrder();
    await ctx.app.services.jobs.runDueJobs();
    await sendProof(order.id);
    await hoursPass(order, 61);
    const subjects = mailsTo(order.email).map((m) => m.subject);
    expect(subjects).toHaveLength(2);
    expect(subjects.some((s) => s.includes('Rappel'))).toBe(false);
  });

  test('no reminder once the order expired', async () => {
    const order = await placeOrder();
    await ctx.app.services.jobs.runDueJobs();
    // Past its expiry, whether or not the sweep ran yet.
    await ctx.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '73 hours'` })
      .where(eq(orders.id, order.rowId));
    await hoursPass(order, 61);
    expect(mailsTo(order.email)).toHaveLength(1);
  });

  test('"Resend my links" sends a pending order its payment instructions, within the daily limit', async () => {
    const order = await placeOrder({ locale: 'en' });
    await ctx.app.services.jobs.runDueJobs();
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/orders/resend-links',
        payload: { orderNumber: order.orderNumber.toLowerCase(), email: order.email.toUpperCase() },
      });
      expect(res.statusCode).toBe(202);
    }
    await ctx.app.services.jobs.runDueJobs();
    const mails = mailsTo(order.email);
    // The instructions at the order, then two resends: RESEND_LINKS_PER_EMAIL_PER_DAY is 2 here.
    expect(mails.map((m) => m.subject)).toEqual(
      Array(3).fill(`How to pay for your order ${order.orderNumber}`),
    );
    expect(mails[2]?.text).toContain(`https://pay.example/guides?ref=${order.djamoReference}&amount=14103`);
  });

  test('the order page has how to pay until a receipt came', async () => {
    const order = await placeOrder();
    const before = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).json();
    expect(before.mobileMoneyPayment).toEqual({
      paymentUrl: `https://pay.example/guides?ref=${order.djamoReference}&amount=14103`,
      providers: ['Wave', 'Orange Money'],
      totalXof: 14103,
    });
    await sendProof(order.id);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/orders/${order.id}` })).json();
    expect(after.status).toBe('pending_verification');
    expect(after.mobileMoneyPayment).toBeUndefined();
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailLog, jobs, orders } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.service';
import { deliverOrderJob } from '../../src/server/modules/mail/delivery-jobs';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'emails-admin-key-0123456789abcdef';
let smtp: TestSmtpServer;
let ctx: TestContext;
let dakar: GuideRow;
let rabat: GuideRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    renderPages: false,
    env: { ADMIN_API_KEY: ADMIN_KEY, SMTP_URL: smtp.url, PUBLIC_URL: 'https://guides.example' },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  rabat = await insertSellableGuide(ctx, { title: 'Rabat en famille' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method, url, headers: { 'x-admin-key': ADMIN_KEY }, payload });

/** A paid order whose delivery ran, as checkout and the worker leave it. */
async function deliveredOrder(values: Parameters<typeof insertOrder>[1]) {
  const placed = await insertOrder(ctx.db, values);
  await enqueueJob(ctx.db, deliverOrderJob(placed.order.id));
  await ctx.app.services.jobs.runDueJobs();
  return placed.order;
}

/** Makes every pending job due now, as if its backoff had passed. */
const timePasses = () => ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.status, 'pending'));

describe('the email history and its stats', () => {
  test('lists each email with its order, guides and payment; stats count sent and failed over the range', async () => {
    const card = await deliveredOrder({
      guides: [dakar, rabat],
      email: 'moussa@example.com',
      firstName: 'Moussa',
      lastName: 'Sow',
    });
    smtp.setRefusing(true);
    const failing = await insertOrder(ctx.db, { guides: [dakar], email: 'refused@example.com' });
    await ctx.db
      .update(orders)
      .set({ paymentMethod: 'djamo', paymentProvider: 'Wave' })
      .where(eq(orders.id, failing.order.id));
    await enqueueJob(ctx.db, deliverOrderJob(failing.order.id));
    await ctx.app.services.jobs.runDueJobs();
    smtp.setRefusing(false);

    const list = await admin('GET', '/api/admin/emails');
    expect(list.statusCode, list.body).toBe(200);
    const entries = list.json() as Array<
      Record<string, unknown> & { orderId: string; orderInfo: Record<string, unknown> }
    >;
    const cardEntry = entries.find((e) => e.orderId === card.id);
    expect(cardEntry).toMatchObject({
      kind: 'delivery',
      toEmail: 'moussa@example.com',
      status: 'sent',
      resentCount: 0,
      purchasedGuides: ['Dakar essentiel', 'Rabat en famille'],
      orderInfo: {
        customerName: 'Moussa Sow',
        mobile: '+221 77 000 00 00',
        paymentMethod: 'stripe',
        paymentProvider: null,
        paymentReceiptUrl: null,
        paymentReceiptType: null,
        total: '18.00',
        orderStatus: 'completed',
      },
    });
    const failedEntry = entries.find((e) => e.orderId === failing.order.id);
    expect(failedEntry).toMatchObject({
      status: 'failed',
      attempts: 1,
      orderInfo: { paymentMethod: 'djamo', paymentProvider: 'Wave' },
    });
    expect(failedEntry?.lastError).toContain('451');

    const stats = await admin('GET', '/api/admin/emails/stats?range=7d');
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual({ totalEmails: 2, sentEmails: 1, failedEmails: 1, deliveryRate: 50 });

    // An old email counts in 30 days, not in 7 (the default).
    await ctx.db
      .update(emailLog)
      .set({ createdAt: sql`now() - interval '10 days'` })
      .where(eq(emailLog.orderId, card.id));
    expect((await admin('GET', '/api/admin/emails/stats')).json()).toMatchObject({
      totalEmails: 1,
      sentEmails: 0,
      deliveryRate: 0,
    });
    expect((await admin('GET', '/api/admin/emails/stats?range=30d')).json()).toMatchObject({
      totalEmails: 2,
    });
    const bad = await admin('GET', '/api/admin/emails/stats?range=1y');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^range:/);

    // The failed email's job retries later and succeeds: the same row becomes sent.
    await timePasses();
    await ctx.app.services.jobs.runDueJobs();
    expect((await admin('GET', '/api/admin/emails/stats?range=30d')).json()).toEqual({
      totalEmails: 2,
      sentEmails: 2,
      failedEmails: 0,
      deliveryRate: 100,
    });
  });

  test('Send Again queues a resend through the outbox, counted on the delivery row', async () => {
    const order = await deliveredOrder({ guides: [dakar], email: 'resend.me@example.com' });
    const before = smtp.received.filter((m) => m.to.includes('resend.me@example.com')).length;
    const res = await admin('POST', `/api/orders/${order.id}/deliver`, { resend: true });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Email resent successfully' });
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);
    expect((await admin('POST', `/api/orders/${order.id}/deliver`, { resend: true })).statusCode).toBe(202);
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);

    const mails = smtp.received.filter((m) => m.to.includes('resend.me@example.com'));
    expect(mails.length - before).toBe(2);
    expect(readEmail(mails.at(-1)!.raw).subject).toBe(
      `Vos liens de téléchargement – commande ${order.orderNumber}`,
    );
    const [delivery] = await ctx.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.dedupeKey, `delivery:${order.id}`));
    expect(delivery?.resentCount).toBe(2);
    const listed = (await admin('GET', '/api/admin/emails'))
      .json()
      .find((e: { kind: string; orderId: string }) => e.kind === 'delivery' && e.orderId === order.id);
    expect(listed.resentCount).toBe(2);
  });

  test('Send Again refuses an order that is not completed (409), an unknown one (404) and a missing key (401)', async () => {
    const pending = await insertOrder(ctx.db, { guides: [dakar], status: 'pending_verification' });
    const res = await admin('POST', `/api/orders/${pending.order.id}/deliver`, { resend: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('not paid yet');
    expect(
      (await admin('POST', '/api/orders/00000000-0000-4000-8000-000000000000/deliver', { resend: true }))
        .statusCode,
    ).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/admin/emails'],
      ['GET', '/api/admin/emails/stats?range=7d'],
      ['GET', '/api/admin/emails/export'],
      ['POST', `/api/orders/${pending.order.id}/deliver`],
    ] as const) {
      const unauth = await ctx.app.inject({
        method,
        url,
        payload: method === 'POST' ? { resend: true } : undefined,
      });
      expect(unauth.statusCode, url).toBe(401);
    }
  });
});

describe('Export Email List', () => {
  test('one row per customer, UTF-8 with a BOM, quoted, and formula cells neutralised', async () => {
    await insertOrder(ctx.db, {
      guides: [dakar],
      email: 'Aissatou@Example.com',
      firstName: 'Aïssatou',
      lastName: 'Bâ',
    });
    await insertOrder(ctx.db, {
      guides: [rabat],
      email: 'aissatou@example.com',
      firstName: 'Aïssatou',
      lastName: 'Bâ, "la voyageuse"',
    });
    await insertOrder(ctx.db, {
      guides: [dakar],
      email: 'evil@example.com',
      firstName: '=HYPERLINK("http://x.example","clic")',
      lastName: '+SUM(A1)',
    });
    await insertOrder(ctx.db, {
      guides: [dakar],
      email: 'evil2@example.com',
      firstName: '-2+3',
      lastName: '@cmd',
    });
    await insertOrder(ctx.db, {
      guides: [dakar],
      email: 'evil3@example.com',
      firstName: '\tTab',
      lastName: '\rReturn',
    });

    const res = await admin('GET', '/api/admin/emails/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="email-list-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '"Email","First Name","Last Name","Mobile Number","Language","Orders","Completed Orders","Total Spent (EUR)","Payment Methods","First Order","Last Order","Discounts (EUR)","Promo Codes"',
    );
    // One row for both of Aïssatou's orders, whatever the case of her address; the latest name wins.
    const aissatou = lines.filter((l) => l.toLowerCase().includes('aissatou@example.com'));
    expect(aissatou).toHaveLength(1);
    expect(aissatou[0]).toContain(
      '"Aïssatou","Bâ, ""la voyageuse""","\'+221 77 000 00 00","fr","2","2","18.00","Card - Stripe"',
    );

    const evil = lines.find((l) => l.startsWith('"evil@example.com"'));
    expect(evil).toContain(`"'=HYPERLINK(""http://x.example"",""clic"")","'+SUM(A1)"`);
    const evil2 = lines.find((l) => l.startsWith('"evil2@example.com"'));
    expect(evil2).toContain(`"'-2+3","'@cmd"`);
    const evil3 = text.split('\r\n').find((l) => l.startsWith('"evil3@example.com"'));
    expect(evil3).toContain(`"'\tTab","'\rReturn"`);
    // No cell anywhere starts a formula.
    for (const cell of text.match(/(?<=^|,)"(?:[^"]|"")*"/gm) ?? []) {
      expect(cell.slice(1)).not.toMatch(/^[=+\-@\t\r]/);
    }
  });
});

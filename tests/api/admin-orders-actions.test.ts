import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity, orderEvents } from '../../src/server/db/schema';
import { orderDetailSchema } from '../../src/shared/contracts/endpoints/admin-orders.schemas';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertSellableGuide, type OrderRow } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, adminRequest, placedOrder } from './admin-orders-support';

let ctx: TestContext;
let smtp: TestSmtpServer;
let admin: ReturnType<typeof adminRequest>;
let dakar: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({ ADMIN_API_KEY: ADMIN_KEY }));
  admin = adminRequest(ctx);
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const completed = (values: Parameters<typeof placedOrder>[2] = {}) => placedOrder(ctx, [dakar], values);
const eventsOf = (order: OrderRow, kind: string) =>
  ctx.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.kind, kind)));
const activityOf = (order: OrderRow, action: string) =>
  ctx.db
    .select()
    .from(adminActivity)
    .where(and(eq(adminActivity.subjectId, order.id), eq(adminActivity.action, action)));
const recipients = () => smtp.received.flatMap((m) => m.to);
async function timeline(order: OrderRow) {
  return orderDetailSchema.parse((await admin('GET', `/api/admin/orders/${order.id}`)).json()).timeline;
}

describe('resend the delivery email', () => {
  test('queues one email per confirmed request: a retried request sends nothing more', async () => {
    const order = await completed({ email: 'resend@example.com' });
    const requestId = randomUUID();
    const first = await admin('POST', `/api/admin/orders/${order.id}/resend`, { requestId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ changed: true });
    const retried = await admin('POST', `/api/admin/orders/${order.id}/resend`, { requestId });
    expect(retried.json()).toMatchObject({ changed: false });
    await ctx.app.services.jobs.runDueJobs();
    expect(recipients().filter((to) => to === 'resend@example.com')).toHaveLength(1);
    expect(await eventsOf(order, 'resend')).toHaveLength(1);
    expect(await activityOf(order, 'order.resend')).toHaveLength(1);
    const lines = await timeline(order);
    expect(lines.map((l) => l.kind)).toEqual(expect.arrayContaining(['resend', 'email']));
  });

  test('is refused for an order that is not completed, or whose access is revoked, and 404 for none', async () => {
    const pending = await completed({ status: 'pending', paymentMethod: 'djamo', completedAt: null });
    const refused = await admin('POST', `/api/admin/orders/${pending.id}/resend`, {
      requestId: randomUUID(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('only a completed order');
    const revoked = await completed({ accessRevokedAt: new Date() });
    const noAccess = await admin('POST', `/api/admin/orders/${revoked.id}/resend`, {
      requestId: randomUUID(),
    });
    expect(noAccess.statusCode).toBe(409);
    const unknown = await admin('POST', `/api/admin/orders/${randomUUID()}/resend`, {
      requestId: randomUUID(),
    });
    expect(unknown.statusCode).toBe(404);
    const noId = await admin('POST', `/api/admin/orders/${pending.id}/resend`, {});
    expect(noId.statusCode).toBe(400);
    expect(noId.json().message).toContain('requestId');
  });
});

describe('change the buyer’s email', () => {
  test.each([
    ['not-an-email'],
    ['two@@example.com'],
    [`${'a'.repeat(250)}@example.com`],
    ['awa@exa mple.com'],
  ])('refuses %s with a 400 naming email, changing nothing', async (email) => {
    const order = await completed({ email: 'keep@example.com' });
    const res = await admin('POST', `/api/admin/orders/${order.id}/email`, {
      email,
      requestId: randomUUID(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('email');
    expect((await timeline(order)).some((l) => l.kind === 'email_changed')).toBe(false);
  });

  test('keeps the old address in the timeline and sends the guides to the new one', async () => {
    const order = await completed({ email: 'typo@gmial.com' });
    const res = await admin('POST', `/api/admin/orders/${order.id}/email`, {
      email: 'right@gmail.com',
      requestId: randomUUID(),
    });
    expect(res.statusCode, res.body).toBe(200);
    await ctx.app.services.jobs.runDueJobs();
    const sent = smtp.received.filter((m) => m.to.includes('right@gmail.com'));
    expect(sent).toHaveLength(1);
    const mail = readEmail(sent[0]!.raw);
    expect(mail.text).toContain(order.orderNumber);
    // The buyer asked for nothing: the email says what happened, in the order's language.
    expect(mail.subject).toContain('L’adresse de votre commande a été mise à jour');
    expect(mail.text).toContain('L’adresse de votre commande a été mise à jour');
    expect(mail.text).not.toContain('Comme demandé');
    expect(recipients()).not.toContain('typo@gmial.com');
    const change = (await timeline(order)).find((l) => l.kind === 'email_changed');
    expect(change?.summary).toContain('typo@gmial.com');
    const [activity] = await activityOf(order, 'order.email');
    expect(activity).toMatchObject({
      before: { email: 'typo@gmial.com' },
      after: { email: 'right@gmail.com' },
    });
    const again = await admin('POST', `/api/admin/orders/${order.id}/email`, {
      email: 'RIGHT@gmail.com',
      requestId: randomUUID(),
    });
    expect(again.json()).toMatchObject({ changed: false });
  });

  test('in English, the email says the address on the order was updated', async () => {
    const order = await completed({ email: 'typo@gmial.co', locale: 'en' });
    await admin('POST', `/api/admin/orders/${order.id}/email`, {
      email: 'right@gmail.co',
      requestId: randomUUID(),
    });
    await ctx.app.services.jobs.runDueJobs();
    const mail = readEmail(smtp.received.find((m) => m.to.includes('right@gmail.co'))!.raw);
    expect(mail.subject).toContain('The email address on your order was updated');
    expect(mail.text).not.toContain('As requested');
  });
});

describe('revoke and restore access', () => {
  test('a revoked order’s links and page say so in the buyer’s language; restored, they work again', async () => {
    const fr = await completed({ locale: 'fr' });
    const en = await completed({ locale: 'en' });
    const fileLink = (await ctx.app.inject({ url: `/api/download/${fr.publicId}/${dakar.id}` })).json();
    for (const order of [fr, en]) {
      const res = await admin('POST', `/api/admin/orders/${order.id}/revoke`, { reason: 'Chargeback' });
      expect(res.json()).toMatchObject({ changed: true });
    }
    const frLink = await ctx.app.inject({ url: `/api/download/${fr.publicId}/${dakar.id}` });
    expect(frLink.statusCode).toBe(403);
    expect(frLink.json().message).toContain('L’accès aux guides de cette commande a été suspendu');
    const enZip = await ctx.app.inject({ url: `/api/download/${en.publicId}/zip` });
    expect(enZip.statusCode).toBe(403);
    expect(enZip.json().message).toContain('Access to this order’s guides has been suspended');
    expect((await ctx.app.inject({ url: fileLink.downloadUrl })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/orders/${fr.publicId}` })).json().accessRevoked).toBe(true);

    const restored = await admin('POST', `/api/admin/orders/${fr.id}/restore`);
    expect(restored.json()).toMatchObject({ changed: true });
    expect((await ctx.app.inject({ url: fileLink.downloadUrl })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: `/api/orders/${fr.publicId}` })).json().accessRevoked).toBe(false);
    const kinds = (await timeline(fr)).map((l) => l.kind);
    expect(kinds.slice(0, 3)).toEqual(['download', 'access_restored', 'access_revoked']);
  });

  test('revoking twice, even at once, records one revocation; restoring what is not revoked changes nothing', async () => {
    const order = await completed();
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin('POST', `/api/admin/orders/${order.id}/revoke`, {})),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json().changed)).toHaveLength(1);
    expect(await eventsOf(order, 'access_revoked')).toHaveLength(1);
    expect(await activityOf(order, 'order.revoke')).toHaveLength(1);
    await admin('POST', `/api/admin/orders/${order.id}/restore`);
    const twice = await admin('POST', `/api/admin/orders/${order.id}/restore`);
    expect(twice.json()).toMatchObject({ changed: false });
    expect(await activityOf(order, 'order.restore')).toHaveLength(1);
  });

  test('an order that gives no access cannot be revoked', async () => {
    const rejected = await completed({ status: 'rejected', completedAt: null });
    const res = await admin('POST', `/api/admin/orders/${rejected.id}/revoke`, {});
    expect(res.statusCode).toBe(409);
    expect(await eventsOf(rejected, 'access_revoked')).toHaveLength(0);
  });
});

describe('downloads in the timeline', () => {
  test('a served file is recorded once with its name; a resumed range is the same download', async () => {
    const order = await completed();
    const link = (await ctx.app.inject({ url: `/api/download/${order.publicId}/${dakar.id}` })).json();
    expect((await ctx.app.inject({ url: link.downloadUrl })).statusCode).toBe(200);
    const resumed = await ctx.app.inject({ url: link.downloadUrl, headers: { range: 'bytes=100-' } });
    expect(resumed.statusCode).toBe(206);
    const downloads = await eventsOf(order, 'download');
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.data).toMatchObject({ file: link.fileName });
  });
});

describe('private notes', () => {
  test('a note is kept in the timeline and the activity record; an empty one is a 400', async () => {
    const order = await completed();
    const empty = await admin('POST', `/api/admin/orders/${order.id}/notes`, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('text');
    const long = await admin('POST', `/api/admin/orders/${order.id}/notes`, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    const note = 'Buyer called: wrong address 📞 <b>ok</b>';
    expect((await admin('POST', `/api/admin/orders/${order.id}/notes`, { text: note })).statusCode).toBe(200);
    expect((await timeline(order)).find((l) => l.kind === 'note')?.detail).toBe(note);
    expect(await activityOf(order, 'order.note')).toHaveLength(1);
  });
});

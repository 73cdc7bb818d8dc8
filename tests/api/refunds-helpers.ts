import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminActivity, emailLog, orderEvents, orders, refunds } from '../../src/server/db/schema';
import { readEmail } from '../helpers/mail';
import type { TestContext } from '../helpers/test-context';
import { claimCardOrder, payWithTestCard, shopper, signatureFor, startPayment } from './checkout-helpers';

export const ADMIN_KEY = 'refunds-admin-key-0123456789abcdef';

/** The operator's refund request, as the admin sends it. */
export function refund(
  ctx: TestContext,
  orderId: string,
  body: { amount?: string | number; note?: string; requestKey?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { 'x-admin-key': ADMIN_KEY },
    payload: { requestKey: randomUUID(), ...body },
  });
}

/** A card order paid with the test card and claimed by the browser, as the checkout leaves it. */
export async function paidCardOrder(ctx: TestContext, guideId: string, price: number) {
  const items = [{ id: guideId, quantity: 1 }];
  // A shopper of their own, or the same cart would get the same (already paid) PaymentIntent back.
  const customer = { ...shopper, email: `buyer-${randomUUID().slice(0, 8)}@example.com` };
  const started = await startPayment(ctx, { items, amount: price, customer });
  expect(started.statusCode, started.body).toBe(200);
  const intent = started.json() as { paymentIntentId: string; clientSecret: string };
  const paid = await payWithTestCard(ctx, intent.paymentIntentId);
  expect(paid.statusCode, paid.body).toBe(200);
  const claim = await claimCardOrder(ctx, { ...intent, items, total: price, email: customer.email });
  expect(claim.statusCode, claim.body).toBe(201);
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(eq(orders.paymentIntentId, intent.paymentIntentId));
  return order!;
}

/** Stripe's `charge.refunded` for a payment, signed as Stripe signs it. */
export function chargeRefundedWebhook(ctx: TestContext, paymentIntentId: string) {
  const payload = JSON.stringify(
    {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `ch_${paymentIntentId.slice(3)}`,
          object: 'charge',
          payment_intent: paymentIntentId,
          metadata: {},
        },
      },
    },
    null,
    2,
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureFor(payload) },
    payload,
  });
}

export async function refundRows(ctx: TestContext, orderId: string) {
  return ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

export async function orderRow(ctx: TestContext, orderId: string) {
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

/** The order's timeline events and activity records of one kind. */
export async function recordsOf(ctx: TestContext, orderId: string) {
  const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
  const activity = await ctx.db.select().from(adminActivity).where(eq(adminActivity.subjectId, orderId));
  return {
    refundEvents: events.filter((e) => e.kind === 'refund'),
    revoked: events.filter((e) => e.kind === 'access_revoked'),
    activity: activity.filter((a) => a.action === 'order.refund'),
  };
}

/** Runs the outbox and reads the refund emails the order got (from the .eml outbox folder). */
export async function refundEmailsOf(ctx: TestContext, orderId: string) {
  await ctx.app.services.jobs.runDueJobs();
  const logged = await ctx.db.select().from(emailLog).where(eq(emailLog.orderId, orderId));
  const subjects = logged.filter((l) => l.kind === 'refund-email').map((l) => l.subject);
  const folder = path.join(ctx.dataDir, 'outbox');
  const files = await readdir(folder).catch(() => [] as string[]);
  const emails = await Promise.all(files.map(async (f) => readEmail(await readFile(path.join(folder, f)))));
  return emails.filter((e) => subjects.includes(e.subject));
}

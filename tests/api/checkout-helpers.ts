import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { jobs, orders } from '../../src/server/db/schema';
import { DELIVER_ORDER_JOB } from '../../src/server/modules/mail/delivery-jobs';
import type { Order } from '../../src/shared/contracts/orders';
import type { TestContext } from '../helpers/test-context';

export const shopper = {
  email: 'awa.diop@example.com',
  firstName: 'Awa',
  lastName: 'Diop',
  mobile: '+221 77 123 45 67',
};

export const WEBHOOK_SECRET = 'whsec_test_checkout_0123456789abcdef';

export interface Line {
  id: string;
  quantity: number;
}

export async function startPayment(
  ctx: TestContext,
  body: { items: Line[]; amount: number; customer?: typeof shopper; locale?: 'fr' | 'en' },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    payload: { customer: shopper, locale: 'fr', ...body },
  });
}

/** Starts a payment that must be accepted, and returns the intent. */
export async function paymentIntentFor(ctx: TestContext, items: Line[], amount: number) {
  const res = await startPayment(ctx, { items, amount });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    paymentIntentId: string;
    clientSecret: string;
    amount: number;
    alreadyPaid: boolean;
  };
}

/** The checkout's test card form. */
export async function payWithTestCard(
  ctx: TestContext,
  paymentIntentId: string,
  cardNumber = '4242 4242 4242 4242',
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/test-mode/confirm-payment',
    payload: { paymentIntentId, cardNumber },
  });
}

/** What the browser sends once the card is confirmed. */
export async function claimCardOrder(
  ctx: TestContext,
  body: { paymentIntentId: string; clientSecret?: string; items: Line[]; total: number; email?: string },
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    payload: { ...shopper, locale: 'fr', ...body },
  });
}

export async function ordersFor(db: Db, paymentIntentId: string) {
  return db.select().from(orders).where(eq(orders.paymentIntentId, paymentIntentId));
}

export async function orderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row!.n;
}

/** Delivery jobs queued for one order, counted by payload (not by the dedupe key that prevents duplicates). */
export async function deliveryJobsFor(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(sql`${jobs.kind} = ${DELIVER_ORDER_JOB} and ${jobs.payload}->>'orderId' = ${orderId}`);
  return row!.n;
}

export async function deliveryJobCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(eq(jobs.kind, DELIVER_ORDER_JOB));
  return row!.n;
}

/** A `payment_intent.succeeded` event as Stripe sends it: pretty-printed JSON. */
export async function succeededEventBody(
  ctx: TestContext,
  paymentIntentId: string,
  type = 'payment_intent.succeeded',
) {
  const intent = await ctx.app.services.payments.retrievePaymentIntent(paymentIntentId);
  if (!intent) throw new Error(`no intent ${paymentIntentId}`);
  const event = {
    id: `evt_test_${paymentIntentId.slice(3)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency,
        status: intent.status,
        metadata: intent.metadata,
      },
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  return JSON.stringify(event, null, 2);
}

export function signatureFor(payload: string, timestamp = Math.floor(Date.now() / 1000)) {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp });
}

/** Stripe's `payment_intent.succeeded` for this intent, signed, delivered to the webhook. */
export async function sendSucceededWebhook(ctx: TestContext, paymentIntentId: string) {
  const payload = await succeededEventBody(ctx, paymentIntentId);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'stripe-signature': signatureFor(payload), 'content-type': 'application/json' },
    payload,
  });
}

export function expectOrderShape(order: Order) {
  expect(order.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
  expect(order.orderNumber).toMatch(/^GA-[2-9A-HJKMNP-Z]{6}$/);
}

import { and, eq } from 'drizzle-orm';
import { METHOD } from '../../../shared/payment-methods';
import type { PaymentGateway, WebhookEvent } from '../../adapters/payments/card-gateway';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { lockOrder } from './refund-ledger';
import { recordStripeRefund } from './stripe-refunds';

/** Stripe's events about refunds; the event only says which payment to look at again. */
const REFUND_EVENTS = new Set([
  'charge.refunded',
  'charge.refund.updated',
  'refund.created',
  'refund.updated',
]);

export const isRefundEvent = (event: WebhookEvent): boolean => REFUND_EVENTS.has(event.type);

/**
 * A refund event from Stripe's webhook: the payment's refunds are read back from Stripe (the
 * event's copy may be stale or arrive out of order) and each is recorded, once. This is also how a
 * refund made in Stripe's dashboard reaches the order.
 */
export async function applyRefundEvent(
  deps: { db: Db; payments: PaymentGateway },
  event: WebhookEvent,
): Promise<'recorded' | 'ignored'> {
  const paymentIntentId = event.object.paymentIntent;
  if (!paymentIntentId) return 'ignored';
  const [order] = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentIntentId, paymentIntentId), eq(orders.paymentMethod, METHOD.card)))
    .limit(1);
  if (!order) return 'ignored';
  const views = await deps.payments.listRefunds(paymentIntentId);
  await deps.db.transaction(async (tx) => {
    // Oldest first, the order read again before each: a refund sees the one before it applied.
    for (const view of views.reverse()) await recordStripeRefund(tx, await lockOrder(tx, order.id), view);
  });
  return 'recorded';
}

import { and, eq, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { enqueueJob } from '../jobs/jobs.service';
import { recordOrderEvent, revokeAccess } from '../orders/order-events';
import { refundEmailJob } from './refund-email-job';

/**
 * The refunds table and the order's refunded amount, always changed together under a lock on the
 * order's row, so two refunds of one order (two operators, the API and Stripe's webhook) are decided
 * one after the other, each seeing what the other wrote.
 */

export type RefundRow = typeof refunds.$inferSelect;
export type LockedOrder = typeof orders.$inferSelect;

/** The order's row, locked until the transaction ends. */
export async function lockOrder(tx: Tx, orderId: string): Promise<LockedOrder> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('No order with this id');
  return order;
}

/** Cents not yet refunded nor promised to a refund still waiting for Stripe's answer. */
export async function refundableCents(tx: Tx, order: LockedOrder): Promise<number> {
  const [pending] = await tx
    .select({ sum: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'pending')));
  return toCents(order.total) - toCents(order.refundedAmount) - toCents(pending?.sum ?? '0');
}

/**
 * What a refund that has just succeeded changes, once: the order's refunded amount (the sum of its
 * succeeded refunds), access closed when all of it is refunded, the timeline, the operator's
 * activity record and the buyer's email. The caller holds the order's lock and has just moved the
 * row to 'succeeded' (so a second caller finds it done and comes nowhere near here).
 */
export async function applySucceededRefund(tx: Tx, order: LockedOrder, refund: RefundRow): Promise<void> {
  const [sum] = await tx
    .select({ cents: sql<string>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.orderId, order.id), eq(refunds.status, 'succeeded')));
  const refundedAmount = centsToDecimal(toCents(sum?.cents ?? '0'));
  await tx.update(orders).set({ refundedAmount, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
  const full = toCents(refundedAmount) >= toCents(order.total);
  const facts = {
    refundId: refund.id,
    amount: refund.amount,
    provider: refund.provider,
    providerRefundId: refund.providerRefundId,
    full,
    ...(refund.note ? { note: refund.note } : {}),
  };
  await recordOrderEvent(tx, order.id, { kind: 'refund', actor: refund.actor, data: facts });
  if (full) await revokeAccess(tx, order.id, refund.actor, 'refund');
  await recordActivity(tx, {
    actor: refund.actor,
    action: 'order.refund',
    subjectType: 'order',
    subjectId: order.id,
    before: { refundedAmount: order.refundedAmount, accessRevoked: order.accessRevokedAt !== null },
    after: { refundedAmount, accessRevoked: full || order.accessRevokedAt !== null, refund: facts },
  });
  await enqueueJob(tx, refundEmailJob(refund.id, full));
}

/** Moves a refund to a new status (and records Stripe's id for it); answers the row as it now is. */
export async function settleRefund(
  tx: Tx,
  refund: RefundRow,
  change: { status: RefundRow['status']; providerRefundId?: string },
): Promise<RefundRow> {
  const [updated] = await tx
    .update(refunds)
    .set({
      status: change.status,
      ...(change.providerRefundId ? { providerRefundId: change.providerRefundId } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(refunds.id, refund.id))
    .returning();
  return updated ?? refund;
}

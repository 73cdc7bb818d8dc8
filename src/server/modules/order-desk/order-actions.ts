import { eq, sql } from 'drizzle-orm';
import type { OrderActionResult } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { isPaidOnOrder } from '../../../shared/payment-methods';
import type { Db, Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { hasGuideAccess } from '../../domain/guide-access';
import { recordActivity } from '../activity/activity';
import { enqueueJob } from '../jobs/jobs.service';
import { resendLinksJob } from '../mail/delivery-jobs';
import { recordOrderEvent, restoreAccess, revokeAccess } from '../orders/order-events';

type OrderRow = typeof orders.$inferSelect;

/**
 * The desk's actions on one order, each in one transaction that also writes the order's
 * timeline and the activity record, under a lock on the order's row so two operators' clicks are
 * taken one after the other. A repeat changes nothing and says so (`changed: false`).
 */
async function onLockedOrder<T>(
  db: Db,
  id: string,
  run: (tx: Tx, order: OrderRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw notFound('Order not found');
    return run(tx, order);
  });
}

/** The operator's change to an order, in the activity record, in the change's transaction. */
const recordOrderActivity = (
  tx: Tx,
  actor: string,
  orderId: string,
  action: string,
  change: { before?: unknown; after?: unknown },
) => recordActivity(tx, { actor, action, subjectType: 'order', subjectId: orderId, ...change });

function assertDeliverable(order: OrderRow): void {
  if (order.status !== 'completed') {
    throw conflict(
      `This order is ${order.status.replace('_', ' ')}: only a completed order has guides to send.`,
    );
  }
  if (order.accessRevokedAt) {
    throw conflict('Access to this order is revoked: restore it before sending the guides again.');
  }
}

/**
 * Sends the delivery email again through the outbox. The request id is the job's dedupe key: a
 * retried request or a second click with the same id queues nothing more.
 */
export async function resendDelivery(
  db: Db,
  input: { id: string; actor: string; requestId: string },
): Promise<OrderActionResult> {
  return onLockedOrder(db, input.id, async (tx, order) => {
    assertDeliverable(order);
    const queued = await enqueueJob(tx, resendLinksJob(order.id, input.requestId));
    if (!queued) return { message: 'This resend was already queued', changed: false };
    await recordOrderEvent(tx, order.id, { kind: 'resend', actor: input.actor, data: { to: order.email } });
    await recordOrderActivity(tx, input.actor, order.id, 'order.resend', { after: { to: order.email } });
    return { message: `Delivery email queued to ${order.email}`, changed: true };
  });
}

/**
 * Corrects the buyer's address; the old one stays in the timeline. A completed order's delivery, or
 * a mobile-money order's payment instructions while it waits, then goes to the new address.
 */
export async function changeBuyerEmail(
  db: Db,
  input: { id: string; actor: string; email: string; requestId: string },
): Promise<OrderActionResult> {
  return onLockedOrder(db, input.id, async (tx, order) => {
    if (order.email.toLowerCase() === input.email.toLowerCase()) {
      return { message: `The buyer’s email is already ${order.email}`, changed: false };
    }
    await tx.update(orders).set({ email: input.email, updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    await recordOrderEvent(tx, order.id, {
      kind: 'email_changed',
      actor: input.actor,
      data: { from: order.email, to: input.email },
    });
    await recordOrderActivity(tx, input.actor, order.id, 'order.email', {
      before: { email: order.email },
      after: { email: input.email },
    });
    const waitingToPay = order.status === 'pending' && !isPaidOnOrder(order.paymentMethod);
    const deliverable = hasGuideAccess(order);
    if (!deliverable && !waitingToPay) return { message: `Email changed to ${input.email}`, changed: true };
    await enqueueJob(tx, resendLinksJob(order.id, input.requestId, 'email_changed'));
    await recordOrderEvent(tx, order.id, { kind: 'resend', actor: input.actor, data: { to: input.email } });
    return { message: `Email changed to ${input.email}; the guides are on their way there`, changed: true };
  });
}

export async function revokeOrderAccess(
  db: Db,
  input: { id: string; actor: string; reason: string },
): Promise<OrderActionResult> {
  return onLockedOrder(db, input.id, async (tx, order) => {
    if (order.status !== 'completed') {
      throw conflict(`This order is ${order.status.replace('_', ' ')}: it gives no access to revoke.`);
    }
    if (!(await revokeAccess(tx, order.id, input.actor, input.reason))) {
      return { message: 'Access was already revoked', changed: false };
    }
    await recordOrderActivity(tx, input.actor, order.id, 'order.revoke', {
      before: { accessRevoked: false },
      after: { accessRevoked: true, reason: input.reason },
    });
    return { message: 'Access revoked: the buyer’s links no longer work', changed: true };
  });
}

export async function restoreOrderAccess(
  db: Db,
  input: { id: string; actor: string },
): Promise<OrderActionResult> {
  return onLockedOrder(db, input.id, async (tx, order) => {
    if (!(await restoreAccess(tx, order.id, input.actor))) {
      return { message: 'Access was not revoked', changed: false };
    }
    await recordOrderActivity(tx, input.actor, order.id, 'order.restore', {
      before: { accessRevoked: true },
      after: { accessRevoked: false },
    });
    return { message: 'Access restored: the buyer’s links work again', changed: true };
  });
}

/** A private note on the order, seen only in the admin. */
export async function addOrderNote(
  db: Db,
  input: { id: string; actor: string; text: string },
): Promise<OrderActionResult> {
  return onLockedOrder(db, input.id, async (tx, order) => {
    await recordOrderEvent(tx, order.id, { kind: 'note', actor: input.actor, data: { text: input.text } });
    await recordOrderActivity(tx, input.actor, order.id, 'order.note', { after: { text: input.text } });
    return { message: 'Note added', changed: true };
  });
}

import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders } from '../../db/schema';

/**
 * What the order's timeline records beyond what other tables already say. Created,
 * paid, rejected and expired come from the order's own columns; emails from email_log; payment proofs
 * from payment_proofs.
 */
export type OrderEventKind =
  | 'download'
  | 'refund'
  /** A refund the provider (Stripe, Wave) refused, with its reason. */
  | 'refund_refused'
  | 'access_revoked'
  | 'access_restored'
  | 'email_changed'
  | 'resend'
  | 'note'
  /** A WhatsApp message sent, refused, or a status Meta reported for it. */
  | 'whatsapp';

/** Appends an event to an order's timeline, in the caller's transaction. */
export async function recordOrderEvent(
  db: DbOrTx,
  orderId: string,
  event: { kind: OrderEventKind; actor: string; data?: Record<string, unknown> },
): Promise<void> {
  await db
    .insert(orderEvents)
    .values({ orderId, kind: event.kind, actor: event.actor, data: event.data ?? {} });
}

/**
 * Revokes the buyer's access to the order's downloads (an operator's decision or a full refund).
 * Returns false when it was already revoked, so a repeat records nothing twice.
 */
export async function revokeAccess(
  db: DbOrTx,
  orderId: string,
  actor: string,
  reason: string,
): Promise<boolean> {
  const [row] = await db
    .update(orders)
    .set({ accessRevokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNull(orders.accessRevokedAt)))
    .returning({ id: orders.id });
  if (row) await recordOrderEvent(db, orderId, { kind: 'access_revoked', actor, data: { reason } });
  return row !== undefined;
}

/** Gives the access back; false when it was not revoked. */
export async function restoreAccess(db: DbOrTx, orderId: string, actor: string): Promise<boolean> {
  const [row] = await db
    .update(orders)
    .set({ accessRevokedAt: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), isNotNull(orders.accessRevokedAt)))
    .returning({ id: orders.id });
  if (row) await recordOrderEvent(db, orderId, { kind: 'access_restored', actor });
  return row !== undefined;
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { DbOrTx, JobInput } from '../jobs/jobs.service';

/**
 * Issue 15: an unpaid mobile-money order (no receipt, no automatic payment) expires after
 * MOBILE_MONEY_EXPIRY_HOURS, so a flood of fake orders leaves the operator's list by itself.
 * Each new order queues the sweep of the quarter hour its expiry falls in; one job per quarter
 * hour (deduplicated), which expires every order then due, whoever queued it.
 */
export const EXPIRE_MOBILE_MONEY_JOB = 'expire-mobile-money-orders';
const SWEEP_EVERY_MS = 15 * 60_000;

export function expirySweepJob(placedAt: Date, expiryHours: number): JobInput {
  const due = placedAt.getTime() + expiryHours * 3_600_000;
  const runAfter = new Date(Math.ceil(due / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
  return {
    kind: EXPIRE_MOBILE_MONEY_JOB,
    payload: {},
    dedupeKey: `${EXPIRE_MOBILE_MONEY_JOB}:${runAfter.toISOString()}`,
    runAfter,
  };
}

/**
 * One conditional UPDATE: a receipt arriving at the same moment locks the row and re-reads its
 * status, so of the two exactly one wins. Orders with an automatic payment are left to its poller,
 * which flags them for the operator instead (money may be on its way).
 */
export async function expireUnpaidMobileMoneyOrders(db: DbOrTx, expiryHours: number): Promise<number> {
  const expired = await db
    .update(orders)
    .set({ status: 'expired', updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.paymentMethod, 'djamo'),
        eq(orders.status, 'pending'),
        isNull(orders.providerTransactionId),
        sql`${orders.createdAt} <= now() - ${expiryHours}::float8 * interval '1 hour'`,
      ),
    )
    .returning({ id: orders.id });
  return expired.length;
}

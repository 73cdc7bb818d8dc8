import { METHOD } from '../../../shared/payment-methods';
import type { DbOrTx } from '../../db/client';
import { emptyPayload, jobKind } from '../jobs/registry';
import { expireUnpaidOrders } from '../orders/order-lifecycle';

/**
 * an unpaid mobile-money order (no payment proof, no automatic payment) expires after
 * MOBILE_MONEY_EXPIRY_HOURS, so a flood of fake orders leaves the operator's list by itself.
 * Each new order queues the sweep of the quarter hour its expiry falls in; one job per quarter
 * hour (deduplicated), which expires every order then due, whoever queued it.
 */
export const expireMobileMoney = jobKind('expire-mobile-money-orders', emptyPayload);
export const EXPIRE_MOBILE_MONEY_JOB = expireMobileMoney.kind;
const SWEEP_EVERY_MS = 15 * 60_000;

export function expirySweepJob(placedAt: Date, expiryHours: number) {
  const due = placedAt.getTime() + expiryHours * 3_600_000;
  const runAfter = new Date(Math.ceil(due / SWEEP_EVERY_MS) * SWEEP_EVERY_MS);
  return expireMobileMoney.input(
    {},
    { dedupeKey: `${EXPIRE_MOBILE_MONEY_JOB}:${runAfter.toISOString()}`, runAfter },
  );
}

/**
 * Orders with an automatic payment are left to its poller, which flags them for the operator
 * instead (money may be on its way); see expireUnpaidOrders.
 */
export const expireUnpaidMobileMoneyOrders = (db: DbOrTx, expiryHours: number): Promise<number> =>
  expireUnpaidOrders(db, METHOD.mobileMoney, expiryHours);

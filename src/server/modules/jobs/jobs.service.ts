import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

/** A database handle or an open transaction: jobs are enqueued in the same transaction as their cause. */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'execute'>;

export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  /** The same logical job is only ever queued once: a second enqueue with this key does nothing. */
  dedupeKey: string;
  runAfter?: Date;
}

/**
 * In-process hint that work was queued, so this process's worker looks sooner than its next poll.
 * Only a hint: the row is the truth, and other processes find it by polling.
 */
export const jobQueueSignal = new EventEmitter().setMaxListeners(0);

/** Queues work that must survive a crash (the outbox). Returns false when it was already queued. */
export async function enqueueJob(db: DbOrTx, job: JobInput): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      dedupeKey: job.dedupeKey,
      runAfter: job.runAfter ?? sql`now()`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  if (inserted.length > 0) jobQueueSignal.emit('enqueued');
  return inserted.length > 0;
}

/** Delivering an order: stamp its PDFs, then send the delivery email. Exactly once per order. */
export const DELIVER_ORDER_JOB = 'deliver-order';
export const deliverOrderJob = (orderId: string): JobInput => ({
  kind: DELIVER_ORDER_JOB,
  payload: { orderId },
  dedupeKey: `${DELIVER_ORDER_JOB}:${orderId}`,
});

/** Sending the delivery email again, asked for by the shopper: one job (and one email) per request. */
export const RESEND_LINKS_JOB = 'resend-links';
export const resendLinksJob = (orderId: string, requestId: string): JobInput => ({
  kind: RESEND_LINKS_JOB,
  payload: { orderId, requestId },
  dedupeKey: `${RESEND_LINKS_JOB}:${requestId}`,
});

/**
 * The emails of a mobile-money order: to the shopper when a receipt arrives and when the payment
 * is rejected, and to the operator when a receipt waits to be checked. One job (and one email) each.
 */
export const MOBILE_MONEY_EMAIL_JOB = 'mobile-money-email';
export const MOBILE_MONEY_EMAIL_KINDS = [
  'receipt-received',
  'operator-receipt-notice',
  'rejection',
  /** An automatic payment flagged for the operator (issue 10); one per distinct reason. */
  'operator-payment-attention',
  /** How to pay, at once when the order is placed, and again on "Resend my links" (issue 17 §6). */
  'payment-instructions',
  /** The same, hours later and before the order expires, while no receipt or payment came. */
  'payment-reminder',
] as const;
export type MobileMoneyEmailKind = (typeof MOBILE_MONEY_EMAIL_KINDS)[number];
/** What makes one mobile-money email: per receipt, per order and flag, or per order. */
export const mobileMoneyEmailKey = (job: {
  kind: MobileMoneyEmailKind;
  orderId: string;
  receiptId?: string;
  flag?: string;
}) =>
  job.receiptId
    ? `${job.kind}:${job.receiptId}`
    : job.flag
      ? `${job.kind}:${job.orderId}:${job.flag}`
      : `${job.kind}:${job.orderId}`;
export const mobileMoneyEmailJob = (
  kind: MobileMoneyEmailKind,
  orderId: string,
  receiptId?: string,
  flag?: string,
  runAfter?: Date,
): JobInput => {
  const key = mobileMoneyEmailKey({ kind, orderId, receiptId, flag });
  return {
    kind: MOBILE_MONEY_EMAIL_JOB,
    payload: { kind, orderId, ...(receiptId ? { receiptId } : {}), ...(flag ? { flag } : {}) },
    dedupeKey: `${MOBILE_MONEY_EMAIL_JOB}:${key}`,
    runAfter,
  };
};

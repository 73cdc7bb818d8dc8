import { z } from 'zod';
import { jobKind } from '../jobs/registry';

/**
 * The emails of a mobile-money order: to the shopper when a payment proof arrives and when the payment
 * is rejected, and to the operator when a payment proof waits to be checked. One job (and one email) each.
 */
export const MOBILE_MONEY_EMAIL_KINDS = [
  'receipt-received',
  'operator-receipt-notice',
  'rejection',
  /** An automatic payment flagged for the operator; one per distinct reason. */
  'operator-payment-attention',
  /** How to pay, at once when the order is placed, and again on "Resend my links". */
  'payment-instructions',
  /** The same, hours later and before the order expires, while no payment proof or payment came. */
  'payment-reminder',
] as const;
export type MobileMoneyEmailKind = (typeof MOBILE_MONEY_EMAIL_KINDS)[number];

export const mobileMoneyEmail = jobKind(
  'mobile-money-email',
  z.object({
    kind: z.enum(MOBILE_MONEY_EMAIL_KINDS),
    orderId: z.uuid(),
    receiptId: z.uuid().optional(),
    flag: z.string().max(40).optional(),
    /** A rejection's reason, as the operator typed it. */
    reason: z.string().max(500).optional(),
  }),
);
export const MOBILE_MONEY_EMAIL_JOB = mobileMoneyEmail.kind;

/** What makes one mobile-money email: per payment proof, per order and flag, or per order. */
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
) =>
  mobileMoneyEmail.input(
    { kind, orderId, ...(receiptId ? { receiptId } : {}), ...(flag ? { flag } : {}) },
    {
      dedupeKey: `${MOBILE_MONEY_EMAIL_JOB}:${mobileMoneyEmailKey({ kind, orderId, receiptId, flag })}`,
      runAfter,
    },
  );

/** The rejection email, with the operator's reason when they gave one. */
export const rejectionEmailJob = (orderId: string, reason?: string) =>
  mobileMoneyEmail.input(
    { kind: 'rejection', orderId, ...(reason ? { reason } : {}) },
    { dedupeKey: `${MOBILE_MONEY_EMAIL_JOB}:${mobileMoneyEmailKey({ kind: 'rejection', orderId })}` },
  );

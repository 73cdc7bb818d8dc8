import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { METHOD } from '../../../shared/payment-methods';
import { orders, refunds } from '../../db/schema';
import { defineJob, jobKind } from '../jobs/registry';
import { PermanentJobError } from '../jobs/worker';
import { type MailDeps, orderPageUrl, sendLoggedEmail } from '../mail/mail.service';
import { composeRefundEmail } from '../mail/refund-email';

/** The buyer's refund email: queued in the refund's transaction, sent once per refund. */
export const refundEmail = jobKind('refund-email', z.object({ refundId: z.uuid(), full: z.boolean() }));
export const REFUND_EMAIL_JOB = refundEmail.kind;
/** `full`: this refund completed the order's refund (said as it was then, not when the email goes). */
export const refundEmailJob = (refundId: string, full: boolean) =>
  refundEmail.input({ refundId, full }, { dedupeKey: `${REFUND_EMAIL_JOB}:${refundId}` });

export async function sendRefundEmail(
  deps: MailDeps,
  job: { refundId: string; full: boolean },
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const [row] = await deps.db
    .select({ refund: refunds, order: orders })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(eq(refunds.id, job.refundId))
    .limit(1);
  if (!row) throw new PermanentJobError(`Refund ${job.refundId} does not exist`);
  const { refund, order } = row;
  const email = composeRefundEmail({
    locale: order.locale,
    firstName: order.firstName,
    orderNumber: order.orderNumber,
    amount: refund.amount,
    byCard: order.paymentMethod === METHOD.card,
    full: job.full,
    orderPageUrl: orderPageUrl(deps.config, order),
  });
  await sendLoggedEmail(
    deps,
    { dedupeKey: `refund:${refund.id}`, kind: REFUND_EMAIL_JOB, orderId: order.id, to: order.email, email },
    options,
  );
}

/** The refunds module's jobs. */
export const refundJobs = [
  defineJob(refundEmail, (deps: MailDeps, job, { signal }) => sendRefundEmail(deps, job, { signal })),
];

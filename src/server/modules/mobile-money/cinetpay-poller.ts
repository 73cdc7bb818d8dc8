import { eq } from 'drizzle-orm';
import { ProviderUnavailableError } from '../../adapters/mobile-money/provider';
import { orders } from '../../db/schema';
import { enqueueJob } from '../jobs/jobs.service';
import {
  type AutomaticPaymentDeps,
  type ConfirmOutcome,
  confirmTransaction,
  flagForOperator,
} from './automatic-payment.service';
import { cinetpayPollJob, POLL_FOR_MS, pollDelayMs } from './cinetpay-poll-job';

/**
 * The poller: one job per poll, each queueing the next with a growing delay, until the order is
 * decided, the attempt was replaced, or 24 hours passed — then the order is flagged for the operator.
 */
export async function pollTransaction(
  deps: AutomaticPaymentDeps,
  job: { orderId: string; transactionId: string; poll: number },
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId)).limit(1);
  if (!order || order.providerTransactionId !== job.transactionId) return;
  if (order.status !== 'pending' && order.status !== 'pending_verification') return;
  if (!deps.provider) {
    // Its keys were removed: nobody to ask any more.
    await flagForOperator(
      deps.db,
      order.id,
      'CinetPay is no longer configured: check this payment in its back-office',
    );
    return;
  }
  let outcome: ConfirmOutcome;
  try {
    outcome = await confirmTransaction(deps, job.transactionId, 'poller');
  } catch (error) {
    // CinetPay down or answering nonsense: ask again on the schedule (the job's own retries would
    // give up within hours, without flagging the order).
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.log?.warn({ err: error, orderId: order.id }, 'CinetPay check failed; polling again later');
    outcome = 'waiting';
  }
  if (outcome !== 'waiting') return;
  const startedAt = order.providerStartedAt?.getTime() ?? order.createdAt.getTime();
  const next = Date.now() + pollDelayMs(job.poll + 1);
  if (next - startedAt > POLL_FOR_MS) {
    await flagForOperator(deps.db, order.id, 'No confirmation from CinetPay within 24 hours');
    return;
  }
  await enqueueJob(deps.db, cinetpayPollJob(order.id, job.transactionId, job.poll + 1, new Date(next)));
}

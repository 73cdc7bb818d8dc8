import { and, eq, gte, like, lt, ne } from 'drizzle-orm';
import { METHOD } from '../../../shared/payment-methods';
import { WaveUnavailableError } from '../../adapters/wave/wave';
import { orders } from '../../db/schema';
import { enqueueJob } from '../jobs/jobs.service';
import { defineJob } from '../jobs/registry';
import { PermanentJobError } from '../jobs/worker';
import { type ConfirmOutcome, flagForOperator } from '../mobile-money/automatic-payment.service';
import { POLL_FOR_MS, waveDailyCheck, wavePoll, wavePollDelayMs, wavePollJob } from './wave-jobs';
import { confirmWaveSession, type WavePaymentDeps } from './wave-payment.service';
import { WAVE_PREFIX, waveReferenceOf } from './wave-reference';

/**
 * The poller: asks Wave about a session neither the webhook nor the buyer's return settled, with
 * growing delays, until it is decided, replaced, or 24 hours passed (then the operator is told).
 */
export async function pollWaveSession(
  deps: WavePaymentDeps,
  job: { orderId: string; sessionId: string; poll: number },
): Promise<void> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, job.orderId)).limit(1);
  if (!order || order.providerTransactionId !== waveReferenceOf(job.sessionId)) return;
  if (order.status !== 'pending' && order.status !== 'pending_verification') return;
  if (!deps.wave) {
    await flagForOperator(
      deps.db,
      order.id,
      'Wave is no longer configured: check this payment in its portal',
    );
    return;
  }
  let outcome: ConfirmOutcome;
  try {
    outcome = await confirmWaveSession(deps, job.sessionId, 'poller');
  } catch (error) {
    if (!(error instanceof WaveUnavailableError)) throw error;
    deps.log?.warn({ err: error, orderId: order.id }, 'Wave check failed; polling again later');
    outcome = 'waiting';
  }
  if (outcome !== 'waiting') return;
  const startedAt = order.providerStartedAt?.getTime() ?? order.createdAt.getTime();
  if (Date.now() + wavePollDelayMs(job.poll + 1) - startedAt > POLL_FOR_MS) {
    await flagForOperator(deps.db, order.id, 'No answer from Wave within 24 hours');
    return;
  }
  await enqueueJob(deps.db, wavePollJob(order.id, job.sessionId, job.poll + 1));
}

/**
 * The daily check: every unpaid order that opened a Wave session on `day` is looked up in Wave by
 * its client_reference (so earlier sessions of the same order count too); a session Wave says
 * succeeded for an order the shop has not completed is handed to the operator, by email.
 */
export async function checkWaveDay(deps: WavePaymentDeps, day: string): Promise<number> {
  if (!deps.wave) return 0;
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  const opened = await deps.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, METHOD.mobileMoney),
        like(orders.providerTransactionId, `${WAVE_PREFIX}%`),
        gte(orders.providerStartedAt, from),
        lt(orders.providerStartedAt, to),
        ne(orders.status, 'completed'),
      ),
    );
  let flagged = 0;
  for (const order of opened) {
    const sessions = await deps.wave.searchSessions(order.id);
    const paid = sessions.find((s) => s.paymentStatus === 'succeeded' && s.clientReference === order.id);
    if (!paid) continue;
    flagged++;
    deps.log?.error({ orderId: order.id, sessionId: paid.id }, 'Wave session paid without a paid order');
    await flagForOperator(
      deps.db,
      order.id,
      `Daily check: Wave session ${paid.id} succeeded but the order is ${order.status}`,
      { providerStatus: 'succeeded' },
    );
  }
  return flagged;
}

/** The Wave module's jobs; they need Wave's deps (JobDeps.wave). */
export const waveJobs = [
  defineJob(wavePoll, async (deps: { wave?: WavePaymentDeps }, job) => {
    if (!deps.wave) throw new PermanentJobError('Wave payments are not set up');
    await pollWaveSession(deps.wave, job);
  }),
  defineJob(waveDailyCheck, async (deps: { wave?: WavePaymentDeps }, job) => {
    if (!deps.wave) throw new PermanentJobError('Wave payments are not set up');
    await checkWaveDay(deps.wave, job.day);
  }),
];

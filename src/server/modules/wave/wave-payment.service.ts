import { createHash } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { pathOf } from '../../../shared/contracts/endpoints/path-of';
import { waveReturn } from '../../../shared/contracts/endpoints/wave';
import type { PaymentState } from '../../../shared/contracts/mobile-money';
import { toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import {
  type WaveClient,
  WaveRefusedError,
  type WaveSession,
  WaveUnavailableError,
} from '../../adapters/wave/wave';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, notFound, unavailable, upstreamFailed } from '../../domain/errors';
import { enqueueJob } from '../jobs/jobs.service';
import type { ConfirmOutcome } from '../mobile-money/automatic-payment.service';
import { flagForOperator } from '../mobile-money/automatic-payment.service';
import { decidedConflict, findMobileMoneyOrderByPublicId } from '../mobile-money/mobile-money.service';
import { paymentStateOf } from '../mobile-money/payment-state';
import { completeOrder, isClosed, UNDECIDED } from '../orders/order-lifecycle';
import type { OrderRow } from '../orders/orders.service';
import { waveDailyCheckJob, wavePollJob } from './wave-jobs';
import { WAVE_VERIFIED_BY, waveAmountXof, waveReferenceOf, waveSessionIdOf } from './wave-reference';

/**
 * Wave Checkout (docs/features/wave.md). The shop opens a checkout session for the order's amount
 * and sends the buyer to Wave; the order is completed only when Wave's own answer to
 * GET /v1/checkout/sessions/{id} says succeeded, in XOF, for the order's amount. The webhook, the
 * buyer's return and the poller each only ask for that answer (confirmWaveSession); completing is
 * the status-guarded UPDATE every method shares, so exactly one of them wins.
 */

export interface WavePaymentDeps {
  db: Db;
  wave: WaveClient | undefined;
  /** The shop's address as Wave sends the buyer back to it: PUBLIC_URL, else this server's own. */
  baseUrl: () => string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

function requireWave(deps: WavePaymentDeps): WaveClient {
  if (!deps.wave) throw notFound('Wave is not offered by this shop: choose another way to pay');
  return deps.wave;
}

export const waveAmountOf = (order: Pick<OrderRow, 'total'>) => waveAmountXof(toCents(order.total));

/** One key per attempt: two starts racing on the same attempt get the same session from Wave. */
const attemptKey = (order: Pick<OrderRow, 'id' | 'providerTransactionId'>) =>
  createHash('sha256')
    .update(`wave-session:${order.id}:${order.providerTransactionId ?? ''}`)
    .digest('hex')
    .slice(0, 48);

/**
 * Opens (or resumes) a Wave checkout for a pending mobile-money order and answers where to send
 * the buyer. A session still open is resumed; after a failed or expired one, a new one is opened.
 */
export async function startWavePayment(
  deps: WavePaymentDeps,
  publicId: string,
): Promise<{ paymentUrl: string; amountXof: number; paymentState: PaymentState }> {
  const wave = requireWave(deps);
  const order = await findMobileMoneyOrderByPublicId(deps.db, publicId);
  if (isClosed(order.status)) throw decidedConflict(order);
  if (paymentStateOf(order) === 'review') {
    throw conflict('This payment is being checked by the shop: you will hear from us within 24 hours');
  }
  const amountXof = waveAmountOf(order);
  const current = waveSessionIdOf(order.providerTransactionId);
  if (current && order.providerPaymentUrl && paymentStateOf(order) === 'waiting') {
    return { paymentUrl: order.providerPaymentUrl, amountXof, paymentState: 'waiting' };
  }
  const base = deps.baseUrl();
  const back = `${base}${pathOf(waveReturn, { id: order.publicId })}`;
  let session: WaveSession;
  try {
    session = await wave.createSession({
      amountXof,
      clientReference: order.id,
      successUrl: back,
      errorUrl: `${back}?outcome=error`,
      idempotencyKey: attemptKey(order),
    });
  } catch (error) {
    if (error instanceof WaveRefusedError) throw upstreamFailed(`Wave refused the payment: ${error.reason}`);
    if (error instanceof WaveUnavailableError) throw unavailable(error.message, 30);
    throw error;
  }
  const reference = waveReferenceOf(session.id);
  const started = await deps.db.transaction(async (tx) => {
    // Guarded on the attempt it replaces: of two racing starts, one keeps its session.
    const [row] = await tx
      .update(orders)
      .set({
        paymentProvider: sql`coalesce(${orders.paymentProvider}, ${WAVE_VERIFIED_BY})`,
        providerTransactionId: reference,
        providerPaymentUrl: session.launchUrl,
        providerStatus: session.paymentStatus || 'processing',
        providerStartedAt: sql`now()`,
        providerCheckedAt: null,
        providerAttentionAt: null,
        providerAttentionReason: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(orders.id, order.id),
          inArray(orders.status, UNDECIDED),
          order.providerTransactionId
            ? eq(orders.providerTransactionId, order.providerTransactionId)
            : isNull(orders.providerTransactionId),
        ),
      )
      .returning();
    if (!row) return undefined;
    await enqueueJob(tx, wavePollJob(row.id, session.id, 0));
    await enqueueJob(tx, waveDailyCheckJob(new Date()));
    return row;
  });
  if (started) return { paymentUrl: session.launchUrl, amountXof, paymentState: 'waiting' };
  const [now] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  if (!now || isClosed(now.status)) throw decidedConflict(now ?? order);
  if (!now.providerPaymentUrl) throw unavailable('Please try again', 5);
  return { paymentUrl: now.providerPaymentUrl, amountXof, paymentState: paymentStateOf(now) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a session is for: the one holding it, else the one its client_reference names. */
async function orderOf(db: Db, sessionId: string, session?: WaveSession): Promise<OrderRow | undefined> {
  const [held] = await db
    .select()
    .from(orders)
    .where(eq(orders.providerTransactionId, waveReferenceOf(sessionId)))
    .limit(1);
  if (held || !session?.clientReference || !UUID.test(session.clientReference)) return held;
  const [named] = await db.select().from(orders).where(eq(orders.id, session.clientReference)).limit(1);
  return named;
}

/**
 * A session that will not be paid as it stands: cancelled, expired, or its last attempt failed (the
 * buyer is offered a new one; should the old one be paid after all, its client_reference still finds
 * the order).
 */
function failedWord(session: WaveSession): string | undefined {
  if (session.paymentStatus === 'cancelled') return 'cancelled';
  if (session.checkoutStatus === 'expired') return 'expired';
  return session.lastPaymentError ? 'failed' : undefined;
}

/**
 * Asks Wave about one session and applies its answer. Completes the order only on succeeded, in XOF,
 * for exactly the order's amount, for a session whose client_reference is the order. Idempotent;
 * safe to race with itself across processes. Throws WaveUnavailableError when Wave cannot answer.
 */
export async function confirmWaveSession(
  deps: WavePaymentDeps,
  sessionId: string,
  /** Who asks; only for the reader: every source is handled alike. */
  _source: 'webhook' | 'return' | 'poller',
): Promise<ConfirmOutcome> {
  const wave = requireWave(deps);
  const known = await orderOf(deps.db, sessionId);
  if (known?.status === 'completed' && known.verifiedBy === WAVE_VERIFIED_BY) return 'already-completed';
  let session: WaveSession;
  try {
    session = await wave.getSession(sessionId);
  } catch (error) {
    if (error instanceof WaveRefusedError && error.status === 404) return 'unknown';
    if (error instanceof WaveRefusedError) throw new WaveUnavailableError(error.message);
    throw error;
  }
  const order = known ?? (await orderOf(deps.db, sessionId, session));
  if (!order || order.paymentMethod !== METHOD.mobileMoney || session.clientReference !== order.id) {
    return 'unknown';
  }
  const reference = waveReferenceOf(sessionId);
  if (session.paymentStatus === 'succeeded') return applyPaid(deps, order, session, reference);
  const failed = failedWord(session);
  await deps.db
    .update(orders)
    .set({ providerStatus: failed ?? 'processing', providerCheckedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.providerTransactionId, reference),
        inArray(orders.status, UNDECIDED),
      ),
    );
  return failed ? 'failed' : 'waiting';
}

async function applyPaid(
  deps: WavePaymentDeps,
  order: OrderRow,
  session: WaveSession,
  reference: string,
): Promise<ConfirmOutcome> {
  const expected = waveAmountOf(order);
  if (session.currency !== 'XOF' || !/^\d+$/.test(session.amount) || Number(session.amount) !== expected) {
    deps.log?.error(
      {
        orderId: order.id,
        sessionId: session.id,
        amount: session.amount,
        currency: session.currency,
        expected,
      },
      'Wave says succeeded for another amount: left to the operator',
    );
    await flagForOperator(
      deps.db,
      order.id,
      `Wave says succeeded for ${session.amount || '?'} ${session.currency || '?'}, expected ${expected} XOF`,
      { providerStatus: 'succeeded' },
    );
    return 'attention';
  }
  if (order.status === 'completed') {
    if (order.providerTransactionId === reference) return 'already-completed';
    await flagForOperator(deps.db, order.id, `Paid twice: Wave session ${session.id} also succeeded`);
    return 'attention';
  }
  if (!(UNDECIDED as readonly string[]).includes(order.status)) {
    await flagForOperator(deps.db, order.id, `Paid through Wave after the order was ${order.status}`, {
      providerStatus: 'succeeded',
    });
    return 'attention';
  }
  const completed = await deps.db.transaction(async (tx) => {
    // A session from an earlier attempt that was paid after all: the order now holds that one.
    if (order.providerTransactionId !== reference) {
      await tx
        .update(orders)
        .set({ providerTransactionId: reference, providerPaymentUrl: session.launchUrl })
        .where(and(eq(orders.id, order.id), inArray(orders.status, UNDECIDED)));
    }
    return completeOrder(
      tx,
      order.id,
      { verifiedBy: WAVE_VERIFIED_BY, providerStatus: 'succeeded', providerCheckedAt: new Date() },
      eq(orders.providerTransactionId, reference),
    );
  });
  if (completed) return 'completed';
  const [now] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
  return now?.status === 'completed' ? 'already-completed' : 'unknown';
}

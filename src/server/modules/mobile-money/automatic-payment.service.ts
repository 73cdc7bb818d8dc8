import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { cinetpayNotify, cinetpayReturn } from '../../../shared/contracts/endpoints/checkout';
import { pathOf } from '../../../shared/contracts/endpoints/path-of';
import type { PaymentState } from '../../../shared/contracts/mobile-money';
import { toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import { CINETPAY_MIN_XOF, cinetpayAmountXof } from '../../adapters/mobile-money/cinetpay';
import {
  type CheckedPayment,
  type MobileMoneyProvider,
  ProviderRefusedError,
  ProviderUnavailableError,
} from '../../adapters/mobile-money/provider';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, invalid, notFound, unavailable, upstreamFailed } from '../../domain/errors';
// 502 and a 503 without Retry-After have no domain kind: kept as they are on the wire.
import { enqueueJob } from '../jobs/jobs.service';
import { completeOrder, flagOrder, isClosed, UNDECIDED } from '../orders/order-lifecycle';
import type { OrderRow } from '../orders/orders.service';
import type { PaymentCheck } from '../payments/payment-provider';
import { cinetpayPayment } from './cinetpay-payment';
import { cinetpayPollJob, pollDelayMs } from './cinetpay-poll-job';
import { decidedConflict, findMobileMoneyOrderByPublicId } from './mobile-money.service';
import { mobileMoneyEmailJob } from './mobile-money-email-job';
import { isWaveAttempt, paymentStateOf } from './payment-state';

/**
 * Automatic mobile money: the shop initialises a payment with the provider, the shopper pays on the
 * provider's hosted page, and the order is completed only after the provider's check endpoint says
 * ACCEPTED for the right amount — whoever asks first: the signed notification, the shopper coming
 * back, or the poller. All three go through confirmTransaction(), whose completion is the same
 * status-guarded UPDATE (plus delivery job) as an operator's validation, so exactly one wins.
 */

export const VERIFIED_BY_PROVIDER = 'cinetpay';

export interface AutomaticPaymentDeps {
  db: Db;
  provider: MobileMoneyProvider | undefined;
  config: Pick<Config, 'publicUrl' | 'port' | 'mailFrom'>;
  /** The shop's address as the provider reaches it: PUBLIC_URL, else this server's own address. */
  baseUrl: () => string;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Wave Checkout is configured (its own module settles its sessions: docs/features/wave.md). */
  waveOffered?: boolean;
}

/** A transaction id CinetPay accepts: letters and digits, unique (128 random bits). */
const newTransactionId = () => `GA${randomBytes(16).toString('hex').toUpperCase()}`;

export const amountXofOf = (order: Pick<OrderRow, 'total'>) => cinetpayAmountXof(toCents(order.total));

function requireProvider(deps: AutomaticPaymentDeps): MobileMoneyProvider {
  // Not configured is a fact about this shop, not an outage: 404, and the payment proof flow remains.
  if (!deps.provider) {
    throw notFound('Automatic mobile-money payment is not offered by this shop: send a receipt instead');
  }
  return deps.provider;
}

/**
 * Starts (or resumes) the automatic payment of a pending mobile-money order and answers the hosted
 * page. An attempt still waiting is resumed (same transaction, same page); after a refusal a new
 * transaction is initialised. The amount comes from the database, never from the browser.
 */
export async function startAutomaticPayment(
  deps: AutomaticPaymentDeps,
  publicId: string,
): Promise<{ paymentUrl: string; amountXof: number; paymentState: PaymentState }> {
  const provider = requireProvider(deps);
  const order = await findMobileMoneyOrderByPublicId(deps.db, publicId);
  if (isClosed(order.status)) throw decidedConflict(order);
  // A new attempt would clear the operator's flag (and perhaps take the money twice).
  if (paymentStateOf(order) === 'review') {
    throw conflict('This payment is being checked by the shop: you will hear from us within 24 hours');
  }
  const amountXof = amountXofOf(order);
  if (amountXof < CINETPAY_MIN_XOF) throw invalid(`The provider takes at least ${CINETPAY_MIN_XOF} FCFA`);
  if (
    order.providerTransactionId &&
    !isWaveAttempt(order.providerTransactionId) &&
    order.providerPaymentUrl &&
    paymentStateOf(order) === 'waiting'
  ) {
    return { paymentUrl: order.providerPaymentUrl, amountXof, paymentState: 'waiting' };
  }
  const transactionId = newTransactionId();
  let initialised: Awaited<ReturnType<MobileMoneyProvider['initialisePayment']>>;
  try {
    initialised = await cinetpayPayment(provider).start({
      transactionId,
      amountXof,
      description: `Commande ${order.orderNumber}`,
      notifyUrl: `${deps.baseUrl()}${pathOf(cinetpayNotify)}`,
      returnUrl: `${deps.baseUrl()}${pathOf(cinetpayReturn, { id: order.publicId })}`,
      locale: order.locale,
      customer: { firstName: order.firstName, lastName: order.lastName, email: order.email },
      metadata: order.orderNumber,
    });
  } catch (error) {
    if (error instanceof ProviderRefusedError) throw upstreamFailed(error.message);
    if (error instanceof ProviderUnavailableError) throw unavailable(error.message, 30);
    throw error;
  }
  const started = await deps.db.transaction(async (tx) => {
    // Guarded on the attempt we replaced: of two racing starts, one keeps its transaction.
    const [row] = await tx
      .update(orders)
      .set({
        // Keeps the wallet a shopper named with a payment proof sent earlier.
        paymentProvider: sql`coalesce(${orders.paymentProvider}, 'cinetpay')`,
        providerTransactionId: transactionId,
        providerPaymentUrl: initialised.paymentUrl,
        providerStatus: 'PENDING',
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
    await enqueueJob(tx, cinetpayPollJob(row.id, transactionId, 0, new Date(Date.now() + pollDelayMs(0))));
    return row;
  });
  if (started) return { paymentUrl: initialised.paymentUrl, amountXof, paymentState: 'waiting' };
  // Someone else started (or the order was decided) meanwhile: answer what the order holds now.
  const [now] = await deps.db.select().from(orders).where(eq(orders.id, order.id));
  if (!now || isClosed(now.status)) throw decidedConflict(now ?? order);
  if (!now.providerPaymentUrl) throw unavailable('Please try again', 5);
  return { paymentUrl: now.providerPaymentUrl, amountXof, paymentState: paymentStateOf(now) };
}

export type ConfirmOutcome =
  | 'completed'
  | 'already-completed'
  | 'waiting'
  | 'failed'
  | 'unknown'
  | 'attention';

/**
 * Hands the order to the operator. A later flag replaces an earlier one (a payment ACCEPTED after
 * the 24-hour flag and a rejection matters more than the flag it follows). With the provider's
 * answer, when there is one, so the tab shows what CinetPay said.
 */
export async function flagForOperator(
  db: Db,
  orderId: string,
  reason: string,
  checked?: Pick<CheckedPayment, 'providerStatus'>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The operator hears of it by email too, once per reason: the same flag again adds no email.
    if (await flagOrder(tx, orderId, reason, checked?.providerStatus)) {
      await enqueueJob(
        tx,
        mobileMoneyEmailJob('operator-payment-attention', orderId, undefined, reasonKey(reason)),
      );
    }
  });
}

/** The reason, shortened for the email's dedupe key. */
const reasonKey = (reason: string) => createHash('sha256').update(reason).digest('hex').slice(0, 16);

/**
 * Asks the provider about one of our transactions and applies its answer. Completes the order only
 * on ACCEPTED for at least the order's XOF amount, in XOF. Idempotent; safe to race with itself.
 * Throws ProviderUnavailableError when the provider cannot answer (the caller retries).
 */
export async function confirmTransaction(
  deps: AutomaticPaymentDeps,
  transactionId: string,
  /** Who asks; only for the reader: every source is handled alike. */
  _source: 'notification' | 'return' | 'status' | 'poller',
): Promise<ConfirmOutcome> {
  const provider = requireProvider(deps);
  const [order] = await deps.db
    .select()
    .from(orders)
    .where(eq(orders.providerTransactionId, transactionId))
    .limit(1);
  if (order?.paymentMethod !== METHOD.mobileMoney) return 'unknown';
  if (order.status === 'completed') return 'already-completed';
  let checked: PaymentCheck<CheckedPayment>;
  try {
    checked = await cinetpayPayment(provider).check(transactionId);
  } catch (error) {
    if (error instanceof ProviderRefusedError) throw new ProviderUnavailableError(error.message);
    throw error;
  }
  const sameAttempt = eq(orders.providerTransactionId, transactionId);
  if (checked.status === 'paid') {
    const expected = amountXofOf(order);
    if (checked.currency !== 'XOF' || checked.amount === undefined || checked.amount < expected) {
      deps.log?.error(
        { orderId: order.id, transactionId, amount: checked.amount, currency: checked.currency, expected },
        'CinetPay says ACCEPTED for a different amount: left to the operator',
      );
      await flagForOperator(
        deps.db,
        order.id,
        `ACCEPTED for ${checked.amount ?? '?'} ${checked.currency ?? '?'}, expected ${expected} XOF`,
        checked,
      );
      return 'attention';
    }
    if (order.status === 'rejected') {
      deps.log?.error({ orderId: order.id, transactionId }, 'CinetPay payment ACCEPTED for a rejected order');
      await flagForOperator(deps.db, order.id, 'Paid through CinetPay after the order was rejected', checked);
      return 'attention';
    }
    const completed = await deps.db.transaction((tx) =>
      completeOrder(
        tx,
        order.id,
        {
          verifiedBy: VERIFIED_BY_PROVIDER,
          providerStatus: checked.providerStatus,
          providerCheckedAt: new Date(),
        },
        sameAttempt,
      ),
    );
    if (completed) return 'completed';
    const [now] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    return now?.status === 'completed' ? 'already-completed' : 'unknown';
  }
  // Not paid (yet): remember the provider's word for the order page, on this attempt only.
  await deps.db
    .update(orders)
    .set({ providerStatus: checked.providerStatus, providerCheckedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, order.id), sameAttempt, inArray(orders.status, UNDECIDED)));
  return checked.status;
}

/**
 * The order page's view of its payment. While waiting, the provider is asked again at most every
 * REFRESH_MS (the shopper coming back from the hosted page sees "paid" without waiting for the
 * notification); the answer is otherwise read from the database.
 */
const REFRESH_MS = 5_000;

export async function automaticPaymentStatus(deps: AutomaticPaymentDeps, publicId: string, refresh: boolean) {
  let order = await findMobileMoneyOrderByPublicId(deps.db, publicId);
  if (
    refresh &&
    deps.provider &&
    order.providerTransactionId &&
    !isWaveAttempt(order.providerTransactionId) &&
    paymentStateOf(order) === 'waiting' &&
    (!order.providerCheckedAt || Date.now() - order.providerCheckedAt.getTime() > REFRESH_MS)
  ) {
    try {
      await confirmTransaction(deps, order.providerTransactionId, 'status');
      order = await findMobileMoneyOrderByPublicId(deps.db, publicId);
    } catch (error) {
      // The page keeps showing "waiting"; the notification or the poller will settle it.
      deps.log?.warn({ err: error, orderId: order.id }, 'CinetPay status check failed');
    }
  }
  const undecided = order.status === 'pending' || order.status === 'pending_verification';
  return {
    status: order.status,
    paymentState: paymentStateOf(order),
    automaticAvailable: Boolean(deps.provider) && undecided,
    waveAvailable: Boolean(deps.waveOffered) && undecided,
    attempt: order.providerTransactionId
      ? isWaveAttempt(order.providerTransactionId)
        ? ('wave' as const)
        : ('cinetpay' as const)
      : null,
    amountXof: deps.provider ? amountXofOf(order) : null,
    providerStatus: order.providerStatus,
  };
}

import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  RefundAnswer,
  refundOrderBodySchema,
} from '../../../shared/contracts/endpoints/admin-refunds.schemas';
import { centsToDecimal, toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { Db, Tx } from '../../db/client';
import { orders, refunds } from '../../db/schema';
import { conflict, invalid, unavailable } from '../../domain/errors';
import { recordOrderEvent } from '../orders/order-events';
import {
  type ProviderRefund,
  type RefundProvider,
  RefundRefusedError,
  RefundUnavailableError,
} from '../payments/payment-provider';
import {
  applySucceededRefund,
  type LockedOrder,
  lockOrder,
  type RefundRow,
  refundableCents,
} from './refund-ledger';
import { paymentReferenceOf, type RefundProviders, refundProviderFor } from './refund-providers';
import { recordProviderRefund } from './stripe-refunds';

export interface RefundDeps extends RefundProviders {
  db: Db;
}

export type RefundRequest = z.output<typeof refundOrderBodySchema> & { orderId: string; actor: string };

/** What the operator sees of a refund and of its order after it. */
export function refundAnswer(order: LockedOrder, refund: RefundRow): RefundAnswer {
  return {
    refund: {
      id: refund.id,
      orderId: refund.orderId,
      amount: refund.amount,
      currency: refund.currency,
      provider: refund.provider === 'manual' || refund.provider === 'wave' ? refund.provider : 'stripe',
      providerRefundId: refund.providerRefundId,
      status: refund.status,
      note: refund.note,
      createdAt: refund.createdAt.toISOString(),
    },
    order: {
      id: order.id,
      total: order.total,
      refundedAmount: order.refundedAmount,
      fullyRefunded: toCents(order.refundedAmount) >= toCents(order.total),
      accessRevoked: order.accessRevokedAt !== null,
    },
  };
}

/** Refusals that depend only on the order: which orders can be refunded at all. */
function assertRefundable(order: LockedOrder, request: RefundRequest, provider: RefundProvider): void {
  if (order.paymentMethod === METHOD.free || toCents(order.total) === 0) {
    throw conflict('A free order has nothing to refund', { code: 'free_order' });
  }
  if (order.status !== 'completed') {
    throw conflict(`Only a completed order can be refunded; this one is ${order.status}`, {
      code: 'not_completed',
    });
  }
  if (provider.byHand && !request.note) {
    throw invalid('note: required for a refund made by hand; say how the money was sent back', {
      field: 'note',
    });
  }
}

/**
 * Under the order's lock: the request's refund row, found again for a retry (same requestKey) or
 * written now. A card refund is written 'pending' (its amount held against a second refund while
 * Stripe answers); a refund by hand is written 'succeeded' and applied at once.
 */
async function reserveRefund(
  tx: Tx,
  request: RefundRequest,
  providerOf: (order: LockedOrder) => RefundProvider,
): Promise<RefundRow> {
  const order = await lockOrder(tx, request.orderId);
  const provider = providerOf(order);
  const [earlier] = await tx.select().from(refunds).where(eq(refunds.requestKey, request.requestKey));
  if (earlier) {
    const sameAmount = request.amount === undefined || toCents(request.amount) === toCents(earlier.amount);
    if (earlier.orderId !== order.id || !sameAmount) {
      throw conflict('This requestKey was already used for another refund', { field: 'requestKey' });
    }
    return earlier;
  }
  assertRefundable(order, request, provider);
  const left = await refundableCents(tx, order);
  if (left <= 0) {
    throw conflict('This order is already refunded in full, or a refund of the rest is under way', {
      code: 'already_refunded',
    });
  }
  const cents = request.amount === undefined ? left : toCents(request.amount);
  if (cents > left) {
    throw invalid(`amount: at most ${centsToDecimal(left)} is left to refund on this order`, {
      field: 'amount',
    });
  }
  if (!provider.partial && (cents !== left || toCents(order.refundedAmount) > 0)) {
    throw invalid(`amount: ${provider.label} refunds the whole payment only (${centsToDecimal(left)})`, {
      field: 'amount',
    });
  }
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      amount: centsToDecimal(cents),
      currency: order.currency,
      provider: provider.name,
      status: provider.byHand ? 'succeeded' : 'pending',
      note: request.note || null,
      requestKey: request.requestKey,
      actor: request.actor,
    })
    .returning();
  if (provider.byHand) await applySucceededRefund(tx, order, row!);
  return row!;
}

/** The provider's refusal undoes the reservation: no money moved, and the amount is free again. */
async function dropReservation(deps: RefundDeps, refund: RefundRow): Promise<void> {
  await deps.db.delete(refunds).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
}

/** Asks the provider for the reserved refund (keyed by the request, so asking twice refunds once). */
async function askProvider(
  deps: RefundDeps,
  provider: RefundProvider,
  order: LockedOrder,
  refund: RefundRow,
): Promise<ProviderRefund> {
  try {
    return await provider.refund(
      {
        orderId: order.id,
        orderNumber: order.orderNumber,
        reference: paymentReferenceOf(order),
        refundId: refund.id,
      },
      toCents(refund.amount),
      refund.requestKey ?? refund.id,
    );
  } catch (error) {
    if (error instanceof RefundRefusedError) {
      await dropReservation(deps, refund);
      // The operator finds the refusal, in the provider's words, on the order's timeline too.
      await recordOrderEvent(deps.db, order.id, {
        kind: 'refund_refused',
        actor: refund.actor,
        data: { amount: refund.amount, provider: provider.name, reason: error.reason.slice(0, 500) },
      });
      throw conflict(`${provider.label} refused the refund: ${error.reason}`, { code: 'refund_refused' });
    }
    if (error instanceof RefundUnavailableError) {
      // The row stays pending: the same request again asks again, with the same key.
      throw unavailable(`${provider.label} could not be reached; send the same request again`, 30);
    }
    throw error;
  }
}

/**
 * Refunds an order: all that is left, or `amount` euros. Never twice: the requestKey is
 * unique (a retry answers the first refund), the amount left is checked under the order's lock with
 * refunds awaiting the provider counted in, and the provider's refund id is unique (Stripe's webhook
 * and our answer record one row). The provider (refund-providers.ts: Stripe, Wave, or by hand) is
 * asked outside any transaction, so no lock waits on the network.
 */
export async function refundOrder(deps: RefundDeps, request: RefundRequest): Promise<RefundAnswer> {
  const providerOf = (order: LockedOrder) => refundProviderFor(deps, order);
  const reserved = await deps.db.transaction((tx) => reserveRefund(tx, request, providerOf));
  if (reserved.status !== 'pending') {
    const order = await deps.db.transaction((tx) => lockOrder(tx, reserved.orderId));
    return refundAnswer(order, reserved);
  }
  const [paid] = await deps.db.select().from(orders).where(eq(orders.id, reserved.orderId));
  const provider = providerOf(paid!);
  const view = await askProvider(deps, provider, paid!, reserved);
  return deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, reserved.orderId);
    // The webhook may have recorded it first: then this finds that row and changes nothing.
    const recorded = await recordProviderRefund(tx, order, view, provider.name);
    return refundAnswer(await lockOrder(tx, order.id), recorded);
  });
}

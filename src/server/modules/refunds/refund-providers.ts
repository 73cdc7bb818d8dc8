import { METHOD } from '../../../shared/payment-methods';
import {
  type PaymentGateway,
  PaymentNotFoundError,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
} from '../../adapters/payments/card-gateway';
import type { WaveClient } from '../../adapters/wave/wave';
import {
  type RefundProvider,
  RefundRefusedError,
  RefundUnavailableError,
} from '../payments/payment-provider';
import { WAVE_VERIFIED_BY, waveSessionIdOf } from '../wave/wave-reference';
import { waveRefunds } from '../wave/wave-refund';
import type { LockedOrder } from './refund-ledger';
import { REFUND_ROW_METADATA } from './stripe-refunds';

/** Card refunds go back through Stripe, keyed by the request so asking twice refunds once. */
export function cardRefunds(payments: PaymentGateway): RefundProvider {
  return {
    name: 'stripe',
    label: 'Stripe',
    byHand: false,
    partial: true,
    async refund(payment, cents, idempotencyKey) {
      try {
        return await payments.createRefund({
          paymentIntentId: payment.reference,
          amount: cents,
          metadata: { [REFUND_ROW_METADATA]: payment.refundId, order_number: payment.orderNumber },
          idempotencyKey,
        });
      } catch (error) {
        if (error instanceof PaymentRefusedError || error instanceof PaymentNotFoundError) {
          throw new RefundRefusedError(error.message);
        }
        if (error instanceof PaymentProviderUnavailableError) throw new RefundUnavailableError(error.message);
        throw error;
      }
    },
  };
}

/**
 * Mobile money by payment proof and CinetPay: neither can send money back, so the operator does it by
 * hand and the shop records it (the note says how).
 */
export const manualRefunds: RefundProvider = {
  name: 'manual',
  label: 'The shop',
  byHand: true,
  partial: true,
  refund: async (payment, cents) => ({
    id: payment.refundId,
    amount: cents,
    currency: 'eur',
    status: 'succeeded',
    metadata: {},
  }),
};

export interface RefundProviders {
  payments: PaymentGateway;
  /** Wave's API, when configured. */
  wave?: WaveClient;
}

/** Which provider refunds this order: the one that took its money. */
export function refundProviderFor(deps: RefundProviders, order: LockedOrder): RefundProvider {
  if (order.paymentMethod === METHOD.card) return cardRefunds(deps.payments);
  const waveSession = waveSessionIdOf(order.providerTransactionId);
  if (order.paymentMethod === METHOD.mobileMoney && order.verifiedBy === WAVE_VERIFIED_BY && waveSession) {
    return waveRefunds(deps.wave);
  }
  return manualRefunds;
}

/** The provider's id of the payment an order was paid with. */
export const paymentReferenceOf = (order: LockedOrder): string =>
  order.paymentMethod === METHOD.card
    ? (order.paymentIntentId ?? '')
    : (waveSessionIdOf(order.providerTransactionId) ?? order.id);

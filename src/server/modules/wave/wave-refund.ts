import { type WaveClient, WaveRefusedError, WaveUnavailableError } from '../../adapters/wave/wave';
import {
  type RefundProvider,
  RefundRefusedError,
  RefundUnavailableError,
} from '../payments/payment-provider';
import { waveReferenceOf } from './wave-reference';

/**
 * Wave refunds a checkout session whole (POST /v1/checkout/sessions/{id}/refund), keyed by the
 * operator's request. Its refund has no id of its own: the session's is used, so one session is
 * refunded at most once in the refunds table (provider_refund_id is unique).
 */
export function waveRefunds(wave: WaveClient | undefined): RefundProvider {
  return {
    name: 'wave',
    label: 'Wave',
    byHand: false,
    partial: false,
    async refund(payment, cents, idempotencyKey) {
      if (!wave) throw new RefundUnavailableError('Wave is not configured on this shop any more');
      try {
        await wave.refundSession(payment.reference, idempotencyKey);
      } catch (error) {
        if (error instanceof WaveRefusedError) throw new RefundRefusedError(error.reason || error.code);
        if (error instanceof WaveUnavailableError) throw new RefundUnavailableError(error.message);
        throw error;
      }
      return {
        id: waveReferenceOf(payment.reference),
        amount: cents,
        currency: 'eur',
        status: 'succeeded',
        metadata: { shop_refund_id: payment.refundId },
      };
    },
  };
}

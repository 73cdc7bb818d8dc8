import type { PaymentState } from '../../../shared/contracts/mobile-money';
import type { OrderRow } from '../orders/orders.service';

/** A Wave session on the order (held as `wave:<id>`, docs/features/wave.md): never CinetPay's to check or resume. */
export const isWaveAttempt = (transaction: string | null) => transaction?.startsWith('wave:') === true;

/** CinetPay's refusals, and Wave's cancelled, expired or failed sessions. */
const FAILED_STATUSES = new Set(['REFUSED', 'CANCELED', 'CANCELLED', 'EXPIRED', 'FAILED']);

/** How an undecided order's automatic payment stands, for the order page. */
export function paymentStateOf(
  order: Pick<OrderRow, 'status' | 'providerTransactionId' | 'providerStatus' | 'providerAttentionAt'>,
): PaymentState {
  if (order.status === 'completed') return 'paid';
  if (order.status === 'rejected') return 'failed';
  if (!order.providerTransactionId) return 'none';
  // Flagged for the operator (wrong amount, no confirmation in 24 h): no more waiting on the provider.
  if (order.providerAttentionAt) return 'review';
  if (FAILED_STATUSES.has((order.providerStatus ?? '').toUpperCase())) return 'failed';
  return 'waiting';
}

import { toCents } from './money';

/** What refunds made of an order: nothing, part of what was paid, or all of it. */
export type RefundState = 'none' | 'partially_refunded' | 'refunded';

/** An order is refunded when its succeeded refunds reach what it charged, partly when they are less. */
export function refundStateOf(order: { total: string; refundedAmount: string }): RefundState {
  const refunded = toCents(order.refundedAmount);
  if (refunded <= 0) return 'none';
  return refunded >= toCents(order.total) ? 'refunded' : 'partially_refunded';
}

const STATUS_WORDS: Record<string, string> = {
  completed: 'Completed',
  pending: 'Pending payment',
  pending_verification: 'Receipt to check',
  rejected: 'Rejected',
  expired: 'Expired',
  refunded: 'Refunded',
  partially_refunded: 'Partially refunded',
};

/**
 * The status the operator reads, in the admin's English: a completed order that was refunded reads
 * "Refunded", or "Partially refunded" (the amount is shown beside it); otherwise its status in words.
 */
export function orderStatusWord(order: { status: string; total: string; refundedAmount: string }): string {
  const refund = order.status === 'completed' ? refundStateOf(order) : 'none';
  return STATUS_WORDS[refund === 'none' ? order.status : refund] ?? order.status;
}

import { eq } from 'drizzle-orm';
import { centsToDecimal } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { refunds } from '../../db/schema';
import type { ProviderRefund } from '../payments/payment-provider';
import { applySucceededRefund, type LockedOrder, type RefundRow, settleRefund } from './refund-ledger';

/**
 * One Stripe refund, as Stripe reports it (the API's answer, or the refunds listed after a webhook),
 * recorded on the order it belongs to. Stripe's refund id is unique in the table, so the answer and
 * the webhook, in either order and replayed any number of times, make one row and apply it once.
 */

/** Metadata we put on the refunds we ask Stripe for: how the webhook finds the row waiting for them. */
export const REFUND_ROW_METADATA = 'shop_refund_id';

function statusOf(stripeStatus: string): RefundRow['status'] {
  if (stripeStatus === 'succeeded') return 'succeeded';
  if (stripeStatus === 'failed' || stripeStatus === 'canceled') return 'failed';
  return 'pending';
}

async function rowFor(tx: Tx, view: ProviderRefund): Promise<RefundRow | undefined> {
  const [byStripeId] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, view.id));
  if (byStripeId) return byStripeId;
  const ours = view.metadata[REFUND_ROW_METADATA];
  if (!ours || !/^[0-9a-f-]{36}$/.test(ours)) return undefined;
  const [waiting] = await tx.select().from(refunds).where(eq(refunds.id, ours));
  return waiting?.providerRefundId === null ? waiting : undefined;
}

/**
 * Records `view` on `order` (whose row the caller has locked). A refund we did not ask for (made in
 * Stripe's dashboard) becomes a row of its own, by 'stripe'. Returns the row as it now stands.
 */
export const recordStripeRefund = (tx: Tx, order: LockedOrder, view: ProviderRefund) =>
  recordProviderRefund(tx, order, view, 'stripe');

/** Records `view` from `provider` (Stripe's, or Wave's answer to our request) on `order`. */
export async function recordProviderRefund(
  tx: Tx,
  order: LockedOrder,
  view: ProviderRefund,
  provider: RefundRow['provider'] = 'stripe',
): Promise<RefundRow> {
  const status = statusOf(view.status);
  const existing = await rowFor(tx, view);
  if (!existing) {
    const [created] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        amount: centsToDecimal(view.amount),
        currency: view.currency.toUpperCase(),
        provider,
        providerRefundId: view.id,
        status,
        note: 'Refunded in Stripe',
        actor: 'stripe',
      })
      .returning();
    if (created!.status === 'succeeded') await applySucceededRefund(tx, order, created!);
    return created!;
  }
  if (existing.status !== 'pending' || status === 'pending') {
    // Already decided (a replayed webhook, the answer after the webhook): only the Stripe id may be new.
    if (existing.providerRefundId !== null) return existing;
    return settleRefund(tx, existing, { status: existing.status, providerRefundId: view.id });
  }
  const settled = await settleRefund(tx, existing, { status, providerRefundId: view.id });
  if (settled.status === 'succeeded') await applySucceededRefund(tx, order, settled);
  return settled;
}

import { eq } from 'drizzle-orm';
import { METHOD } from '../../../shared/payment-methods';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import type { OrderRow } from '../orders/orders.service';
import type { PaymentAction, PaymentProvider, PaymentStatus } from '../payments/payment-provider';
import { paymentUrlFor } from '../payments/payment-url';

/** The operator's word on a payment proof: the money is there, or it is not. */
export type ProofDecision = { kind: 'validate'; verifiedBy: string } | { kind: 'reject'; reason?: string };

/** What a shopper needs to pay by payment proof: the wallet page for this order, and the wallets taken. */
export interface ProofInstructions {
  paymentUrl: string;
  providers: string[];
}

/**
 * Mobile money by payment proof: the payment port's provider for it (decision 005). The shop starts
 * nothing with anyone: the shopper pays the reference on the wallet page and sends a payment proof, and
 * the operator's decision is the notification. Its payment reference is the order's id.
 */
export type ProofPayment = PaymentProvider<
  { reference: string; totalCents: number },
  ProofInstructions,
  { orderId: string; decision: ProofDecision }
>;

/** An order paid by payment proof, in the port's words: decided by the operator or the expiry sweep. */
export function proofStatus(status: OrderRow['status']): PaymentStatus {
  if (status === 'completed') return 'paid';
  if (status === 'rejected' || status === 'expired') return 'failed';
  return 'waiting';
}

/** The operator's decision, as the notification it stands for. */
export const proofAction = ({
  orderId,
  decision,
}: {
  orderId: string;
  decision: ProofDecision;
}): PaymentAction =>
  decision.kind === 'validate'
    ? { action: 'complete', ref: orderId, verifiedBy: decision.verifiedBy }
    : { action: 'fail', ref: orderId };

export function proofPayment(deps: {
  db: Db;
  config: Pick<Config['mobileMoney'], 'paymentUrl' | 'providers'>;
}): ProofPayment {
  return {
    method: METHOD.mobileMoney,
    start: async (values) => ({
      paymentUrl: paymentUrlFor(deps.config.paymentUrl, values),
      providers: deps.config.providers,
    }),
    check: async (orderId) => {
      const [order] = await deps.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .limit(1);
      const status = order ? proofStatus(order.status) : 'failed';
      return {
        status,
        providerStatus: order?.status ?? 'unknown',
        amount: undefined,
        currency: undefined,
        details: undefined,
      };
    },
    action: proofAction,
  };
}

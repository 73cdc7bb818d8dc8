import type { PaymentMethod } from '../../../shared/payment-methods';

/**
 * The payment port (decision 005): what every way of paying says, in the shop's words.
 * A provider starts a payment, checks one, and turns a verified notification into a neutral action;
 * it never touches an order. The module that owns the method applies the answer through the order's
 * life (orders/order-lifecycle.ts), so completing an order is the same guarded step for every method.
 * Shaped after Medusa's payment providers (`getPaymentStatus`, `getWebhookActionAndData`).
 *
 * Implementations, one file each: card (checkout/card-payment.ts, Stripe), CinetPay
 * (mobile-money/cinetpay-payment.ts), the payment proof an operator checks (mobile-money/proof-payment.ts)
 * and free orders (checkout/free-payment.ts).
 */

/** Where a payment stands: the money arrived, it never will, or not yet. */
export type PaymentStatus = 'paid' | 'failed' | 'waiting';

export interface PaymentCheck<Details = undefined> {
  status: PaymentStatus;
  /** The provider's own word (Stripe's `succeeded`, CinetPay's `ACCEPTED`…), kept for the operator. */
  providerStatus: string;
  /** What was paid, in the provider's unit (cents, XOF), when it says. */
  amount: number | undefined;
  currency: string | undefined;
  /** What else the provider answered that its module needs (e.g. the intent's metadata). */
  details: Details;
}

/**
 * What a verified notification asks of the shop. `complete`: the notification itself proves the
 * payment (a signed Stripe event). `check`: it only says something changed, so the shop asks
 * `check(ref)` before doing anything (CinetPay). `fail`: the payment will not come. `ignore`: not ours,
 * or nothing to do.
 */
export type PaymentAction =
  | {
      action: 'complete';
      ref: string /** Who confirmed it, when not the provider itself. */;
      verifiedBy?: string;
    }
  | { action: 'check'; ref: string }
  | { action: 'fail'; ref: string }
  | { action: 'ignore' };

export interface PaymentProvider<Start, Started, Notification, Details = undefined> {
  readonly method: PaymentMethod;
  /** Begins a payment (a card intent, a hosted page, a reference to pay to). */
  start(input: Start): Promise<Started>;
  /** The provider's word on one payment, by its reference. */
  check(ref: string): Promise<PaymentCheck<Details>>;
  /** A notification, already authenticated or refused by the provider, as a neutral action. */
  action(notification: Notification): PaymentAction | Promise<PaymentAction>;
}

/** A refund as its provider reports it: `amount` in cents of the order's currency, `status` in its own words. */
export interface ProviderRefund {
  id: string;
  amount: number;
  currency: string;
  /** Stripe's words (succeeded, pending, failed, canceled…); other providers answer in the same ones. */
  status: string;
  metadata: Record<string, string>;
}

/** The payment a refund sends money back from, as its provider knows it. */
export interface RefundablePayment {
  orderId: string;
  orderNumber: string;
  /** The provider's id of the payment: Stripe's PaymentIntent, Wave's checkout session. */
  reference: string;
  /** The refund row waiting for the answer (how a late webhook finds it). */
  refundId: string;
}

/** The provider said no; `reason` is its own, shown to the operator. */
export class RefundRefusedError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}
/** The provider could not be reached; the same request again asks again, with the same key. */
export class RefundUnavailableError extends Error {}

/**
 * The payment port's refunds (decision 040): every way of paying refunds through one of these.
 * `byHand`: the operator sent the money back outside the shop and the provider only records it, so
 * the refund is decided as it is asked. Otherwise `refund` asks the provider, outside any transaction,
 * and the same idempotency key never refunds twice.
 */
export interface RefundProvider {
  readonly name: 'stripe' | 'wave' | 'manual';
  /** How the operator reads the provider's name ("Stripe refused the refund: …"). */
  readonly label: string;
  readonly byHand: boolean;
  /** Whether a part of the payment may be refunded (Wave refunds a checkout whole). */
  readonly partial: boolean;
  refund(payment: RefundablePayment, cents: number, idempotencyKey: string): Promise<ProviderRefund>;
}

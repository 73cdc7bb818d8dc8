/**
 * A mobile-money aggregator that confirms payments by itself: the shop initialises a payment, sends
 * the shopper to the provider's hosted page, hears a signed notification, and always asks the
 * provider for the status before completing anything. CinetPay (cinetpay.ts) is the first one.
 * Services only see this interface.
 */

/** What the shop makes of a provider status. */
export type ProviderPaymentOutcome = 'paid' | 'failed' | 'waiting';

export interface InitialisePaymentInput {
  /** Ours, unique per attempt; the provider echoes it in notifications. */
  transactionId: string;
  /** Already in the provider's accepted unit (for CinetPay: XOF, a multiple of 5). */
  amountXof: number;
  description: string;
  notifyUrl: string;
  returnUrl: string;
  locale: 'fr' | 'en';
  customer: { firstName: string; lastName: string; email: string };
  /** Free text kept by the provider with the payment (the order number). */
  metadata: string;
}

export interface InitialisedPayment {
  /** The hosted page the shopper is sent to. */
  paymentUrl: string;
  paymentToken: string;
}

export interface CheckedPayment {
  outcome: ProviderPaymentOutcome;
  /** The provider's own status word (ACCEPTED, REFUSED, PENDING…), kept on the order. */
  providerStatus: string;
  /** Undefined when the provider did not say (e.g. it does not know the transaction). */
  amount: number | undefined;
  currency: string | undefined;
  paymentMethod: string | undefined;
}

export interface MobileMoneyProvider {
  readonly name: 'cinetpay';
  initialisePayment(input: InitialisePaymentInput): Promise<InitialisedPayment>;
  /** The provider's word on a transaction: the only thing that may complete an order. */
  checkPayment(transactionId: string): Promise<CheckedPayment>;
  /**
   * Authenticates a notification (headers and form fields as received). Returns the transaction id
   * it is about, or undefined when it is forged, altered or not for this merchant.
   */
  verifyNotification(
    headers: Record<string, string | string[] | undefined>,
    fields: Record<string, string>,
  ): string | undefined;
}

/** The provider refused the request (bad amount, bad keys…); the message says why. */
export class ProviderRefusedError extends Error {}
/** The provider could not be reached or answered nonsense; trying again later may work. */
export class ProviderUnavailableError extends Error {}

import { METHOD } from '../../../shared/payment-methods';
import type {
  CheckedPayment,
  InitialisedPayment,
  InitialisePaymentInput,
  MobileMoneyProvider,
} from '../../adapters/mobile-money/provider';
import type { PaymentProvider } from '../payments/payment-provider';

/** A notification as CinetPay posts it: its headers (the x-token) and form fields. */
export interface CinetPayNotification {
  headers: Record<string, string | string[] | undefined>;
  fields: Record<string, string>;
}

/** Automatic mobile money, through CinetPay: the payment port's provider for it (decision 005). */
export type CinetPayPayment = PaymentProvider<
  InitialisePaymentInput,
  InitialisedPayment,
  CinetPayNotification,
  CheckedPayment
>;

/**
 * The adapter already speaks in outcomes (ACCEPTED → paid, REFUSED/CANCELED → failed, else waiting:
 * adapters/mobile-money/cinetpay.ts). A notification is never trusted for the status: a genuine one
 * asks for a check, a forged one is ignored.
 */
export function cinetpayPayment(provider: MobileMoneyProvider): CinetPayPayment {
  return {
    method: METHOD.mobileMoney,
    start: (input) => provider.initialisePayment(input),
    check: async (transactionId) => {
      const checked = await provider.checkPayment(transactionId);
      return {
        status: checked.outcome,
        providerStatus: checked.providerStatus,
        amount: checked.amount,
        currency: checked.currency,
        details: checked,
      };
    },
    action: ({ headers, fields }) => {
      const transactionId = provider.verifyNotification(headers, fields);
      return transactionId ? { action: 'check', ref: transactionId } : { action: 'ignore' };
    },
  };
}

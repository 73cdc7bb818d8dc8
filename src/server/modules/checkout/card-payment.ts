import type Stripe from 'stripe';
import { METHOD } from '../../../shared/payment-methods';
import {
  CardDeclinedError,
  type CreatePaymentIntentInput,
  type PaymentGateway,
  type PaymentIntentView,
  PaymentNotFoundError,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  type WebhookEvent,
} from '../../adapters/payments/card-gateway';
import { invalid, paymentRequired, upstreamFailed } from '../../domain/errors';
import type { PaymentAction, PaymentProvider, PaymentStatus } from '../payments/payment-provider';
import { isShopPayment } from './payment-metadata';

export const unknownPayment = () => invalid('Unknown payment');

/** The provider's failures, as answers the shopper (or Stripe's retry logic) can act on. */
export async function viaGateway<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof CardDeclinedError) throw paymentRequired(error.message, { code: error.code });
    if (error instanceof PaymentRefusedError) throw invalid(error.message);
    if (error instanceof PaymentNotFoundError) throw unknownPayment();
    if (error instanceof PaymentProviderUnavailableError) {
      throw upstreamFailed('The card payment service could not be reached. Please try again.');
    }
    throw error;
  }
}

/** The card, through Stripe: the payment port's card provider (decision 005). */
export type CardPayment = PaymentProvider<
  CreatePaymentIntentInput,
  PaymentIntentView,
  WebhookEvent,
  PaymentIntentView
>;

/**
 * Stripe's PaymentIntent status in the shop's words. Only `succeeded` is money received; a cancelled
 * intent can never be paid; anything else (a card to enter, a 3-D Secure step, processing, a
 * declined card the shopper may retry) is still waiting.
 */
export function cardStatus(status: Stripe.PaymentIntent.Status): PaymentStatus {
  if (status === 'succeeded') return 'paid';
  if (status === 'canceled') return 'failed';
  return 'waiting';
}

/** A verified webhook event as an action: only this shop's intents count. */
export function cardAction(event: WebhookEvent): PaymentAction {
  if (event.object.object !== 'payment_intent' || !isShopPayment(event.object.metadata)) {
    return { action: 'ignore' };
  }
  if (event.type === 'payment_intent.succeeded') return { action: 'complete', ref: event.object.id };
  if (event.type === 'payment_intent.canceled') return { action: 'fail', ref: event.object.id };
  return { action: 'ignore' };
}

export function cardPayment(gateway: PaymentGateway): CardPayment {
  return {
    method: METHOD.card,
    start: (input) => gateway.createPaymentIntent(input),
    check: async (paymentIntentId) => {
      const intent = await gateway.retrievePaymentIntent(paymentIntentId);
      if (!intent) throw new PaymentNotFoundError(`No such PaymentIntent: ${paymentIntentId}`);
      return {
        status: cardStatus(intent.status),
        providerStatus: intent.status,
        amount: intent.amount,
        currency: intent.currency,
        details: intent,
      };
    },
    action: cardAction,
  };
}

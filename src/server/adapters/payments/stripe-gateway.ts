import Stripe from 'stripe';
import { z } from 'zod';
import {
  CardDeclinedError,
  InvalidWebhookError,
  type PaymentGateway,
  type PaymentIntentView,
  PaymentNotFoundError,
  PaymentProviderUnavailableError,
  PaymentRefusedError,
  type RefundView,
  type WebhookEvent,
} from './card-gateway';
import type { StripeFake } from './stripe-fake';

/** The card payment port over a configured `stripe` SDK client, real or pointed at the fake. */

/** Stripe's test card numbers, sent as its test PaymentMethods so they work on the fake and on test keys. */
export const TEST_CARDS: Readonly<Record<string, string>> = {
  '4242424242424242': 'pm_card_visa',
  '5555555555554444': 'pm_card_mastercard',
  '4000000000000002': 'pm_card_chargeDeclined',
  '4000000000009995': 'pm_card_chargeDeclinedInsufficientFunds',
  '4000000000000069': 'pm_card_chargeDeclinedExpiredCard',
};

export const WEBHOOK_TOLERANCE_SECONDS = 300;

const webhookEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({
    object: z.looseObject({
      id: z.string(),
      object: z.string(),
      metadata: z.record(z.string(), z.string()).optional(),
      payment_intent: z.string().nullish(),
    }),
  }),
});

function toRefundView(refund: Stripe.Refund): RefundView {
  const intent = refund.payment_intent;
  return {
    id: refund.id,
    paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? ''),
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status ?? 'pending',
    metadata: { ...refund.metadata },
  };
}

function toView(intent: Stripe.PaymentIntent): PaymentIntentView {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    metadata: { ...intent.metadata },
    livemode: intent.livemode,
  };
}

/** Turns the SDK's errors into the few cases the shop handles differently. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const errors = Stripe.errors;
    if (error instanceof errors.StripeCardError) {
      throw new CardDeclinedError(error.message, { cause: error, code: error.decline_code ?? error.code });
    }
    if (error instanceof errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      throw new PaymentNotFoundError(error.message, { cause: error });
    }
    if (
      error instanceof errors.StripeInvalidRequestError &&
      [
        'amount_too_small',
        'amount_too_large',
        'payment_intent_unexpected_state',
        'charge_already_refunded',
        'charge_not_refundable',
      ].includes(error.code ?? '')
    ) {
      throw new PaymentRefusedError(error.message, { cause: error });
    }
    if (
      error instanceof errors.StripeConnectionError ||
      error instanceof errors.StripeAPIError ||
      error instanceof errors.StripeRateLimitError
    ) {
      throw new PaymentProviderUnavailableError(error.message, { cause: error });
    }
    throw error;
  }
}

/** Verifies the Stripe-Signature over the exact bytes received, then reads the event's shape. */
async function verifiedWebhookEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): Promise<WebhookEvent> {
  if (!signatureHeader) throw new InvalidWebhookError('Missing Stripe-Signature header');
  let event: unknown;
  try {
    event = await stripe.webhooks.constructEventAsync(
      rawBody,
      signatureHeader,
      webhookSecret,
      WEBHOOK_TOLERANCE_SECONDS,
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new InvalidWebhookError(`Invalid Stripe-Signature: ${error.message}`);
    }
    // Correctly signed but not JSON: nothing a retry would fix either.
    throw new InvalidWebhookError('The webhook body is not a Stripe event');
  }
  const parsed = webhookEventSchema.safeParse(event);
  if (!parsed.success) throw new InvalidWebhookError('The webhook body is not a Stripe event');
  const { id, type, data } = parsed.data;
  return {
    id,
    type,
    object: {
      id: data.object.id,
      object: data.object.object,
      metadata: data.object.metadata ?? {},
      ...(data.object.payment_intent ? { paymentIntent: data.object.payment_intent } : {}),
    },
  };
}

/** Refunds through the SDK: created with the caller's idempotency key, listed per PaymentIntent. */
function refundsOf(stripe: Stripe): Pick<PaymentGateway, 'createRefund' | 'listRefunds'> {
  return {
    async createRefund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: input.paymentIntentId,
            ...(input.amount === undefined ? {} : { amount: input.amount }),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return toRefundView(refund);
    },

    async listRefunds(paymentIntentId) {
      // A payment has a handful of refunds at most; the SDK pages through them.
      const refunds = await call(() =>
        stripe.refunds
          .list({ payment_intent: paymentIntentId, limit: 100 })
          .autoPagingToArray({ limit: 1000 }),
      );
      return refunds.map(toRefundView);
    },
  };
}

export function createGateway(
  stripe: Stripe,
  settings: {
    testMode: boolean;
    publishableKey: string | null;
    webhookSecret: string;
    fake?: StripeFake;
  },
): PaymentGateway {
  const retrieve = (id: string) => call(() => stripe.paymentIntents.retrieve(id));
  return {
    testMode: settings.testMode,
    publishableKey: settings.publishableKey,
    fake: settings.fake,

    async createPaymentIntent(input) {
      const created = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency,
            metadata: input.metadata,
            description: input.description,
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      // A replay returns the intent as it was created; the caller needs its state now.
      if (created.lastResponse.headers['idempotent-replayed'] === 'true')
        return toView(await retrieve(created.id));
      return toView(created);
    },

    async retrievePaymentIntent(id) {
      try {
        return toView(await retrieve(id));
      } catch (error) {
        if (error instanceof PaymentNotFoundError) return undefined;
        throw error;
      }
    },

    async confirmTestPayment(paymentIntentId, cardNumber) {
      const paymentMethod = TEST_CARDS[cardNumber.replace(/[\s-]/g, '')];
      if (!paymentMethod) {
        throw new CardDeclinedError(
          'Your card number is incorrect. In test mode use 4242 4242 4242 4242 (paid) or 4000 0000 0000 0002 (declined).',
          { code: 'incorrect_number' },
        );
      }
      return toView(
        await call(() => stripe.paymentIntents.confirm(paymentIntentId, { payment_method: paymentMethod })),
      );
    },

    ...refundsOf(stripe),

    constructWebhookEvent: (rawBody, signatureHeader) =>
      verifiedWebhookEvent(stripe, settings.webhookSecret, rawBody, signatureHeader),

    async close() {
      await settings.fake?.close();
    },
  };
}

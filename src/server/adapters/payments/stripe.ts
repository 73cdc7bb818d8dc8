import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { ConfigError } from '../../settings';
import { type StripeFake, startStripeFake } from './stripe-fake';
import type { StripeSettings } from './stripe-settings';

/**
 * Card payments through the official `stripe` SDK. With STRIPE_SECRET_KEY it talks to Stripe; without,
 * the same SDK is pointed (host / port / protocol) at an in-process fake, so test mode runs the very code
 * path that production runs. Services only see the small `PaymentGateway` below.
 */

export interface PaymentIntentView {
  id: string;
  status: Stripe.PaymentIntent.Status;
  /** Cents. */
  amount: number;
  currency: string;
  clientSecret: string | null;
  metadata: Record<string, string>;
  /** False for a test-mode payment (test keys, or the built-in fake): no real money moved. */
  livemode: boolean;
}

export interface CreatePaymentIntentInput {
  amount: number;
  currency: 'eur';
  metadata: Record<string, string>;
  description: string;
  /** The same key with the same parameters gives back the same PaymentIntent (kept 24 h by Stripe). */
  idempotencyKey: string;
}

/** The parts of a verified webhook event the shop reads. */
export interface WebhookEvent {
  id: string;
  type: string;
  object: { id: string; object: string; metadata: Record<string, string> };
}

/** The card was refused; the message is the provider's, meant for the shopper. */
export class CardDeclinedError extends Error {
  /** Stripe's decline_code (insufficient_funds…) or else its code (expired_card…): the page words it. */
  readonly code: string;
  constructor(message: string, options: { cause?: unknown; code?: string } = {}) {
    super(message, { cause: options.cause });
    this.code = options.code ?? 'card_declined';
  }
}
/** The provider refused the request itself (e.g. an amount below its minimum); the message says why. */
export class PaymentRefusedError extends Error {}
/** The provider does not know this PaymentIntent. */
export class PaymentNotFoundError extends Error {}
/** The provider could not be reached or failed; trying again later may work. */
export class PaymentProviderUnavailableError extends Error {}
/** Missing, stale or wrong signature, or a body that is not an event. */
export class InvalidWebhookError extends Error {}

export interface PaymentGateway {
  /** True when no keys are configured and the built-in fake stands in for Stripe. */
  readonly testMode: boolean;
  readonly publishableKey: string | null;
  /** Test mode only: the fake, for tests that look at its webhook deliveries. */
  readonly fake: StripeFake | undefined;
  createPaymentIntent(input: CreatePaymentIntentInput): Promise<PaymentIntentView>;
  /** Undefined when Stripe does not know the id. */
  retrievePaymentIntent(id: string): Promise<PaymentIntentView | undefined>;
  /**
   * Test mode's card form: confirms with one of Stripe's documented test cards. Throws CardDeclinedError,
   * PaymentNotFoundError or PaymentRefusedError (e.g. already paid).
   */
  confirmTestPayment(paymentIntentId: string, cardNumber: string): Promise<PaymentIntentView>;
  /** Verifies the Stripe-Signature over the exact bytes received (300 s tolerance). */
  constructWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookEvent>;
  close(): Promise<void>;
}

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
    }),
  }),
});

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
      ['amount_too_small', 'amount_too_large', 'payment_intent_unexpected_state'].includes(error.code ?? '')
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

function createGateway(
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

    async constructWebhookEvent(rawBody, signatureHeader) {
      if (!signatureHeader) throw new InvalidWebhookError('Missing Stripe-Signature header');
      let event: unknown;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signatureHeader,
          settings.webhookSecret,
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
        object: { id: data.object.id, object: data.object.object, metadata: data.object.metadata ?? {} },
      };
    },

    async close() {
      await settings.fake?.close();
    },
  };
}

const SDK_OPTIONS = { maxNetworkRetries: 2, timeout: 15_000, appInfo: { name: 'guides-afrique' } } as const;

export interface PaymentGatewayOptions {
  /** Test mode: where the fake delivers webhook events (the shop's own endpoint once it listens). */
  webhookUrl: () => string | undefined;
  log: FastifyBaseLogger;
  /** Test mode: the fake's retry schedule for failed webhook deliveries. */
  webhookRetryDelaysMs?: readonly number[];
}

/**
 * Real Stripe when STRIPE_SECRET_KEY is set (the webhook and publishable keys are then required);
 * otherwise test mode: the fake starts on 127.0.0.1 with a generated API key and a webhook secret
 * (STRIPE_WEBHOOK_SECRET when set, so tests can sign events, else generated) that both sides share.
 */
export async function createPaymentGateway(
  settings: StripeSettings,
  options: PaymentGatewayOptions,
): Promise<PaymentGateway> {
  if (settings.testApiUrl) {
    // A test server outside this process (shared by several instances): test mode, its keys.
    if (!settings.secretKey || !settings.webhookSecret) {
      throw new ConfigError(
        'Invalid environment configuration:\n  STRIPE_TEST_API_URL: needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET of that server',
      );
    }
    const url = new URL(settings.testApiUrl);
    const stripe = new Stripe(settings.secretKey, {
      ...SDK_OPTIONS,
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      protocol: url.protocol === 'https:' ? 'https' : 'http',
    });
    return createGateway(stripe, {
      testMode: true,
      publishableKey: null,
      webhookSecret: settings.webhookSecret,
    });
  }
  if (settings.secretKey) {
    const missing = [
      settings.webhookSecret ? undefined : 'STRIPE_WEBHOOK_SECRET',
      settings.publishableKey ? undefined : 'STRIPE_PUBLISHABLE_KEY',
    ].filter((name) => name !== undefined);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid environment configuration:\n${missing
          .map((name) => `  ${name}: required when STRIPE_SECRET_KEY is set`)
          .join('\n')}`,
      );
    }
    return createGateway(new Stripe(settings.secretKey, SDK_OPTIONS), {
      testMode: false,
      publishableKey: settings.publishableKey!,
      webhookSecret: settings.webhookSecret!,
    });
  }
  const apiKey = `sk_test_fake_${randomBytes(16).toString('hex')}`;
  const webhookSecret = settings.webhookSecret ?? `whsec_${randomBytes(24).toString('base64url')}`;
  const fake = await startStripeFake({
    apiKey,
    webhookSecret,
    webhookUrl: options.webhookUrl,
    retryDelaysMs: options.webhookRetryDelaysMs,
    log: (level, message, details) => options.log[level](details ?? {}, message),
  });
  const stripe = new Stripe(apiKey, { ...SDK_OPTIONS, host: fake.host, port: fake.port, protocol: 'http' });
  return createGateway(stripe, { testMode: true, publishableKey: null, webhookSecret, fake });
}

/** `http://127.0.0.1:<port><path>` once the server listens (on any interface); undefined before. */
export function loopbackUrl(server: Server, path: string): string | undefined {
  const address = server.address();
  if (!address || typeof address === 'string') return undefined;
  const anyInterface = address.address === '0.0.0.0' || address.address === '::';
  const host = anyInterface
    ? '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}${path}`;
}

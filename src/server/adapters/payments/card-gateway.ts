import type Stripe from 'stripe';
import type { StripeFake } from './stripe-fake';

/**
 * The card payment port: what services see of the card provider (Stripe, or its in-process fake in
 * test mode), and the few errors they handle differently. The adapter is stripe.ts.
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
  /** `paymentIntent`: the PaymentIntent a charge or a refund belongs to. */
  object: { id: string; object: string; metadata: Record<string, string>; paymentIntent?: string };
}

/** A refund as the provider holds it. */
export interface RefundView {
  id: string;
  paymentIntentId: string;
  /** Cents. */
  amount: number;
  currency: string;
  /** Stripe's: pending, requires_action, succeeded, failed, canceled. */
  status: string;
  metadata: Record<string, string>;
}

export interface CreateRefundInput {
  paymentIntentId: string;
  /** Cents; the whole charge when omitted. */
  amount?: number;
  metadata: Record<string, string>;
  /** The same key with the same parameters gives back the same refund, never a second one. */
  idempotencyKey: string;
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
  /**
   * Refunds a payment, all of it or `amount` cents. Throws PaymentRefusedError when the provider refuses
   * (already refunded, more than is left), PaymentNotFoundError, or PaymentProviderUnavailableError.
   */
  createRefund(input: CreateRefundInput): Promise<RefundView>;
  /** Every refund of a PaymentIntent, those made in the provider's dashboard included. */
  listRefunds(paymentIntentId: string): Promise<RefundView[]>;
  /** Verifies the Stripe-Signature over the exact bytes received (300 s tolerance). */
  constructWebhookEvent(rawBody: Buffer, signatureHeader: string | undefined): Promise<WebhookEvent>;
  close(): Promise<void>;
}

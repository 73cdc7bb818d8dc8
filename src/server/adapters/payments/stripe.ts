import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import { ConfigError } from '../../settings';
import type { PaymentGateway } from './card-gateway';
import { startStripeFake } from './stripe-fake';
import { createGateway } from './stripe-gateway';
import type { StripeSettings } from './stripe-settings';

/**
 * Card payments through the official `stripe` SDK. With STRIPE_SECRET_KEY it talks to Stripe; without,
 * the same SDK is pointed (host / port / protocol) at an in-process fake, so test mode runs the very code
 * path that production runs. Services only see the small `PaymentGateway` of card-gateway.ts.
 */

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

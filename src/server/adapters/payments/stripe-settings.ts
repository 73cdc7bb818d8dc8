import { z } from 'zod';
import { optionalString } from '../../settings';

/** Stripe's keys; none set means test mode against the in-process fake (see createPaymentGateway). */
export const stripeSettings = z
  .object({
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    /**
     * A Stripe-compatible test server (http://host:port) to use instead of api.stripe.com, e.g. one
     * fake shared by several instances; the checkout then shows the test card form.
     */
    STRIPE_TEST_API_URL: optionalString.pipe(z.url().optional()),
  })
  .transform((e) => ({
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    testApiUrl: e.STRIPE_TEST_API_URL,
  }));

/** Each key may be missing: createPaymentGateway says which one a mode needs. */
export type StripeSettings = Partial<z.infer<typeof stripeSettings>>;

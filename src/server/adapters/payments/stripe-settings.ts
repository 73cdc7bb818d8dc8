import { z } from 'zod';
import { fromEnv, optionalString } from '../../settings';

/** Stripe's keys; none set means test mode against the in-process fake (see createPaymentGateway). */
export const stripeSettings = fromEnv({
  secretKey: ['STRIPE_SECRET_KEY', optionalString],
  publishableKey: ['STRIPE_PUBLISHABLE_KEY', optionalString],
  webhookSecret: ['STRIPE_WEBHOOK_SECRET', optionalString],
  /**
   * A Stripe-compatible test server (http://host:port) to use instead of api.stripe.com, e.g. one
   * fake shared by several instances; the checkout then shows the test card form.
   */
  testApiUrl: ['STRIPE_TEST_API_URL', optionalString.pipe(z.url().optional())],
});

/** Each key may be missing: createPaymentGateway says which one a mode needs. */
export type StripeSettings = Partial<z.infer<typeof stripeSettings>>;

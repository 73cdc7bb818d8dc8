import { loadStripe } from '@stripe/stripe-js';

export interface StripePayment {
  /** Validates what the shopper typed in the Payment Element (Stripe's deferred-intent flow). */
  submit(): Promise<void>;
  /** Confirms the PaymentIntent created by the server, without leaving the page unless the bank asks. */
  confirm(clientSecret: string): Promise<void>;
  destroy(): void;
}

const READY_TIMEOUT_MS = 30_000;

/**
 * Live mode: mounts Stripe's Payment Element for the cart's amount. Loaded only on /checkout and
 * only when real keys are configured, so no other page ever loads Stripe's script.
 */
export async function mountStripePayment(
  publishableKey: string,
  amountCents: number,
  container: HTMLElement,
  locale: 'fr' | 'en',
): Promise<StripePayment> {
  const stripe = await loadStripe(publishableKey, { locale });
  if (!stripe) throw new Error('Stripe.js could not load');
  const elements = stripe.elements({ mode: 'payment', amount: amountCents, currency: 'eur' });
  const element = elements.create('payment');
  // A Payment Element that never gets ready (its frames blocked or too slow) is a failure to load,
  // said to the shopper, rather than a form that waits for ever.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Stripe’s payment form did not load')), READY_TIMEOUT_MS);
    element.on('ready', () => {
      clearTimeout(timer);
      resolve();
    });
    element.on('loaderror', (event) => {
      clearTimeout(timer);
      reject(new Error(event.error.message ?? 'Stripe’s payment form did not load'));
    });
    element.mount(container);
  });
  return {
    async submit() {
      const { error } = await elements.submit();
      if (error) throw new Error(error.message ?? 'Invalid card details');
    },
    async confirm(clientSecret) {
      const { error } = await stripe.confirmPayment({ elements, clientSecret, redirect: 'if_required' });
      if (error) throw new Error(error.message ?? 'Payment failed');
    },
    destroy: () => element.destroy(),
  };
}

import { METHOD } from '../../../shared/payment-methods';
import { invalid } from '../../domain/errors';
import type { PaymentProvider } from '../payments/payment-provider';

/**
 * A free order, as the payment port sees it (decision 005): nothing to start but a check that the
 * total is 0, always paid, and no provider to hear from.
 */
export const freePayment: PaymentProvider<{ totalCents: number; refusal: string }, void, never> = {
  method: METHOD.free,
  start: async ({ totalCents, refusal }) => {
    if (totalCents !== 0) throw invalid(refusal);
  },
  check: async () => ({
    status: 'paid',
    providerStatus: 'free',
    amount: 0,
    currency: 'EUR',
    details: undefined,
  }),
  action: () => ({ action: 'ignore' }),
};

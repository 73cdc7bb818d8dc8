import type { z } from 'zod';
import type {
  createCardOrderBodySchema,
  createFreeOrderBodySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  orderExistsSchema,
  paymentsConfigSchema,
} from '../../shared/contracts/checkout';
import type { Order } from '../../shared/contracts/orders';
import type { ApiClient } from './api';

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
/** 202: the order exists, but this browser did not prove it placed it. */
export type OrderExists = z.infer<typeof orderExistsSchema>;

/** The calls of the purchase flow, in the order the checkout makes them. */
export function checkoutApi(api: ApiClient) {
  return {
    config: () => api.get<PaymentsConfig>('/api/checkout/config'),
    createPaymentIntent: (body: z.input<typeof createPaymentIntentBodySchema>) =>
      api.send<z.infer<typeof createPaymentIntentResponseSchema>>('POST', '/api/create-payment-intent', body),
    confirmTestPayment: (body: { paymentIntentId: string; cardNumber: string }) =>
      api.send<unknown>('POST', '/api/test-mode/confirm-payment', body),
    createCardOrder: (body: z.input<typeof createCardOrderBodySchema>) =>
      api.send<Order | OrderExists>('POST', '/api/orders', body),
    // A double submit is caught by the server (same shopper, same guides, within minutes).
    createFreeOrder: (body: z.input<typeof createFreeOrderBodySchema>) =>
      api.send<Order | OrderExists>('POST', '/api/create-free-order', body),
  };
}

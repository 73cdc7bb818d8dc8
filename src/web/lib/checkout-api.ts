import type { z } from 'zod';
import type { orderExistsSchema, paymentsConfigSchema } from '../../shared/contracts/checkout';
import * as checkout from '../../shared/contracts/endpoints/checkout';
import type { BodyOf } from '../../shared/contracts/endpoints/define';
import type { ApiClient } from './api';

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;
/** 202: the order exists, but this browser did not prove it placed it. */
export type OrderExists = z.infer<typeof orderExistsSchema>;

/** The calls of the purchase flow, in the order the checkout makes them. */
export function checkoutApi(api: ApiClient) {
  return {
    config: () => api.call(checkout.paymentsConfig),
    /** The cart less a promo code, priced by the server; a refused code is an ApiError with its `code`. */
    priceCart: (body: BodyOf<typeof checkout.priceCart>) => api.call(checkout.priceCart, { body }),
    createPaymentIntent: (body: BodyOf<typeof checkout.createPaymentIntent>) =>
      api.call(checkout.createPaymentIntent, { body }),
    confirmTestPayment: (body: BodyOf<typeof checkout.confirmTestPayment>) =>
      api.call(checkout.confirmTestPayment, { body }),
    createCardOrder: (body: BodyOf<typeof checkout.createCardOrder>) =>
      api.call(checkout.createCardOrder, { body }),
    // A double submit is caught by the server (same shopper, same guides, within minutes).
    createFreeOrder: (body: BodyOf<typeof checkout.createFreeOrder>) =>
      api.call(checkout.createFreeOrder, { body }),
  };
}

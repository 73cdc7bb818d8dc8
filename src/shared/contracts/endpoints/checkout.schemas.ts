import { z } from 'zod';
import {
  confirmTestPaymentBodySchema,
  confirmTestPaymentResponseSchema,
  createCardOrderBodySchema,
  createFreeOrderBodySchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
  orderExistsSchema,
  paymentsConfigSchema,
} from '../checkout';
import { priceCartBodySchema, priceCartResponseSchema } from '../discounts';
import {
  cinetpayNotifyResponseSchema,
  createMobileMoneyOrderBodySchema,
  createMobileMoneyOrderResponseSchema,
  mobileMoneyCheckoutResponseSchema,
  mobileMoneyStatusResponseSchema,
  receiptUploadResponseSchema,
} from '../mobile-money';
import { orderSchema } from '../orders';

/** 201 a new order, 200 a repeat of one that exists, 202 it exists but the caller did not prove it placed it. */
const orderResponses = { 200: orderSchema, 201: orderSchema, 202: orderExistsSchema };
const orderParams = z.object({ id: z.string().max(200) });
const backToOrderPage = {
  params: orderParams,
  response: { 303: z.null().meta({ description: 'To the order page, which shows the payment state' }) },
};

/** Placing and paying an order: card, free, mobile money by receipt or through CinetPay, and the providers' calls. */
export const checkoutSchemas = {
  paymentsConfig: { response: { 200: paymentsConfigSchema } },
  createPaymentIntent: {
    body: createPaymentIntentBodySchema,
    response: { 200: createPaymentIntentResponseSchema },
  },
  priceCart: { body: priceCartBodySchema, response: { 200: priceCartResponseSchema } },
  createCardOrder: { body: createCardOrderBodySchema, response: orderResponses },
  createFreeOrder: { body: createFreeOrderBodySchema, response: orderResponses },
  confirmTestPayment: {
    body: confirmTestPaymentBodySchema,
    response: { 200: confirmTestPaymentResponseSchema },
  },
  stripeWebhook: { response: { 200: z.object({ received: z.literal(true) }) } },
  createMobileMoneyOrder: {
    body: createMobileMoneyOrderBodySchema,
    response: {
      200: createMobileMoneyOrderResponseSchema,
      201: createMobileMoneyOrderResponseSchema,
      202: orderExistsSchema,
    },
  },
  uploadReceipt: { params: orderParams, response: { 201: receiptUploadResponseSchema } },
  mobileMoneyCheckout: { params: orderParams, response: { 200: mobileMoneyCheckoutResponseSchema } },
  mobileMoneyStatus: {
    params: orderParams,
    querystring: z.object({ refresh: z.enum(['0', '1']).optional() }),
    response: { 200: mobileMoneyStatusResponseSchema },
  },
  cinetpayNotifyCheck: { response: { 200: z.object({ ok: z.literal(true) }) } },
  cinetpayNotify: { response: { 200: cinetpayNotifyResponseSchema } },
  cinetpayReturn: backToOrderPage,
  cinetpayReturnPost: backToOrderPage,
};

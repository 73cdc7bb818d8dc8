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
  proofUploadResponseSchema,
} from '../mobile-money';
import { orderSchema } from '../orders';

/** 201 a new order, 200 a repeat of one that exists, 202 it exists but the caller did not prove it placed it. */
const orderResponses = { 200: orderSchema, 201: orderSchema, 202: orderExistsSchema };
const orderParams = z.object({ id: z.string().max(200) });
const backToOrderPage = {
  params: orderParams,
  response: { 303: z.null().meta({ description: 'To the order page, which shows the payment state' }) },
};

/** Placing and paying an order: card, free, mobile money by payment proof or through CinetPay, and the providers' calls. */
export const checkoutSchemas = {
  paymentsConfig: {
    summary: 'Which payment methods and options the checkout offers',
    response: { 200: paymentsConfigSchema },
  },
  createPaymentIntent: {
    summary: 'Price the cart and create a card payment',
    errors: [409, 429, 503],
    body: createPaymentIntentBodySchema,
    response: { 200: createPaymentIntentResponseSchema },
  },
  priceCart: {
    summary: 'Price a cart with an optional discount code',
    errors: [409],
    body: priceCartBodySchema,
    response: { 200: priceCartResponseSchema },
  },
  createCardOrder: {
    summary: 'Turn a paid card payment into an order (claimed with the client secret)',
    errors: [402, 429],
    body: createCardOrderBodySchema,
    response: orderResponses,
  },
  createFreeOrder: {
    summary: 'Place an order whose total is 0',
    errors: [409, 429],
    body: createFreeOrderBodySchema,
    response: orderResponses,
  },
  confirmTestPayment: {
    summary: 'Test mode only: pay a card payment with a test card',
    errors: [402],
    body: confirmTestPaymentBodySchema,
    response: { 200: confirmTestPaymentResponseSchema },
  },
  stripeWebhook: {
    summary: "Stripe's signed events",
    response: { 200: z.object({ received: z.literal(true) }) },
  },
  createMobileMoneyOrder: {
    summary: 'Place a mobile-money order to pay from a wallet',
    errors: [409, 429],
    body: createMobileMoneyOrderBodySchema,
    response: {
      200: createMobileMoneyOrderResponseSchema,
      201: createMobileMoneyOrderResponseSchema,
      202: orderExistsSchema,
    },
  },
  uploadReceipt: {
    summary: 'Send a payment proof (image or PDF) for a mobile-money order',
    errors: [409, 413, 415, 429],
    params: orderParams,
    response: { 201: proofUploadResponseSchema },
  },
  mobileMoneyCheckout: {
    summary: "Start an automatic mobile-money payment (CinetPay's hosted page)",
    errors: [409, 503],
    params: orderParams,
    response: { 200: mobileMoneyCheckoutResponseSchema },
  },
  mobileMoneyStatus: {
    summary: 'The live state of an automatic mobile-money payment',
    params: orderParams,
    querystring: z.object({ refresh: z.enum(['0', '1']).optional() }),
    response: { 200: mobileMoneyStatusResponseSchema },
  },
  cinetpayNotifyCheck: {
    summary: "CinetPay's check that the notification address answers",
    response: { 200: z.object({ ok: z.literal(true) }) },
  },
  cinetpayNotify: {
    summary: "CinetPay's signed payment notification",
    response: { 200: cinetpayNotifyResponseSchema },
  },
  cinetpayReturn: { ...backToOrderPage, summary: "The shopper's return from CinetPay" },
  cinetpayReturnPost: { ...backToOrderPage, summary: "The shopper's return from CinetPay (POST)" },
};

import type { checkoutSchemas } from './checkout.schemas';
import { declareRoutes } from './define';

/**
 * Placing and paying an order. The spec's wire names (`create-djamo-order`) stay on the wire for
 * compatibility; the names here say what the endpoint does.
 */
export const checkout = declareRoutes<typeof checkoutSchemas>()({
  paymentsConfig: { method: 'GET', path: '/api/checkout/config' },
  createPaymentIntent: { method: 'POST', path: '/api/create-payment-intent' },
  createCardOrder: { method: 'POST', path: '/api/orders' },
  createFreeOrder: { method: 'POST', path: '/api/create-free-order' },
  /** Registered only without Stripe keys. */
  confirmTestPayment: { method: 'POST', path: '/api/test-mode/confirm-payment' },
  stripeWebhook: { method: 'POST', path: '/api/stripe/webhook' },
  createMobileMoneyOrder: { method: 'POST', path: '/api/create-djamo-order' },
  uploadReceipt: { method: 'POST', path: '/api/orders/:id/receipt', body: 'multipart' },
  mobileMoneyCheckout: { method: 'POST', path: '/api/orders/:id/mobile-money/checkout' },
  mobileMoneyStatus: { method: 'GET', path: '/api/orders/:id/mobile-money/status' },
  /** CinetPay checks with a GET that its notification URL answers. */
  cinetpayNotifyCheck: { method: 'GET', path: '/api/cinetpay/notify' },
  cinetpayNotify: { method: 'POST', path: '/api/cinetpay/notify' },
  /** Where CinetPay's page sends the shopper back, with a GET or a POST. */
  cinetpayReturn: { method: 'GET', path: '/api/cinetpay/return/:id' },
  cinetpayReturnPost: { method: 'POST', path: '/api/cinetpay/return/:id' },
});

/**
 * Placing and paying an order. The spec's wire names (`create-djamo-order`) stay on the wire for
 * compatibility; the names here say what the endpoint does. One export per endpoint, so that a
 * bundle keeps only what it calls; the schemas are in ./checkout.schemas.ts under the same names.
 */
import type { Route } from './define';
export const paymentsConfig = { method: 'GET', path: '/api/checkout/config' } as const satisfies Route;
export const createPaymentIntent = {
  method: 'POST',
  path: '/api/create-payment-intent',
} as const satisfies Route;
/** The cart's total before and after a discount code, as the server prices it (issue 18). */
export const priceCart = { method: 'POST', path: '/api/checkout/price' } as const satisfies Route;
export const createCardOrder = { method: 'POST', path: '/api/orders' } as const satisfies Route;
export const createFreeOrder = { method: 'POST', path: '/api/create-free-order' } as const satisfies Route;
/** Registered only without Stripe keys. */
export const confirmTestPayment = {
  method: 'POST',
  path: '/api/test-mode/confirm-payment',
} as const satisfies Route;
export const stripeWebhook = { method: 'POST', path: '/api/stripe/webhook' } as const satisfies Route;
export const createMobileMoneyOrder = {
  method: 'POST',
  path: '/api/create-djamo-order',
} as const satisfies Route;
export const uploadReceipt = {
  method: 'POST',
  path: '/api/orders/:id/receipt',
  body: 'multipart',
} as const satisfies Route;
export const mobileMoneyCheckout = {
  method: 'POST',
  path: '/api/orders/:id/mobile-money/checkout',
} as const satisfies Route;
export const mobileMoneyStatus = {
  method: 'GET',
  path: '/api/orders/:id/mobile-money/status',
} as const satisfies Route;
/** CinetPay checks with a GET that its notification URL answers. */
export const cinetpayNotifyCheck = { method: 'GET', path: '/api/cinetpay/notify' } as const satisfies Route;
export const cinetpayNotify = { method: 'POST', path: '/api/cinetpay/notify' } as const satisfies Route;
/** Where CinetPay's page sends the shopper back, with a GET or a POST. */
export const cinetpayReturn = { method: 'GET', path: '/api/cinetpay/return/:id' } as const satisfies Route;
export const cinetpayReturnPost = {
  method: 'POST',
  path: '/api/cinetpay/return/:id',
} as const satisfies Route;

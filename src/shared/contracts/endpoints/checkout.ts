/**
 * Placing and paying an order. The spec's wire names (`create-djamo-order`) stay on the wire for
 * compatibility; the names here say what the endpoint does. One export per endpoint, so that a
 * bundle keeps only what it calls; the schemas are in ./checkout.schemas.ts under the same names.
 */
import { get, post } from './declare';
export const paymentsConfig = get('/api/checkout/config');
export const createPaymentIntent = post('/api/create-payment-intent');
/** The cart's total before and after a discount code, as the server prices it. */
export const priceCart = post('/api/checkout/price');
export const createCardOrder = post('/api/orders');
export const createFreeOrder = post('/api/create-free-order');
/** Registered only without Stripe keys. */
export const confirmTestPayment = post('/api/test-mode/confirm-payment');
export const stripeWebhook = post('/api/stripe/webhook');
export const createMobileMoneyOrder = post('/api/create-djamo-order');
export const uploadReceipt = post('/api/orders/:id/receipt', { body: 'multipart' });
export const mobileMoneyCheckout = post('/api/orders/:id/mobile-money/checkout');
export const mobileMoneyStatus = get('/api/orders/:id/mobile-money/status');
/** CinetPay checks with a GET that its notification URL answers. */
export const cinetpayNotifyCheck = get('/api/cinetpay/notify');
export const cinetpayNotify = post('/api/cinetpay/notify');
/** Where CinetPay's page sends the shopper back, with a GET or a POST. */
export const cinetpayReturn = get('/api/cinetpay/return/:id');
export const cinetpayReturnPost = post('/api/cinetpay/return/:id');

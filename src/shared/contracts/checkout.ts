import { z } from 'zod';
import { localeSchema } from './catalogue';

/** Spec §5: all four required; the mobile number starts with + and the country code. */
export const customerSchema = z.object({
  email: z.email().max(254),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  mobile: z
    .string()
    .trim()
    .regex(/^\+[1-9][0-9 ]{6,20}$/, 'must start with + and the country code, e.g. +225 07 00 00 00 00'),
});
export type Customer = z.infer<typeof customerSchema>;

export const cartLineSchema = z.object({
  id: z.uuid(),
  quantity: z.int().min(1).max(20),
});

export const cartLinesSchema = z
  .array(cartLineSchema)
  .min(1, 'the cart is empty')
  .max(50)
  .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'a guide appears twice');

/** Totals the client shows, in euros; the server recomputes them and refuses a mismatch. */
const clientEuros = z.number().min(0).max(100_000);

export const createPaymentIntentBodySchema = z.object({
  amount: clientEuros,
  items: cartLinesSchema,
  /** The shopper's details reach the server before the card is confirmed, so a webhook can finish the order. */
  customer: customerSchema,
  locale: localeSchema,
});

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Cents, computed by the server. */
  amount: z.int(),
  currency: z.literal('eur'),
  /** True when the shop runs Stripe's test-mode fake (no keys configured). */
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  /**
   * This same cart and customer already paid (e.g. the answer was lost and the page reloaded): skip
   * the card step and claim the order with POST /api/orders.
   */
  alreadyPaid: z.boolean(),
});

export const createCardOrderBodySchema = customerSchema.extend({
  paymentIntentId: z.string().min(3).max(255),
  items: cartLinesSchema,
  total: clientEuros,
  locale: localeSchema.default('fr'),
});

export const createFreeOrderBodySchema = customerSchema.extend({
  items: cartLinesSchema,
  total: clientEuros,
  locale: localeSchema.default('fr'),
});

/** Test mode only: the checkout's clearly labelled test card form confirms the payment through the server. */
export const confirmTestPaymentBodySchema = z.object({
  paymentIntentId: z.string().min(3).max(255),
  /** Spaces and dashes are ignored: "4242 4242 4242 4242". */
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'must be a card number')),
});

export const confirmTestPaymentResponseSchema = z.object({
  paymentIntentId: z.string(),
  status: z.literal('succeeded'),
});

/** Stripe's test cards that the test card form may suggest. */
export const TEST_CARD_NUMBERS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
} as const;

export const paymentsConfigSchema = z.object({
  /** No Stripe keys: the shop's built-in Stripe fake, and a test card form labelled as such. */
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  /** A mobile-money aggregator (CinetPay) confirms payments by itself: the checkout says so. */
  automaticMobileMoney: z.boolean(),
});

import { z } from 'zod';
import { BUYER_COUNTRIES } from '../calling-codes';
import { localeSchema } from './catalogue';

/**
 * A web address or markup in a name is someone using the delivery email and the stamped PDFs to
 * carry a link; real names (O'Brien, Ňguyễn, 山田, "J. R.") have neither.
 */
const WEB_ADDRESS = /https?:|\bwww\.|[\p{L}\p{N}-]\.\p{L}{2,}\//iu;
const personName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .refine((name) => !/[<>]/.test(name), 'must not contain < or >')
    .refine((name) => !WEB_ADDRESS.test(name), 'must not contain a web address')
    .max(max);

/**
 * A first name is a short name: it greets the buyer in the shop's emails and WhatsApp messages, so
 * it must not carry a phone number or a sentence (docs/features/whatsapp.md).
 */
export const FIRST_NAME_MAX = 40;
const firstName = personName(FIRST_NAME_MAX).refine(
  (name) => !/\p{N}/u.test(name),
  'must not contain digits',
);

/** Spec §5: all four required; the mobile number starts with + and the country code. */
export const customerSchema = z.object({
  email: z.email().max(254),
  firstName,
  lastName: personName(100),
  mobile: z
    .string()
    .trim()
    .regex(/^\+[1-9][0-9 ]{6,20}$/, 'must start with + and the country code, e.g. +225 07 00 00 00 00'),
  /** "Get my guides on WhatsApp", at the mobile number; offered only when WhatsApp is configured. */
  whatsapp: z.boolean().optional(),
  /**
   * The country the buyer lives in, asked only when the client address and the mobile number do not
   * agree on it (docs/features/taxes.md); ISO 3166-1 alpha-2.
   */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => BUYER_COUNTRIES.includes(code), 'must be a country code such as SN or CI')
    .optional(),
  /** For the invoice of a buyer who buys for a business (docs/features/invoices.md). */
  businessName: z
    .string()
    .trim()
    .max(120)
    .refine((name) => !/[<>]/.test(name), 'must not contain < or >')
    .optional(),
  taxId: z
    .string()
    .trim()
    .max(40)
    .regex(/^[\p{L}\p{N} ./-]*$/u, 'must be letters, digits, spaces, dots, slashes or dashes')
    .optional(),
  /** The two news boxes, unticked by default; only a ticked box is a consent (docs/features/consent.md). */
  newsByEmail: z.boolean().optional(),
  newsByWhatsapp: z.boolean().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/** At most this many copies of one guide in one order, however the cart is written. */
export const MAX_GUIDE_QUANTITY = 20;

export const cartLineSchema = z.object({
  /** Lower-cased here, at the edge: the database compares uuids case-insensitively, so everything else must. */
  id: z.uuid().toLowerCase(),
  quantity: z.int().min(1).max(MAX_GUIDE_QUANTITY),
});

/**
 * One schema for every cart the shop takes (card, free, mobile money) and for the cart read back from
 * a paid PaymentIntent: what is refused when the claim is made was refused before the card was charged.
 */
export const cartLinesSchema = z
  .array(cartLineSchema)
  .min(1, 'the cart is empty')
  .max(50)
  .refine((lines) => new Set(lines.map((l) => l.id)).size === lines.length, 'a guide appears twice');

/**
 * Something only the browser that placed an order holds (≥128 random bits, made by the browser):
 * repeating a free or mobile-money order with it gives the order back; without it, only that it exists.
 */
export const claimKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'must be 22 to 128 url-safe characters');

/**
 * A discount code as the shopper types it: letters, digits, - and _, 3 to 32 of them, matched
 * case-insensitively. Anything else is a 400 naming `discountCode`.
 */
export const discountCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3 to 32 letters, digits, - or _');

/** Totals the client shows, in euros; the server recomputes them and refuses a mismatch. */
const clientEuros = z.number().min(0).max(100_000);

export const createPaymentIntentBodySchema = z.object({
  amount: clientEuros,
  items: cartLinesSchema,
  /** The shopper's details reach the server before the card is confirmed, so a webhook can finish the order. */
  customer: customerSchema,
  locale: localeSchema,
  discountCode: discountCodeSchema.optional(),
});

export const createPaymentIntentResponseSchema = z.object({
  /** Null once the payment has succeeded: the browser that paid already holds it, and it claims the order. */
  clientSecret: z.string().nullable(),
  paymentIntentId: z.string(),
  /** Cents, computed by the server. */
  amount: z.int(),
  currency: z.literal('eur'),
  /** True when the shop runs Stripe's test-mode fake (no keys configured). */
  testMode: z.boolean(),
  publishableKey: z.string().nullable(),
  /**
   * This same cart and customer already paid (e.g. the answer was lost and the page reloaded): skip
   * the card step and claim the order with POST /api/orders, sending the client secret kept from before.
   */
  alreadyPaid: z.boolean(),
});

export const createCardOrderBodySchema = customerSchema.extend({
  paymentIntentId: z.string().min(3).max(255),
  /** The PaymentIntent's client secret, which only the browser that paid holds: without it, no order is shown. */
  clientSecret: z.string().max(255).optional(),
  items: cartLinesSchema,
  total: clientEuros,
  locale: localeSchema.default('fr'),
});

export const createFreeOrderBodySchema = customerSchema.extend({
  items: cartLinesSchema,
  total: clientEuros,
  locale: localeSchema.default('fr'),
  claimKey: claimKeySchema.optional(),
  /** A code that brings the cart to 0 makes it a free order. */
  discountCode: discountCodeSchema.optional(),
});

/**
 * 202: the order exists, but this request did not prove it placed it (no client secret or claim key):
 * it learns no order id and no download, only where the links went.
 */
export const orderExistsSchema = z.object({
  orderExists: z.literal(true),
  message: z.string(),
});
export const ORDER_EXISTS_MESSAGE =
  "This order has already been placed: its download links were sent to the buyer's email.";
/** The same for a mobile-money order, which has no links until it is paid. */
export const MOBILE_MONEY_ORDER_EXISTS_MESSAGE =
  'This order has already been placed from another window or device: continue its payment there.';

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
  /** Wave Checkout configured: offered first among the mobile-money ways (docs/features/wave.md). */
  wave: z.boolean(),
  /** WhatsApp Cloud API configured: the checkout offers "Get my guides on WhatsApp". */
  whatsapp: z.boolean(),
});

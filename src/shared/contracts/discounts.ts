import { z } from 'zod';
import { COUNTRY_SLUGS } from '../countries';
import { localeSchema } from './catalogue';
import { cartLinesSchema, discountCodeSchema } from './checkout';

export { discountCodeSchema };

/**
 * Why a code does not apply, for the page to word in the shopper's language (the server's message
 * is English). A paused or deleted code is `discount_unknown`: the shopper learns nothing of it.
 */
export const DISCOUNT_REFUSALS = [
  'discount_unknown',
  'discount_expired',
  'discount_not_yet_valid',
  'discount_used_up',
  'discount_not_available',
  'discount_nothing_off',
  'discount_minimum_not_reached',
  'discount_not_for_guides',
  'discount_not_for_country',
  'discount_not_for_language',
] as const;
export type DiscountRefusal = (typeof DISCOUNT_REFUSALS)[number];

/** POST /api/checkout/price: the cart's total before and after a code, priced by the server. */
export const priceCartBodySchema = z.object({
  items: cartLinesSchema,
  discountCode: discountCodeSchema.optional(),
  locale: localeSchema.default('fr'),
});

export const priceCartResponseSchema = z.object({
  /** Euros, as strings: "24.00". */
  subtotal: z.string(),
  discount: z.string(),
  total: z.string(),
  totalXof: z.int(),
  /** The code as the operator wrote it, once it applies; null without one. */
  discountCode: z.string().nullable(),
});
export type PricedCartAnswer = z.infer<typeof priceCartResponseSchema>;

export const discountKindSchema = z.enum(['percent', 'fixed']);
export const countrySlugSchema = z.enum(COUNTRY_SLUGS);

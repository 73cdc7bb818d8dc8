import { z } from 'zod';
import { localeSchema } from '../catalogue';
import { instantSchema } from '../days';
import { countrySlugSchema, discountCodeSchema, discountKindSchema } from '../discounts';
import { noContentResponse } from './answers';

/** Euros with at most two decimals, up to the largest amount a numeric(10,2) holds comfortably. */
const euros = z
  .number()
  // Not .positive(): 1e-169 is positive, passes the two-decimal rule, and is stored as 0.00.
  .min(0.01, 'must be at least 0.01')
  .max(1_000_000)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'must have at most 2 decimals');
const limit = z.int().min(1).max(1_000_000).nullable().default(null);

/** What the operator writes when creating or editing a code. */
export const discountInputSchema = z
  .object({
    code: discountCodeSchema,
    kind: discountKindSchema,
    /** percent: a whole number from 1 to 100; fixed: euros off the cart. */
    value: euros,
    minimumCart: euros.nullable().default(null),
    validFrom: instantSchema('validFrom').nullable().default(null),
    validUntil: instantSchema('validUntil').nullable().default(null),
    maxUses: limit,
    maxUsesPerEmail: limit,
    guideIds: z.array(z.uuid().toLowerCase()).max(200).default([]),
    countries: z.array(countrySlugSchema).max(10).default([]),
    locale: localeSchema.nullable().default(null),
  })
  .refine((code) => code.kind !== 'percent' || (Number.isInteger(code.value) && code.value <= 100), {
    message: 'a percentage is a whole number from 1 to 100',
    path: ['value'],
  })
  .refine((code) => !code.validFrom || !code.validUntil || code.validFrom < code.validUntil, {
    message: 'must be after validFrom',
    path: ['validUntil'],
  });
export type DiscountInput = z.infer<typeof discountInputSchema>;

/** A code as the Discounts tab lists it, with its uses so far. */
export const adminDiscountSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: discountKindSchema,
  value: z.string(),
  minimumCart: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.int().nullable(),
  maxUsesPerEmail: z.int().nullable(),
  guideIds: z.array(z.string()),
  countries: z.array(z.string()),
  locale: localeSchema.nullable(),
  paused: z.boolean(),
  /** Held by mobile-money orders waiting for their money, and used by completed orders. */
  uses: z.object({ held: z.int(), used: z.int() }),
  createdAt: z.string(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

export const adminDiscountListSchema = z.object({ codes: z.array(adminDiscountSchema) });
export const discountParamsSchema = z.object({ id: z.uuid() });
export const pauseDiscountBodySchema = z.object({ paused: z.boolean() });

export const adminDiscountsSchemas = {
  listDiscounts: { summary: 'Discount codes with their uses', response: { 200: adminDiscountListSchema } },
  createDiscount: {
    summary: 'Create a discount code',
    errors: [409],
    body: discountInputSchema,
    response: { 201: adminDiscountSchema },
  },
  updateDiscount: {
    summary: 'Edit a discount code',
    errors: [409],
    params: discountParamsSchema,
    body: discountInputSchema,
    response: { 200: adminDiscountSchema },
  },
  pauseDiscount: {
    summary: 'Pause or resume a discount code',
    params: discountParamsSchema,
    body: pauseDiscountBodySchema,
    response: { 200: adminDiscountSchema },
  },
  deleteDiscount: {
    summary: 'Delete a discount code (kept for the orders that used it)',
    params: discountParamsSchema,
    response: noContentResponse('The code can no longer be used; its orders keep it'),
  },
};

import { z } from 'zod';
import { BUYER_COUNTRIES } from '../../calling-codes';
import { MAX_TAX_RATE_BP } from '../../tax';

/** One rate per buyer country (docs/features/taxes.md): "18" or "5.5" percent, at most two decimals. */
export const taxRateInputSchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => BUYER_COUNTRIES.includes(code), 'must be a country code such as SN or CI'),
  /** Basis points: 1800 is 18 %. */
  rateBp: z.int().min(0).max(MAX_TAX_RATE_BP),
  label: z
    .string()
    .trim()
    .max(40)
    .refine((label) => !/[<>]/.test(label), 'must not contain < or >')
    .nullable()
    .transform((label) => (label ? label : null)),
});

export const taxSettingsSchema = z.object({
  pricesIncludeTax: z.boolean(),
  rates: z
    .array(taxRateInputSchema)
    .max(250)
    .refine((rates) => new Set(rates.map((r) => r.country)).size === rates.length, 'a country appears twice'),
});
export type TaxSettingsInput = z.infer<typeof taxSettingsSchema>;

/** The settings as the tab reads them back (no transforms: a response is serialised, not parsed). */
export const taxSettingsAnswerSchema = z.object({
  pricesIncludeTax: z.boolean(),
  rates: z.array(z.object({ country: z.string(), rateBp: z.int(), label: z.string().nullable() })),
});

/** How long the shop keeps what it no longer needs (docs/features/data-rights.md). */
export const retentionSettingsSchema = z.object({
  /** Payment-proof images, months after the operator's decision. */
  proofMonths: z.int().min(1).max(120),
  /** Expired library sign-in links and sessions, days after expiry. */
  libraryDays: z.int().min(1).max(3650),
  /** Raw analytics events, days (the dashboard reads daily totals, kept). */
  analyticsDays: z.int().min(30).max(3650),
});
export type RetentionSettingsInput = z.infer<typeof retentionSettingsSchema>;
/** As stored: the bounds are the form's, not a promise about what an older value may be. */
const retentionAnswerSchema = z.object({
  proofMonths: z.int(),
  libraryDays: z.int(),
  analyticsDays: z.int(),
});

export const adminSettingsSchemas = {
  readRetentionSettings: {
    summary: 'How long payment proofs, library sign-ins and raw analytics events are kept',
    response: { 200: retentionAnswerSchema },
  },
  saveRetentionSettings: {
    summary: 'Change how long payment proofs, library sign-ins and raw analytics events are kept',
    body: retentionSettingsSchema,
    response: { 200: retentionAnswerSchema },
  },
  readTaxSettings: {
    summary: 'Tax rates per buyer country and whether prices include tax',
    response: { 200: taxSettingsAnswerSchema },
  },
  saveTaxSettings: {
    summary: 'Replace the tax rates and the prices-include-tax switch',
    body: taxSettingsSchema,
    response: { 200: taxSettingsAnswerSchema },
  },
};

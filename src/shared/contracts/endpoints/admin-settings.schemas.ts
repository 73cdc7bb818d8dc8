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

export const adminSettingsSchemas = {
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

import { z } from 'zod';
import { PAYMENT_METHOD_VALUES } from '../payment-methods';
import { localeSchema } from './catalogue';

export const orderStatusSchema = z.enum([
  'pending',
  'pending_verification',
  'completed',
  'rejected',
  'expired',
]);
/** Derived from the one table of payment methods. */
export const paymentMethodSchema = z.enum(PAYMENT_METHOD_VALUES);

/** The tax line of an order or a quote (docs/features/taxes.md): euros as a string, the rate in basis points. */
export const orderTaxSchema = z.object({
  amount: z.string(),
  rateBp: z.int(),
  /** The operator's label ("TVA 18 %"), null when none was given. */
  label: z.string().nullable(),
  country: z.string().nullable(),
  pricesIncludeTax: z.boolean(),
});
export type OrderTax = z.infer<typeof orderTaxSchema>;

/** An order as the shopper's pages read it (spec storefront §3), plus the support number. */
export const dataRegionSchema = z.enum(['cote-divoire', 'senegal', 'maroc', 'default']);
export type DataRegion = z.infer<typeof dataRegionSchema>;

export const orderSchema = z.object({
  /** The public id: ≥128 random bits, the key to the order page. */
  id: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSchema,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  total: z.string(),
  /** The code the shopper used and the euros it took off (the cart before it: total + discountAmount). */
  discountCode: z.string().nullable(),
  discountAmount: z.string(),
  tax: orderTaxSchema,
  /** The invoice's number once the order is paid (docs/features/invoices.md); null before. */
  invoiceNumber: z.string().nullable(),
  /** The numbers of the credit notes its refunds issued, oldest first. */
  creditNotes: z.array(z.string()),
  djamoReference: z.string().nullable(),
  /** How to pay a mobile-money order still waiting for its payment; absent otherwise. */
  mobileMoneyPayment: z
    .object({ paymentUrl: z.string(), providers: z.array(z.string()), totalXof: z.int() })
    .optional(),
  locale: localeSchema,
  createdAt: z.string(),
  /** The shop revoked the downloads: the page says so instead of offering the files. */
  accessRevoked: z.boolean(),
  items: z.array(
    z.object({
      id: z.string(),
      quantity: z.int(),
      price: z.string(),
      guide: z.object({
        id: z.string(),
        title: z.string(),
        imageUrl: z.string().nullable(),
        fileSize: z.int().nullable(),
        fileName: z.string().nullable(),
        locale: localeSchema,
        hasSecondary: z.boolean(),
        /** The light edition's size, when the guide has one. */
        lightFileSize: z.int().nullable(),
        /** Whose data prices say what a download costs: the guide's country, else the default. */
        dataRegion: dataRegionSchema,
      }),
    }),
  ),
});
export type Order = z.infer<typeof orderSchema>;

export const downloadResponseSchema = z.object({
  /** Signed, valid 15 minutes. */
  downloadUrl: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
});

export const resendLinksBodySchema = z.object({
  orderNumber: z.string().trim().min(3).max(32),
  email: z.email().max(254),
});

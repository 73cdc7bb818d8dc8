import { z } from 'zod';
import { orderStatusSchema, paymentMethodSchema } from '../orders';

/** Admin spec §9: the Emails tab's ranges; 7 days by default. */
export const emailRangeSchema = z.enum(['7d', '30d', '90d']).default('7d');
export type EmailRange = z.infer<typeof emailRangeSchema>;

export const emailListQuerySchema = z.object({ range: z.enum(['7d', '30d', '90d']).optional() });
export const emailStatsQuerySchema = z.object({ range: emailRangeSchema });

/** One row of the email history (admin spec §3 "Email log"). */
export const emailLogEntrySchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  /** delivery, resend-links, receipt-received, operator-receipt-notice, operator-payment-attention, rejection, card-payment-attention (no order: orderId null) */
  kind: z.string(),
  toEmail: z.string(),
  subject: z.string(),
  /** queued, sent or failed */
  status: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.int(),
  resentCount: z.int(),
  lastError: z.string().nullable(),
  purchasedGuides: z.array(z.string()),
  orderInfo: z
    .object({
      orderNumber: z.string(),
      orderStatus: orderStatusSchema,
      customerName: z.string(),
      mobile: z.string(),
      paymentMethod: paymentMethodSchema,
      paymentProvider: z.string().nullable(),
      /** GET with the admin key; null when the order has no payment proof. */
      paymentReceiptUrl: z.string().nullable(),
      /** The latest payment proof's kind: an image opens in a dialog, a PDF in a new tab. */
      paymentReceiptType: z.enum(['image', 'pdf']).nullable(),
      total: z.string(),
    })
    .nullable(),
});
export type EmailLogEntry = z.infer<typeof emailLogEntrySchema>;
export const emailLogListSchema = z.array(emailLogEntrySchema);

export const emailStatsSchema = z.object({
  totalEmails: z.int(),
  sentEmails: z.int(),
  failedEmails: z.int(),
  /** Percent of the range's emails that were sent, 0 when there were none. */
  deliveryRate: z.number(),
});
export type EmailStats = z.infer<typeof emailStatsSchema>;

export const deliverOrderParamsSchema = z.object({ id: z.string().max(100) });
export const deliverOrderBodySchema = z
  .object({ resend: z.boolean().default(false) })
  .optional()
  .transform((body) => body ?? { resend: false });
export const deliverOrderResponseSchema = z.object({ message: z.string() });

import { z } from 'zod';

/** An amount in euros with at most two decimals, as typed ("4.5", "4.50") or sent as a number. */
const euroAmount = z
  .union([z.string().trim(), z.number()])
  .transform((value) => String(value))
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), {
    message: 'Amount must be a positive number of euros with at most two decimals, e.g. 4.50',
  })
  .refine((value) => Number(value) > 0, { message: 'Amount must be more than 0' });

export const refundOrderParamsSchema = z.object({ id: z.uuid() });

export const refundOrderBodySchema = z.object({
  /** Euros; the whole amount left to refund when omitted. */
  amount: euroAmount.optional(),
  /** Why; required for a refund made by hand (mobile money, CinetPay). */
  note: z.string().trim().max(1000).optional(),
  /** A key the admin makes once per refund it asks for (a UUID): the same key answers the same refund. */
  requestKey: z
    .string()
    .trim()
    .min(8)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'requestKey may only hold letters, digits, - and _'),
});

export const refundSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** Euros, two decimals. */
  amount: z.string(),
  currency: z.string(),
  /** 'stripe' (through Stripe's refund API) or 'manual' (recorded by hand). */
  provider: z.enum(['stripe', 'wave', 'manual']),
  providerRefundId: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundSchema>;

export const refundAnswerSchema = z.object({
  refund: refundSchema,
  order: z.object({
    id: z.string(),
    total: z.string(),
    refundedAmount: z.string(),
    /** True once the whole total is refunded: the downloads are closed. */
    fullyRefunded: z.boolean(),
    accessRevoked: z.boolean(),
  }),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;

export const adminRefundsSchemas = {
  refundOrder: {
    summary: 'Refund an order in full or in part',
    errors: [402, 409],
    params: refundOrderParamsSchema,
    body: refundOrderBodySchema,
    response: { 200: refundAnswerSchema },
  },
};

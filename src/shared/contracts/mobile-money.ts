import { z } from 'zod';
import { localeSchema } from './catalogue';
import { cartLinesSchema, claimKeySchema, customerSchema, discountCodeSchema } from './checkout';
import { orderStatusSchema } from './orders';

/** Storefront spec §5 and §9: a receipt is an image or a PDF of at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const PROOF_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp', 'pdf'] as const;
/** Spec §9: the shop checks a mobile-money payment within 24 hours. */
export const VERIFICATION_HOURS = 24;

/** The server's refusals, in the spec's words where it has some. */
export const proofMessages = {
  invalidType: 'Please select a valid file (PNG, WEBP, PDF, JPG, JPEG)',
  tooLarge: 'File size must be less than 5 MB',
  missing: 'receipt: choose a file to send',
} as const;

/** POST /api/create-djamo-order: the same form as the card checkout. */
export const createMobileMoneyOrderBodySchema = customerSchema.extend({
  items: cartLinesSchema,
  /** What the page shows, in euros; the server recomputes it and refuses a mismatch. */
  total: z.number().min(0).max(100_000),
  locale: localeSchema.default('fr'),
  claimKey: claimKeySchema.optional(),
  discountCode: discountCodeSchema.optional(),
});

export const mobileMoneyOrderSchema = z.object({
  /** The order's public id (≥128 random bits): the right to send its payment proof and see its page. */
  id: z.string(),
  orderNumber: z.string(),
  /** Short and unambiguous, typed into the wallet app; it grants nothing. */
  djamoReference: z.string(),
  total: z.string(),
  discountCode: z.string().nullable(),
  discountAmount: z.string(),
  /** The total in FCFA, as the wallet asks for it. */
  totalXof: z.int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: orderStatusSchema,
});

export const createMobileMoneyOrderResponseSchema = z.object({
  order: mobileMoneyOrderSchema,
  /** The provider's page, with the reference and amount filled in where it accepts them. */
  paymentUrl: z.string(),
  /** The wallets the shop accepts (configuration). */
  providers: z.array(z.string()),
  verificationHours: z.int(),
  /**
   * Automatic confirmation through a payment aggregator (CinetPay): offered first when configured,
   * the payment proof flow staying as the fallback. Null when the provider is not configured.
   */
  automaticPayment: z
    .object({
      provider: z.literal('cinetpay'),
      /** POST: starts (or resumes) the payment; answers the hosted page to send the shopper to. */
      checkoutUrl: z.string(),
      /** GET: the live payment state, for the order page to poll. */
      statusUrl: z.string(),
    })
    .nullable(),
  /** Wave Checkout, offered first when configured; null otherwise. */
  wave: z
    .object({
      /** POST: opens (or resumes) a Wave checkout; answers Wave's launch page. */
      checkoutUrl: z.string(),
    })
    .nullable(),
});
export type CreateMobileMoneyOrderResponse = z.infer<typeof createMobileMoneyOrderResponseSchema>;

export const proofUploadResponseSchema = z.object({
  status: z.literal('pending_verification'),
  message: z.string(),
});

/** One order in the admin Mobile Money tab (admin spec §3 "Order (as admin reads it)"). */
export const pendingMobileMoneyOrderSchema = z.object({
  /** The internal id the admin routes take. */
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  totalAmount: z.string(),
  /** The promo code and the euros it took off: totalAmount is what is to be paid. */
  discountCode: z.string().nullable(),
  discountAmount: z.string(),
  djamoReference: z.string().nullable(),
  status: orderStatusSchema,
  paymentProvider: z.string().nullable(),
  /** GET with the admin key: the latest payment proof; null when none was sent. */
  receiptUrl: z.string().nullable(),
  receiptType: z.enum(['image', 'pdf']).nullable(),
  receiptCount: z.int(),
  /** Undecided and older than the 24 hours promised to the shopper. */
  overdue: z.boolean(),
  /** The automatic payment attempt, when the shopper started one. */
  automaticPayment: z
    .object({
      provider: z.enum(['cinetpay', 'wave']),
      transactionId: z.string(),
      providerStatus: z.string().nullable(),
      startedAt: z.string().nullable(),
      /** Never confirmed within 24 hours, or confirmed with a wrong amount: the operator decides. */
      needsAttention: z.boolean(),
      attentionReason: z.string().nullable(),
    })
    .nullable(),
  items: z.array(z.object({ quantity: z.int(), guide: z.object({ id: z.string(), title: z.string() }) })),
});
export type PendingMobileMoneyOrder = z.infer<typeof pendingMobileMoneyOrderSchema>;
export const pendingMobileMoneyOrdersSchema = z.array(pendingMobileMoneyOrderSchema);

export const MOBILE_MONEY_PAGE_SIZE = 50;
/** The Mobile Money tab's page: `x-total-count` in the answer says how many orders match in all. */
export const pendingMobileMoneyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(MOBILE_MONEY_PAGE_SIZE),
  /** Part of a reference, order number, email or phone number, in any case and spacing. */
  q: z.string().trim().max(100).optional(),
});
export type PendingMobileMoneyQuery = z.infer<typeof pendingMobileMoneyQuerySchema>;

export const adminOrderParamsSchema = z.object({ id: z.string().max(100) });

/** No control characters (but tab and line breaks) and no lone UTF-16 surrogates: text an email can carry. */
function isPrintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return false;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/** Reject: an optional reason, written into the rejection email as the operator typed it. */
export const rejectOrderBodySchema = z
  .object({
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(500, { error: 'reason must be at most 500 characters' })
      .refine(isPrintable, { error: 'reason must be printable text' })
      .optional(),
  })
  .nullish();

export const verifyOrderBodySchema = z.object({
  /** Admin spec §6: the dashboard sends the constant 'admin'. */
  verifiedBy: z
    .string({ error: 'verifiedBy is required: who validated the payment (the dashboard sends "admin")' })
    .trim()
    .min(1, { error: 'verifiedBy is required: who validated the payment (the dashboard sends "admin")' })
    .max(100, { error: 'verifiedBy must be at most 100 characters' }),
});

export const orderDecisionResponseSchema = z.object({
  id: z.string(),
  status: z.enum(['completed', 'rejected']),
  message: z.string(),
});

/**
 * What the order page shows of an automatic payment: none started, waiting, paid, failed, or under
 * review (flagged for the operator: a wrong amount, or no confirmation within 24 hours).
 */
export const paymentStateSchema = z.enum(['none', 'waiting', 'paid', 'failed', 'review']);
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** POST /api/orders/{id}/mobile-money/checkout */
export const mobileMoneyCheckoutResponseSchema = z.object({
  /** The provider's hosted page: send the shopper there (window.location). */
  paymentUrl: z.string(),
  provider: z.literal('cinetpay'),
  /** What the shopper is asked to pay: the euro total at 655.957 FCFA per euro, up to a multiple of 5. */
  amountXof: z.int(),
  paymentState: paymentStateSchema,
});
export type MobileMoneyCheckoutResponse = z.infer<typeof mobileMoneyCheckoutResponseSchema>;

/** GET /api/orders/{id}/mobile-money/status: poll every few seconds while `waiting`. */
export const mobileMoneyStatusResponseSchema = z.object({
  status: orderStatusSchema,
  paymentState: paymentStateSchema,
  /** Whether the automatic option (CinetPay) is offered for this order now. */
  automaticAvailable: z.boolean(),
  /** Whether Wave Checkout is offered for this order now. */
  waveAvailable: z.boolean(),
  /** Who the attempt under way (or the last one) is with. */
  attempt: z.enum(['cinetpay', 'wave']).nullable(),
  amountXof: z.int().nullable(),
  /** The provider's last word (ACCEPTED, REFUSED, PENDING…), null before any attempt. */
  providerStatus: z.string().nullable(),
});
export type MobileMoneyStatusResponse = z.infer<typeof mobileMoneyStatusResponseSchema>;

/** POST /api/cinetpay/notify: what the provider reads (it only needs HTTP 200). */
export const cinetpayNotifyResponseSchema = z.object({
  received: z.literal(true),
  outcome: z.enum(['completed', 'already-completed', 'waiting', 'failed', 'ignored']),
});

import { z } from 'zod';
import { localeSchema } from '../catalogue';
import { customerSchema } from '../checkout';
import { daySchema } from '../days';
import { orderStatusSchema, paymentMethodSchema } from '../orders';
import { binaryResponse } from './answers';

/** The Orders tab: every order, its page and timeline, and the desk's actions. */

/** At most this many orders per page; the list answers a count up to ORDER_COUNT_CAP. */
export const ORDERS_MAX_PAGE_SIZE = 100;
export const ORDERS_PAGE_SIZE = 25;
export const ORDER_COUNT_CAP = 1000;
/**
 * With the guide filter and any other filter or search, each candidate order is checked against its
 * items one by one: that count stops at 100 (a million orders: 125 ms to reach 1,000, bench/order-desk.ts).
 */
export const ORDER_COUNT_CAP_GUIDE_AND_MORE = 100;

/** How the operator names a method: mobile money by payment proof, CinetPay and Wave are told apart. */
export const ORDER_METHOD_FILTERS = ['card', 'mobile_money', 'cinetpay', 'wave', 'free'] as const;
export const orderMethodFilterSchema = z.enum(ORDER_METHOD_FILTERS);
export type OrderMethodFilter = z.infer<typeof orderMethodFilterSchema>;

/** The status filter: an order's status, or what refunds made of a completed one. */
export const orderStatusFilterSchema = z.enum([
  ...orderStatusSchema.options,
  'refunded',
  'partially_refunded',
]);
export type OrderStatusFilter = z.infer<typeof orderStatusFilterSchema>;

/** The list's and the export's filters: one search box and five filters, all from the query string. */
const filters = {
  /** Order number, email, name, phone, mobile-money reference, PaymentIntent or CinetPay transaction id. */
  q: z.string().trim().max(200, { error: 'q must be at most 200 characters' }).optional(),
  status: orderStatusFilterSchema.optional(),
  method: orderMethodFilterSchema.optional(),
  guide: z.uuid({ error: 'guide must be a guide id (a UUID)' }).toLowerCase().optional(),
  locale: localeSchema.optional(),
  /** Days in UTC, both included. */
  from: daySchema('from').optional(),
  to: daySchema('to').optional(),
};
const fromBeforeTo = (f: { from?: string | undefined; to?: string | undefined }) =>
  !f.from || !f.to || f.from <= f.to;
const FROM_AFTER_TO = { error: 'from must not be after to', path: ['from'] };

export const orderFiltersSchema = z.object(filters).refine(fromBeforeTo, FROM_AFTER_TO);
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

export const orderListQuerySchema = z
  .object({
    ...filters,
    /** Where the previous page ended (nextCursor of its answer); absent for the newest orders. */
    cursor: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: 'cursor must be the nextCursor of a previous answer' })
      .optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit must be at least 1' })
      .max(ORDERS_MAX_PAGE_SIZE, { error: `limit must be at most ${ORDERS_MAX_PAGE_SIZE}` })
      .default(ORDERS_PAGE_SIZE),
  })
  .refine(fromBeforeTo, FROM_AFTER_TO);
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderListRowSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  createdAt: z.string(),
  status: orderStatusSchema,
  method: orderMethodFilterSchema,
  paymentProvider: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  locale: localeSchema,
  /** Euros, as stored ("12.50"), and the FCFA it converts to. */
  total: z.string(),
  totalFcfa: z.int(),
  discountAmount: z.string(),
  refundedAmount: z.string(),
  accessRevoked: z.boolean(),
  guides: z.array(z.string()),
});
export type OrderListRow = z.infer<typeof orderListRowSchema>;

export const orderListSchema = z.object({
  orders: z.array(orderListRowSchema),
  nextCursor: z.string().nullable(),
  /** Orders matching, counted up to ORDER_COUNT_CAP, or ORDER_COUNT_CAP_GUIDE_AND_MORE (then totalIsAtLeast). */
  total: z.int(),
  totalIsAtLeast: z.boolean(),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be an order id (a UUID)' }) });

const money = z.object({ euros: z.string(), fcfa: z.int() });
export type Money = z.infer<typeof money>;

export const timelineEntrySchema = z.object({
  /** Unique within the order's timeline: its source and that row's id. */
  id: z.string(),
  at: z.string(),
  /** created, paid, rejected, expired, email, receipt, refund, download, access_revoked, … */
  kind: z.string(),
  actor: z.string().nullable(),
  /** One line in the admin's language (English). */
  summary: z.string(),
  /** An email's error, a note's text, a download's country: what the line could not say briefly. */
  detail: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const orderDetailSchema = z.object({
  id: z.string(),
  publicId: z.string(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  locale: localeSchema,
  buyer: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), phone: z.string() }),
  payment: z.object({
    method: orderMethodFilterSchema,
    wireMethod: paymentMethodSchema,
    provider: z.string().nullable(),
    /** The provider's id: PaymentIntent, CinetPay transaction, or the mobile-money reference. */
    providerId: z.string().nullable(),
    mobileMoneyReference: z.string().nullable(),
    providerStatus: z.string().nullable(),
    /** Who confirmed the payment: 'stripe', 'cinetpay', 'wave', or the operator. */
    verifiedBy: z.string().nullable(),
    testMode: z.boolean(),
  }),
  items: z.array(
    z.object({
      guideId: z.string(),
      title: z.string(),
      quantity: z.int(),
      unitPrice: money,
      lineTotal: money,
    }),
  ),
  amounts: z.object({
    /** The cart before the discount: total + discount. */
    subtotal: money,
    discountCode: z.string().nullable(),
    discount: money,
    total: money,
    refunded: money,
  }),
  access: z.object({ revokedAt: z.string().nullable(), downloadable: z.boolean() }),
  timeline: z.array(timelineEntrySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A confirmed action's id, made once by the browser: a retried request is the same action. */
const requestId = z.uuid({ error: 'requestId must be a UUID made once per confirmed action' });

export const resendOrderBodySchema = z.object({ requestId });
export const changeOrderEmailBodySchema = z.object({ email: customerSchema.shape.email, requestId });
export const revokeAccessBodySchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { error: 'reason is required' })
    .max(500)
    .default('Revoked by the operator'),
});
export const orderNoteBodySchema = z.object({
  text: z
    .string({ error: 'text is required' })
    .trim()
    .min(1, { error: 'text must not be empty' })
    .max(2000, { error: 'text must be at most 2000 characters' }),
});
export const orderActionResultSchema = z.object({ message: z.string(), changed: z.boolean() });
export type OrderActionResult = z.infer<typeof orderActionResultSchema>;

const action = <B>(body: B) => ({
  params: orderIdParamsSchema,
  body,
  response: { 200: orderActionResultSchema },
});

/** The Orders tab's calls, every one behind the admin key. */
export const adminOrdersSchemas = {
  listOrders: {
    summary: 'Orders, newest first, searched and filtered, a cursor page at a time',
    querystring: orderListQuerySchema,
    response: { 200: orderListSchema },
  },
  exportOrders: {
    summary: 'The filtered orders as CSV, streamed',
    mediaType: 'text/csv',
    querystring: orderFiltersSchema,
    response: binaryResponse('The filtered orders: CSV, UTF-8 with a BOM, streamed'),
  },
  orderDetail: {
    summary: 'An order with its buyer, payment, refunds, access and timeline',
    params: orderIdParamsSchema,
    response: { 200: orderDetailSchema },
  },
  resendOrder: { ...action(resendOrderBodySchema), summary: 'Send the delivery email again', errors: [409] },
  changeOrderEmail: {
    ...action(changeOrderEmailBodySchema),
    summary: "Change the buyer's email, and send what the order needs to the new one",
    errors: [409],
  },
  revokeOrderAccess: {
    ...action(revokeAccessBodySchema),
    summary: "Revoke the buyer's downloads",
    errors: [409],
  },
  restoreOrderAccess: {
    summary: "Restore the buyer's downloads",
    errors: [409],
    params: orderIdParamsSchema,
    response: { 200: orderActionResultSchema },
  },
  addOrderNote: { ...action(orderNoteBodySchema), summary: "Add a private note to the order's timeline" },
};

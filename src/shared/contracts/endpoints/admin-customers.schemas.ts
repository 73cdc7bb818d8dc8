import { z } from 'zod';
import { localeSchema } from '../catalogue';
import { binaryResponse } from './answers';

/** The Customers tab's query: search, sort and page, all in the URL the tab shares. */
export const customerListQuerySchema = z.object({
  /** Part of an email or a name, in any case. */
  q: z.string().trim().max(200).optional(),
  sort: z.enum(['lastOrder', 'totalPaid']).default('lastOrder'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;

/**
 * One buyer (every order with this email, whatever its case). Paid figures count only real
 * payments, as the dashboard's revenue does: completed orders outside test mode.
 */
export const customerSchema = z.object({
  email: z.string(),
  /** The latest order's name and language. */
  name: z.string(),
  locale: localeSchema,
  /** Every order placed with this email, paid or not. */
  orders: z.int(),
  paidOrders: z.int(),
  /** Distinct guides bought in paid orders. */
  guides: z.int(),
  /** Euros, numeric(10,2) as text: the sum of the paid orders' totals. */
  totalPaid: z.string(),
  /** Euros refunded on those orders. */
  refunded: z.string(),
  /** Euros of completed orders paid through the test-mode card gateway: no real money. */
  testModeTotal: z.string(),
  /** Euros of orders still waiting for their payment (pending, or a payment proof to check). */
  unpaidTotal: z.string(),
  /** Completed orders that cost nothing. */
  freeOrders: z.int(),
  firstOrderAt: z.string(),
  lastOrderAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const customerPageSchema = z.object({
  customers: z.array(customerSchema),
  /** How many customers match, for the pager. */
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type CustomerPage = z.infer<typeof customerPageSchema>;

/** Whom a data request is about: an email, a phone number, or both. */
export const customerDataBodySchema = z
  .object({
    email: z.email().max(254).optional(),
    /** Any spelling: only its digits count. */
    phone: z
      .string()
      .max(40)
      .regex(/^[+\d\s().-]*$/, 'digits, spaces and + ( ) . - only')
      .refine((v) => v.replace(/\D/g, '').length >= 6, 'at least 6 digits')
      .optional(),
  })
  .refine((v) => v.email !== undefined || v.phone !== undefined, {
    message: 'an email or a phone is required',
    path: ['email'],
  });
export type CustomerDataBody = z.infer<typeof customerDataBodySchema>;

export const customerEraseBodySchema = customerDataBodySchema.and(
  z.object({
    /** The operator types the email (or the phone) again, as the UI's confirmation. */
    confirm: z.string().max(254),
  }),
);

export const customerErasedSchema = z.object({
  /** Orders whose buyer fields were replaced. */
  orders: z.int(),
  /** Files deleted from storage (payment proofs, stamped copies). */
  files: z.int(),
});

export const adminCustomersSchemas = {
  listCustomers: {
    summary: 'Customers: one row per email with their orders and totals',
    querystring: customerListQuerySchema,
    response: { 200: customerPageSchema },
  },
  exportCustomerList: {
    summary: 'Every customer as CSV, streamed',
    mediaType: 'text/csv',
    response: binaryResponse('Every customer: CSV, UTF-8 with a BOM, streamed'),
  },
  exportCustomerData: {
    summary: 'Everything the shop holds about an email or phone number, as a ZIP of JSON and files',
    mediaType: 'application/zip',
    errors: [404],
    body: customerDataBodySchema,
    response: binaryResponse('A ZIP: one JSON file per table, and the payment proofs under files/'),
  },
  eraseCustomerData: {
    summary: "Erase a customer's personal data everywhere, keeping issued invoices' legal fields",
    errors: [404],
    body: customerEraseBodySchema,
    response: { 200: customerErasedSchema },
  },
};

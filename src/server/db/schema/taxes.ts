import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { refunds } from './desk';
import { orders } from './orders';

/** The operator's tax rate per buyer country (docs/features/taxes.md); a country without a row pays none. */
export const taxRates = pgTable(
  'tax_rates',
  {
    country: text('country').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    label: text('label'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('tax_rates_rate_range', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`)],
);

/**
 * The last number given per document kind and calendar year: numbers are taken by an UPSERT on this
 * row inside the transaction that writes the document, so they never skip nor repeat
 * (docs/decisions/037-invoice-numbers-in-the-database.md).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * An order's invoice: issued once it is paid, never changed. `document` freezes what it says. A buyer who
 * adds their business details after it was issued gets a credit note cancelling it and a new invoice:
 * the old one is then `replaced_at`, and an order has one current invoice.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoices_order_current_uq').on(t.orderId).where(sql`${t.replacedAt} is null`),
    uniqueIndex('invoices_number_uq').on(t.number),
  ],
);

/** A credit note: one per succeeded refund, or one cancelling an invoice replaced (no refund), referencing it. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    refundId: uuid('refund_id').references(() => refunds.id),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    document: jsonb('document').notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_refund_uq').on(t.refundId),
    uniqueIndex('credit_notes_number_uq').on(t.number),
  ],
);

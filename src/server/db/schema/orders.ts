import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD_VALUES } from '../../../shared/payment-methods';
import type { TaxEvidence } from '../../../shared/tax-evidence';
import { localeEnum, travelGuides } from './catalogue';
import { guideEditions } from './editions';
import { storedFiles } from './files';

export const orderStatusEnum = pgEnum('order_status', [
  'pending',
  'pending_verification',
  'completed',
  'rejected',
  /** Mobile money: no payment proof and no payment within MOBILE_MONEY_EXPIRY_HOURS. */
  'expired',
]);
/** From the one table of payment methods; its values and their order are the database's. */
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHOD_VALUES);

/** What the operator's search compares (admin-orders/order-filters.ts); the trigram indexes are on these. */
const nameText = (first: AnyPgColumn, last: AnyPgColumn) => sql`lower(${first} || ' ' || ${last})`;
const reversedDigits = (phone: AnyPgColumn) => sql`reverse(regexp_replace(${phone}, '[^0-9]', '', 'g'))`;

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The id shoppers see in URLs: ≥128 random bits, so knowing it is the access right. */
    publicId: text('public_id').notNull().unique(),
    /** Short number for support conversations, e.g. GA-7K3M9Q. */
    orderNumber: text('order_number').notNull().unique(),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    paymentProvider: text('payment_provider'),
    /** Stripe PaymentIntent id; unique so one payment can only ever make one order. */
    paymentIntentId: text('payment_intent_id'),
    /** Mobile-money reference the shopper types into the wallet app. */
    /** The reference a mobile-money payment is made to; the column keeps the spec's name. */
    mobileMoneyReference: text('djamo_reference'),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull(),
    locale: localeEnum('locale').notNull().default('fr'),
    /** The buyer asked for their guides on WhatsApp too, at the phone number above. */
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    /**
     * The origin (https://host) the order was placed through, when its host is allowed; emails
     * link back to it when PUBLIC_URL is unset.
     */
    origin: text('origin'),
    total: numeric('total', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    /**
     * Automatic mobile money (CinetPay): the transaction id we sent at initialisation (unique, so
     * one provider payment can only ever complete one order), the hosted page, the provider's last
     * known status (ACCEPTED, REFUSED, PENDING…), when the attempt began and was last checked.
     */
    providerTransactionId: text('provider_transaction_id'),
    providerPaymentUrl: text('provider_payment_url'),
    providerStatus: text('provider_status'),
    providerStartedAt: timestamp('provider_started_at', { withTimezone: true }),
    providerCheckedAt: timestamp('provider_checked_at', { withTimezone: true }),
    /** Set when an automatic payment needs the operator (never confirmed within 24 h, wrong amount…). */
    providerAttentionAt: timestamp('provider_attention_at', { withTimezone: true }),
    providerAttentionReason: text('provider_attention_reason'),
    verifiedBy: text('verified_by'),
    /** Paid through the test-mode card gateway: no real money, kept out of the dashboard's revenue. */
    testMode: boolean('test_mode').notNull().default(false),
    /**
     * sha256 (hex) of the claim key the browser sent with a free or mobile-money order: a repeat of the
     * order shows it to that browser only.
     */
    claimKeyHash: text('claim_key_hash'),
    /**
     * Discount code applied, as typed by the operator when created; the cart before the
     * discount is total + discountAmount. The code's use is in discount_redemptions.
     */
    discountCode: text('discount_code'),
    discountAmount: numeric('discount_amount', { precision: 10, scale: 2 }).notNull().default('0.00'),
    /** Sum of the order's succeeded refunds (refunds table); a full refund also revokes access. */
    refundedAmount: numeric('refunded_amount', { precision: 10, scale: 2 }).notNull().default('0.00'),
    /** Set while the operator has revoked the buyer's downloads; cleared when restored. */
    accessRevokedAt: timestamp('access_revoked_at', { withTimezone: true }),
    /**
     * The tax the order was placed with (docs/features/taxes.md): the amount inside or on top of the
     * total, the rate in basis points (1800 = 18 %) and its label, the buyer's country, whether prices
     * included tax, and the evidence the country was decided from.
     */
    taxAmount: numeric('tax_amount', { precision: 10, scale: 2 }).notNull().default('0.00'),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    taxLabel: text('tax_label'),
    taxCountry: text('tax_country'),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(true),
    taxEvidence: jsonb('tax_evidence').$type<TaxEvidence>(),
    /** For the invoice, given at checkout or later from the order page (docs/features/invoices.md). */
    buyerBusinessName: text('buyer_business_name'),
    buyerTaxId: text('buyer_tax_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_payment_intent_uq').on(t.paymentIntentId),
    uniqueIndex('orders_djamo_reference_uq').on(t.mobileMoneyReference),
    uniqueIndex('orders_provider_transaction_uq').on(t.providerTransactionId),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_email_idx').on(t.email),
    // Per-email daily limits and the operator's search compare emails case-insensitively.
    index('orders_email_lower_created_idx').on(sql`lower(${t.email})`, t.createdAt),
    // The Orders tab: newest first with a keyset cursor, filters, and the search box.
    index('orders_created_id_idx').on(t.createdAt, t.id),
    index('orders_method_created_idx').on(t.paymentMethod, t.createdAt),
    index('orders_locale_created_idx').on(t.locale, t.createdAt),
    index('orders_name_trgm_idx').using('gin', sql`${nameText(t.firstName, t.lastName)} gin_trgm_ops`),
    index('orders_email_trgm_idx').using('gin', sql`lower(${t.email}) gin_trgm_ops`),
    // A phone number is found by its last digits: a prefix of the reversed digits.
    index('orders_phone_digits_reversed_idx').on(sql`${reversedDigits(t.phoneNumber)} text_pattern_ops`),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
  ],
);

export const orderSearchText = {
  name: nameText(orders.firstName, orders.lastName),
  reversedPhoneDigits: reversedDigits(orders.phoneNumber),
};

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => travelGuides.id),
    quantity: integer('quantity').notNull(),
    /** Price per unit at the time of the order, from the database, never from the client. */
    unitPrice: numeric('unit_price', { precision: 10, scale: 2 }).notNull(),
    title: text('title').notNull(),
    /** The edition bought: the guide's latest when the order was placed. */
    editionId: uuid('edition_id').references(() => guideEditions.id),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The Orders tab's guide filter probes (guide, order) from its index alone.
    index('order_items_guide_order_idx').on(t.guideId, t.orderId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A buyer's stamped copy of one source PDF (a guide's file, an edition's, or a light copy), made
 * when first needed and kept: one row per order item and source, whoever stamps first wins.
 */
export const stampedCopies = pgTable(
  'stamped_copies',
  {
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    sourceFileId: uuid('source_file_id')
      .notNull()
      .references(() => storedFiles.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.sourceFileId] }),
    // A link to one edition's copy names the copy itself (downloads: the 'copy' grant).
    uniqueIndex('stamped_copies_file_uq').on(t.fileId),
  ],
);

export const paymentProofs = pgTable(
  'payment_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_proofs_order_idx').on(t.orderId, t.createdAt)],
);

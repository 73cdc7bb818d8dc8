import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { localeEnum } from './catalogue';
import { orders } from './orders';

/**
 * The operator's order desk: an order's timeline, its refunds, discount codes and their
 * uses, and the record of every change the operator makes.
 */

/**
 * Everything that happened to an order that no other table already records: payment decisions,
 * downloads, refunds, access changes, email changes, resends, notes. Emails come from email_log
 * and payment proofs from payment_proofs; the timeline merges the three.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** created, paid, rejected, expired, download, refund, access_revoked, access_restored, email_changed, resend, note */
    kind: text('kind').notNull(),
    /** 'system', 'buyer', 'stripe', 'cinetpay', or the admin actor id (admin-actor.ts); never a key. */
    actor: text('actor').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

/**
 * One row per refund. A card refund carries Stripe's refund id (unique, so the API's answer and the
 * charge.refunded webhook record it once); `requestKey` is the operator's idempotency key, unique, so
 * a retried request or a second click makes no second refund.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EUR'),
    /** 'stripe' for a card refund made through the API, 'manual' for one the operator made by hand. */
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id'),
    status: refundStatusEnum('status').notNull().default('pending'),
    note: text('note'),
    requestKey: text('request_key'),
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId),
    uniqueIndex('refunds_provider_refund_uq').on(t.providerRefundId),
    uniqueIndex('refunds_request_key_uq').on(t.requestKey),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const discountKindEnum = pgEnum('discount_kind', ['percent', 'fixed']);

/** A discount code; `code` is matched case-insensitively (unique on its upper case). */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    kind: discountKindEnum('kind').notNull(),
    /** percent: 1–100; fixed: euros off the cart. */
    value: numeric('value', { precision: 10, scale: 2 }).notNull(),
    minimumCart: numeric('minimum_cart', { precision: 10, scale: 2 }),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerEmail: integer('max_uses_per_email'),
    /** When set, the code applies only to these guides / guides of these countries / this language. */
    guideIds: uuid('guide_ids').array(),
    countries: text('countries').array(),
    locale: localeEnum('locale'),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Deleted codes stay (orders point at them) but can no longer be used or listed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_uq').on(sql`upper(${t.code})`).where(sql`deleted_at is null`),
    check('discount_codes_value_positive', sql`${t.value} > 0`),
  ],
);

export const redemptionStatusEnum = pgEnum('redemption_status', ['held', 'used', 'released']);

/**
 * One use of a code by one order: 'held' while a mobile-money order waits for its money, or while a
 * card payment is in flight (no order yet, keyed by its PaymentIntent), counting until `heldUntil`
 * (DISCOUNT_HOLD_MINUTES; none once a payment proof arrived, until the operator decides); 'used'
 * once the order completes, 'released' when it is rejected or expires. Limits count live held +
 * used, under a lock on the code's row.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id),
    /** Null while a card payment is in flight: its use is held by `paymentIntentId` until paid. */
    orderId: uuid('order_id')
      .references(() => orders.id, { onDelete: 'cascade' })
      .unique(),
    /** The card payment that holds (then used) this use; one use per PaymentIntent. */
    paymentIntentId: text('payment_intent_id').unique(),
    email: text('email').notNull(),
    status: redemptionStatusEnum('status').notNull().default('held'),
    /** A hold counts against the limits only until then: an abandoned order or intent frees its use. */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** The client address that took the use: one address holds at most one use of a code at a time. */
    clientAddress: text('client_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('discount_redemptions_code_idx').on(t.codeId, t.status),
    index('discount_redemptions_email_idx').on(t.codeId, t.email),
    index('discount_redemptions_address_idx').on(t.codeId, t.clientAddress),
  ],
);

/**
 * Every change the operator makes: when, which admin key (its actor id, never
 * the key), what, and the values before and after. Written in the change's own transaction; never
 * updated or deleted by the application.
 */
export const adminActivity = pgTable(
  'admin_activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actor: text('actor').notNull(),
    /** e.g. guide.update, content.publish, media.delete, order.refund, discount.create, order.revoke */
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_activity_created_idx').on(t.createdAt),
    index('admin_activity_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('admin_activity_action_idx').on(t.action, t.createdAt),
  ],
);

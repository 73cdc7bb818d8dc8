import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { localeEnum } from './catalogue';
import { orders } from './orders';

/** queued until the Cloud API accepts it, then what its status webhooks say; failed is final. */
export const whatsappStatusEnum = pgEnum('whatsapp_status', [
  'queued',
  'sent',
  'delivered',
  'read',
  'failed',
]);

/**
 * One row per WhatsApp message the shop sends: the order's paid or mobile-money
 * template, its wamid once accepted, and when each status came back (each first arrival only, so
 * a repeated or late webhook changes nothing). The Messages tab and the order's timeline read it.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** order-paid, mobile-money-placed */
    kind: text('kind').notNull(),
    /** E.164 digits without the + */
    toNumber: text('to_number').notNull(),
    template: text('template').notNull(),
    locale: localeEnum('locale').notNull(),
    status: whatsappStatusEnum('status').notNull().default('queued'),
    /** Meta's message id, known once the API accepted the message. */
    wamid: text('wamid').unique(),
    attempts: integer('attempts').notNull().default(0),
    /** The Cloud API's error code of the last refusal or failed status (131026, 190…). */
    errorCode: integer('error_code'),
    lastError: text('last_error'),
    /** One logical message, one row: kind:orderId. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapp_messages_created_idx').on(t.createdAt),
    index('whatsapp_messages_order_idx').on(t.orderId),
    // The per-number daily limit (modules/whatsapp/number-allowance.ts).
    index('whatsapp_messages_to_created_idx').on(t.toNumber, t.createdAt),
  ],
);

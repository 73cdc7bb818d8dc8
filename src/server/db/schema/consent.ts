import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { localeEnum } from './catalogue';
import { orders } from './orders';

/**
 * Each marketing consent given or withdrawn, one row per event and never updated: the latest row
 * for a channel and an address is the person's current choice (docs/features/consent.md).
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'email' or 'whatsapp'. */
    channel: text('channel').notNull(),
    /** 'given' or 'withdrawn'. */
    action: text('action').notNull(),
    /** Trimmed and lower-cased; the address the email channel concerns, and who ticked the box. */
    email: text('email').notNull(),
    /** The mobile number as given at checkout; set for the WhatsApp channel. */
    phone: text('phone'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The words the buyer saw beside the box, exactly, and their language. */
    wording: text('wording'),
    locale: localeEnum('locale').notNull(),
    /** 'checkout', 'unsubscribe_link' or 'whatsapp_stop'. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('marketing_consents_channel', sql`${t.channel} in ('email', 'whatsapp')`),
    check('marketing_consents_action', sql`${t.action} in ('given', 'withdrawn')`),
    check('marketing_consents_phone', sql`${t.channel} <> 'whatsapp' or ${t.phone} is not null`),
    index('marketing_consents_email_idx').on(t.email, t.channel, t.createdAt),
    index('marketing_consents_phone_idx').on(t.phone, t.channel, t.createdAt),
  ],
);

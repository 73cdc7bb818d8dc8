import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders';

export const emailStatusEnum = pgEnum('email_status', ['queued', 'sent', 'failed']);

/** One row per email the shop sends; the admin's Emails tab reads it. */
export const emailLog = pgTable(
  'email_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** delivery, receipt-received, rejection, operator-receipt-notice, operator-payment-attention, resend-links */
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    status: emailStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    resentCount: integer('resent_count').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    /**
     * One logical email, one row: a retried job finds the row it already sent (delivery:{orderId},
     * resend-links:{requestId}) and sends nothing. Null for kinds that do not need it.
     */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_log_created_idx').on(t.createdAt), index('email_log_order_idx').on(t.orderId)],
);

export const jobStatusEnum = pgEnum('job_status', ['pending', 'running', 'done', 'failed']);

/**
 * The outbox: work that must survive a crash (sending mail, stamping PDFs) is written here in the
 * same transaction as the change that causes it, then claimed by workers with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** Makes enqueueing idempotent: the same logical job is only ever queued once. */
    dedupeKey: text('dedupe_key'),
    status: jobStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    /** The lease: a running job whose lease has passed belonged to a crashed worker and is claimed again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Token of the claim holding the lease; a worker only finishes or extends the job it still holds. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('jobs_dedupe_uq').on(t.dedupeKey), index('jobs_claim_idx').on(t.status, t.runAfter)],
);

/**
 * Small pieces of shared state every instance must agree on (e.g. the download-link signing
 * secret), created once on first use.
 */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

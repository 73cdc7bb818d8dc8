import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Hashes of generated admin keys; the key itself is shown once and never stored. */
export const adminKeys = pgTable(
  'admin_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyHash: text('key_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  // At most one active key: two processes starting on an empty table cannot both generate one.
  () => [uniqueIndex('admin_keys_one_active_uq').on(sql`(true)`).where(sql`revoked_at is null`)],
);

/** Failed admin-key attempts per client address in a fixed 15-minute window, shared by every instance. */
export const adminAuthFailures = pgTable('admin_auth_failures', {
  ip: text('ip').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

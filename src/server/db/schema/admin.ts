import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Hashes of generated admin keys; the key itself is shown once and never stored. */
export const adminKeys = pgTable('admin_keys', {
  id: uuid('id').primaryKey().defaultRandom(),
  keyHash: text('key_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

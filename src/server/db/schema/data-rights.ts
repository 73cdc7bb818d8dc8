import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * People the operator erased (docs/features/data-rights.md): only a one-way hash of the normalised
 * email or phone number, so the shop can refuse to message or list them without keeping who they were.
 */
export const erasedPeople = pgTable('erased_people', {
  /** sha256 hex of `email:<lower-cased email>` or `phone:<digits>`. */
  hash: text('hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});

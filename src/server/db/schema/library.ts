import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { localeEnum } from './catalogue';

/**
 * "My guides": each sign-in asked for. The row is written by the request whatever the
 * email (so the answer is the same for a buyer and a stranger, and the per-email limit counts it);
 * the outbox job mints the link only for an email with guides, storing the sha256 of its ≥256-bit
 * token, never the token.
 */
export const librarySignIns = pgTable(
  'library_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Trimmed and lower-cased: the library matches orders' emails without regard to case. */
    email: text('email').notNull(),
    /** The language the buyer asked in: the email and the link's page are in it. */
    locale: localeEnum('locale').notNull(),
    /** The allowed origin the request came through, for the link when PUBLIC_URL is unset. */
    origin: text('origin'),
    tokenHash: text('token_hash').unique(),
    /** Set when the link is minted: 15 minutes from then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Single use: set by the one redemption that wins. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('library_sign_ins_email_created_idx').on(t.email, t.createdAt)],
);

/** A signed-in browser: the cookie holds the token, this row its sha256; 30 days, revocable. */
export const librarySessions = pgTable(
  'library_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('library_sessions_email_idx').on(t.email)],
);

import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every object in the file store has a row here. Routes serve files by looking up this row,
 * never by trusting a path from the request.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Key inside the file store (local folder or bucket); generated, never user-supplied. */
    storageKey: text('storage_key').notNull().unique(),
    /** What the file is for: cover, cover-variant, pdf, preview, stamped-pdf, receipt, media. */
    purpose: text('purpose').notNull(),
    /** Public name for images served under /api/images/{name}; null for private files. */
    publicName: text('public_name').unique(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** A PDF's light copy (images downsampled), kept only when it is markedly smaller. */
    lightFileId: uuid('light_file_id').references((): AnyPgColumn => storedFiles.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_purpose_idx').on(t.purpose)],
);

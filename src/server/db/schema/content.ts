import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { localeEnum } from './catalogue';
import { storedFiles } from './files';

export const contentTypeEnum = pgEnum('content_type', ['plain', 'html', 'markdown']);

/** The current value of each bilingual content block (page bodies, hero texts, announcement). */
export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    locale: localeEnum('locale').notNull(),
    type: contentTypeEnum('type').notNull().default('plain'),
    value: text('value').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: text('updated_by').notNull().default('system'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_blocks_key_locale_uq').on(t.key, t.locale)],
);

/** Every saved value, so that nothing is ever lost and any version can be restored. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    locale: localeEnum('locale').notNull(),
    version: integer('version').notNull(),
    type: contentTypeEnum('type').notNull(),
    value: text('value').notNull(),
    updatedBy: text('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_versions_key_locale_version_uq').on(t.key, t.locale, t.version),
    index('content_versions_key_locale_idx').on(t.key, t.locale),
  ],
);

export const media = pgTable('media', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileId: uuid('file_id')
    .notNull()
    .references(() => storedFiles.id),
  fileName: text('file_name').notNull(),
  alt: text('alt').notNull().default(''),
  fileSize: integer('file_size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

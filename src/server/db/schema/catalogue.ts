import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { storedFiles } from './files';

export const localeEnum = pgEnum('locale', ['fr', 'en']);

export const travelGuides = pgTable(
  'travel_guides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0.00'),
    locale: localeEnum('locale').notNull().default('fr'),
    isActive: boolean('is_active').notNull().default(true),
    /** Guides about the same destination in the other language share a translation group. */
    translationGroup: uuid('translation_group'),
    coverFileId: uuid('cover_file_id').references(() => storedFiles.id),
    pdfPrimaryFileId: uuid('pdf_primary_file_id').references(() => storedFiles.id),
    pdfSecondaryFileId: uuid('pdf_secondary_file_id').references(() => storedFiles.id),
    previewFileId: uuid('preview_file_id').references(() => storedFiles.id),
    pageCount: integer('page_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('travel_guides_locale_active_idx').on(t.locale, t.isActive, t.createdAt),
    check('travel_guides_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { travelGuides } from './catalogue';
import { storedFiles } from './files';

/**
 * Every edition a guide ever had, kept with its files so a buyer can still download the
 * one they bought. The guide's own pdf_primary/secondary_file_id stay the latest edition's files.
 */
export const guideEditions = pgTable(
  'guide_editions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => travelGuides.id, { onDelete: 'cascade' }),
    /** 1, 2, …: the order editions were published in, unique per guide. */
    number: integer('number').notNull(),
    /** "Édition 2027" / "2027 edition". */
    labelFr: text('label_fr').notNull(),
    labelEn: text('label_en').notNull(),
    pdfPrimaryFileId: uuid('pdf_primary_file_id')
      .notNull()
      .references(() => storedFiles.id),
    pdfSecondaryFileId: uuid('pdf_secondary_file_id').references(() => storedFiles.id),
    pageCount: integer('page_count'),
    changesFr: text('changes_fr').notNull().default(''),
    changesEn: text('changes_en').notNull().default(''),
    /** Past buyers were told; `notifyTotal` is how many addresses the email goes to. */
    notifyBuyers: boolean('notify_buyers').notNull().default(false),
    notifyTotal: integer('notify_total'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('guide_editions_guide_number_uq').on(t.guideId, t.number),
    check('guide_editions_number_positive', sql`${t.number} > 0`),
  ],
);

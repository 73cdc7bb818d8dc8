import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale';
import type { FileStore } from '../../adapters/storage/file-store';
import { makeCoverWebp, renderTocPreview } from '../../modules/catalogue/guide-assets';
import { recordFirstEdition } from '../../modules/editions/edition-rows';
import { storeFile } from '../../modules/files/files.service';
import { queueLightCopies } from '../../modules/light/light-copies.service';
import type { Db } from '../client';
import { contentBlocks, contentVersions, travelGuides } from '../schema';
import { contentRows } from './content';
import { COVER_WIDTH, coverSvg } from './cover-art';
import { buildCompanionPdf, buildGuidePdf } from './guide-pdf';
import { DEMO_GUIDES } from './guides';
import { appendPhotoPages } from './photo-pages';
import type { GuideEdition, GuideSeed } from './seed-types';

export interface SeedDeps {
  db: Db;
  files: FileStore;
}

export interface SeedResult {
  seeded: boolean;
  guides: number;
  files: number;
  contentBlocks: number;
}

/** Two processes starting on one empty PostgreSQL must not both seed. */
const SEED_LOCK_ID = 727_202_612;
const DAY_MS = 86_400_000;

const NOTHING_SEEDED: SeedResult = { seeded: false, guides: 0, files: 0, contentBlocks: 0 };

interface PreparedEdition {
  seed: GuideSeed;
  locale: Locale;
  edition: GuideEdition;
  translationGroup: string | null;
  cover: Buffer;
  pdf: Buffer;
  pageCount: number;
  preview: Buffer;
  companion?: Buffer;
}

export async function catalogueIsEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: travelGuides.id }).from(travelGuides).limit(1);
  return row === undefined;
}

/** All covers, PDFs and previews, built in memory before any row or file is written. */
async function prepareEditions(): Promise<PreparedEdition[]> {
  const editions = DEMO_GUIDES.flatMap((seed) => {
    const locales = (['fr', 'en'] as const).filter((locale) => seed.editions[locale] !== undefined);
    const translationGroup = locales.length > 1 ? randomUUID() : null;
    return locales.map((locale) => ({ seed, locale, edition: seed.editions[locale]!, translationGroup }));
  });

  // sharp works on its own threads: let the covers render (two at a time, see image-work.ts) while this thread lays out PDFs.
  const variants = new Map<string, number>();
  const covers = Promise.all(
    editions.map(({ seed, locale, edition }) => {
      const variant = variants.get(seed.theme) ?? 0;
      variants.set(seed.theme, variant + 1);
      const svg = coverSvg(
        seed.theme,
        {
          title: edition.title,
          countryLabel: edition.countryLabel,
          edition: locale === 'fr' ? 'Guide pratique · Édition 2026' : 'Practical guide · 2026 edition',
          languageBadge: locale.toUpperCase(),
        },
        variant,
      );
      return makeCoverWebp(Buffer.from(svg), COVER_WIDTH, { whenBusy: 'wait' });
    }),
  );
  // Keep a failed PDF build from leaving this promise rejected and unobserved.
  covers.catch(() => {});

  const prepared: Omit<PreparedEdition, 'cover'>[] = [];
  for (const { seed, locale, edition, translationGroup } of editions) {
    const built = await buildGuidePdf({
      locale,
      theme: seed.theme,
      title: edition.title,
      countryLabel: edition.countryLabel,
      description: edition.description,
      chapters: edition.chapters,
    });
    const bytes = edition.photos
      ? await appendPhotoPages(built.bytes, {
          captions: edition.photos,
          // A 6 MP camera's frame: the full edition weighs what a guide with photos does.
          width: 3000,
          link: 'https://guides-afrique.com/',
        })
      : built.bytes;
    const pageCount = built.pageCount + (edition.photos?.length ?? 0);
    const preview = await renderTocPreview(bytes, { width: 600 });
    const companion = edition.companion
      ? await buildCompanionPdf(edition.companion, seed.theme, locale)
      : undefined;
    prepared.push({ seed, locale, edition, translationGroup, pdf: bytes, pageCount, preview, companion });
  }
  const coverImages = await covers;
  return prepared.map((p, i) => ({ ...p, cover: coverImages[i]! }));
}

/** The same store, remembering every key written so a failed seed can remove its files. */
function recordingWrites(store: FileStore, keys: string[]): FileStore {
  return {
    put: (key, data) => {
      keys.push(key);
      return store.put(key, data);
    },
    stream: (key, range) => store.stream(key, range),
    read: (key) => store.read(key),
    stat: (key) => store.stat(key),
    exists: (key) => store.exists(key),
    delete: (key) => store.delete(key),
    check: () => store.check(),
  };
}

/**
 * Fills an empty shop with a demo catalogue (covers, real PDFs, TOC previews) and the bilingual
 * site content. Does nothing once any guide exists. Rows are written in one transaction; if it
 * fails, the files written so far are deleted, so the next start retries from a clean state.
 */
export async function seedDemoData(deps: SeedDeps): Promise<SeedResult> {
  if (!(await catalogueIsEmpty(deps.db))) return NOTHING_SEEDED;

  const prepared = await prepareEditions();
  const writtenKeys: string[] = [];
  const files = recordingWrites(deps.files, writtenKeys);

  try {
    const result = await deps.db.transaction(async (tx): Promise<SeedResult> => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      if (!(await catalogueIsEmpty(tx))) return NOTHING_SEEDED;

      const fileDeps = { db: tx, files };
      const now = Date.now();
      const guideRows: (typeof travelGuides.$inferInsert)[] = [];
      for (const p of prepared) {
        const { slug } = p.edition;
        const cover = await storeFile(fileDeps, {
          purpose: 'cover',
          data: p.cover,
          contentType: 'image/webp',
          originalName: `cover-${slug}.webp`,
          publicName: `cover-${slug}.webp`,
        });
        const pdf = await storeFile(fileDeps, {
          purpose: 'pdf',
          data: p.pdf,
          contentType: 'application/pdf',
          originalName: `guide-${slug}.pdf`,
        });
        const preview = await storeFile(fileDeps, {
          purpose: 'preview',
          data: p.preview,
          contentType: 'image/webp',
          originalName: `preview-${slug}.webp`,
        });
        const companion =
          p.companion && p.edition.companion
            ? await storeFile(fileDeps, {
                purpose: 'pdf',
                data: p.companion,
                contentType: 'application/pdf',
                originalName: p.edition.companion.fileName,
              })
            : undefined;
        // A few minutes apart as well, so no two guides share a timestamp when sorted.
        const createdAt = new Date(now - p.edition.daysAgo * DAY_MS - guideRows.length * 7 * 60_000);
        guideRows.push({
          slug,
          title: p.edition.title,
          description: p.edition.description,
          price: p.seed.price,
          rating: p.edition.rating,
          reviewCount: p.edition.reviewCount,
          locale: p.locale,
          isActive: p.seed.isActive,
          translationGroup: p.translationGroup,
          coverFileId: cover.id,
          pdfPrimaryFileId: pdf.id,
          pdfSecondaryFileId: companion?.id ?? null,
          previewFileId: preview.id,
          pageCount: p.pageCount,
          createdAt,
          updatedAt: createdAt,
        });
      }
      const guides = await tx.insert(travelGuides).values(guideRows).returning();
      // Each guide starts at edition 1 (issue 19), published when the guide was.
      for (const guide of guides) await recordFirstEdition(tx, guide, guide.createdAt);
      // Light editions (issue 20) are made by the job worker, after the seed, like an upload's.
      await queueLightCopies(
        tx,
        guideRows.flatMap((row) => [row.pdfPrimaryFileId, row.pdfSecondaryFileId]),
      );

      // Blocks an operator already wrote are kept; only missing ones get the demo text.
      const updatedAt = new Date(now);
      const inserted = await tx
        .insert(contentBlocks)
        .values(contentRows().map((row) => ({ ...row, version: 1, updatedBy: 'seed', updatedAt })))
        .onConflictDoNothing()
        .returning({
          key: contentBlocks.key,
          locale: contentBlocks.locale,
          type: contentBlocks.type,
          value: contentBlocks.value,
        });
      if (inserted.length > 0) {
        await tx
          .insert(contentVersions)
          .values(inserted.map((row) => ({ ...row, version: 1, updatedBy: 'seed', createdAt: updatedAt })))
          .onConflictDoNothing();
      }

      return {
        seeded: true,
        guides: guideRows.length,
        files: writtenKeys.length,
        contentBlocks: inserted.length,
      };
    });
    return result;
  } catch (error) {
    await Promise.all(writtenKeys.map((key) => deps.files.delete(key).catch(() => {})));
    throw error;
  }
}

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FileStore } from '../../adapters/storage/file-store';
import { recordFirstEdition } from '../../modules/editions/edition-rows';
import { storeFile } from '../../modules/files/files.service';
import { recordLightCopy } from '../../modules/light/light-copies.service';
import type { Db } from '../client';
import { contentBlocks, contentVersions, travelGuides } from '../schema';
import { catalogueIsEmpty } from './catalogue-empty';
import { contentRows } from './content';
import {
  buildDemoAssets,
  type DemoAssets,
  type DemoEdition,
  demoEditions,
  readDemoAssets,
} from './demo-assets';
import type { GuideSeed } from './seed-types';

export { catalogueIsEmpty };

export interface SeedDeps {
  db: Db;
  files: FileStore;
  /** The demo files made by the build (`dist/server/demo-assets`); built in memory when absent. */
  assetsDir?: string;
}

export interface SeedResult {
  seeded: boolean;
  guides: number;
  files: number;
  contentBlocks: number;
  /** The demo files came from the build's folder rather than being made in memory. */
  prebuilt?: boolean;
}

/** Two processes starting on one empty PostgreSQL must not both seed. */
const SEED_LOCK_ID = 727_202_612;
const DAY_MS = 86_400_000;

const NOTHING_SEEDED: SeedResult = { seeded: false, guides: 0, files: 0, contentBlocks: 0 };

interface PreparedEdition extends DemoEdition, DemoAssets {
  translationGroup: string | null;
}

/**
 * All covers, PDFs, previews and light copies: read from the build's folder when there is one (see
 * demo-assets.ts), otherwise built in memory, before any row or file is written.
 */
async function prepareEditions(
  assetsDir: string | undefined,
): Promise<{ prepared: PreparedEdition[]; prebuilt: boolean }> {
  const editions = demoEditions();
  const read = assetsDir ? await readDemoAssets(assetsDir, editions) : undefined;
  const assets = read ?? (await buildDemoAssets(editions));
  const groups = new Map<GuideSeed, string | null>();
  const prepared = editions.map((e, i) => {
    if (!groups.has(e.seed))
      groups.set(e.seed, e.seed.editions.fr && e.seed.editions.en ? randomUUID() : null);
    return { ...e, ...assets[i]!, translationGroup: groups.get(e.seed)! };
  });
  return { prepared, prebuilt: read !== undefined };
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

  const { prepared, prebuilt } = await prepareEditions(deps.assetsDir);
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
        // The light edition the job would make from this PDF, made already; a text-only PDF has none.
        if (p.light) await recordLightCopy(fileDeps, pdf, p.light);
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
      // Each guide starts at edition 1, published when the guide was.
      for (const guide of guides) await recordFirstEdition(tx, guide, guide.createdAt);

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
        prebuilt,
      };
    });
    return result;
  } catch (error) {
    await Promise.all(writtenKeys.map((key) => deps.files.delete(key).catch(() => {})));
    throw error;
  }
}

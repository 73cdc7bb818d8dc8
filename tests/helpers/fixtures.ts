import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import type { Db } from '../../src/server/db/client';
import { contentBlocks, contentVersions, travelGuides } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/modules/files/files.service';

interface Deps {
  db: Db;
  files: FileStore;
}

/** A small real WebP, so image routes serve true image bytes. */
export async function makeCover(color = '#0f766e'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 64, channels: 3, background: color } })
    .webp()
    .toBuffer();
}

export async function insertGuide(
  deps: Deps,
  overrides: Partial<typeof travelGuides.$inferInsert> & { withCover?: boolean } = {},
) {
  const { withCover = true, ...values } = overrides;
  const slug = values.slug ?? `guide-${randomUUID().slice(0, 8)}`;
  const cover = withCover
    ? await storeFile(deps, {
        purpose: 'cover',
        data: await makeCover(),
        contentType: 'image/webp',
        originalName: `${slug}.webp`,
        publicName: `cover-${slug}.webp`,
      })
    : undefined;
  const [guide] = await deps.db
    .insert(travelGuides)
    .values({
      slug,
      title: 'Guide du Sénégal',
      description: 'Dakar, Saint-Louis et la Casamance.',
      price: '9.00',
      locale: 'fr',
      coverFileId: cover?.id,
      ...values,
    })
    .returning();
  return guide!;
}

export async function insertContent(
  db: Db,
  block: { key: string; locale: 'fr' | 'en'; value: string; type?: 'plain' | 'html' | 'markdown' },
) {
  const type = block.type ?? 'plain';
  await db.insert(contentBlocks).values({ ...block, type, updatedBy: 'test' });
  await db.insert(contentVersions).values({ ...block, type, version: 1, updatedBy: 'test' });
}

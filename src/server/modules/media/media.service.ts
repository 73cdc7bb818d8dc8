import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, like, or } from 'drizzle-orm';
import type { MediaItem } from '../../../shared/contracts/endpoints/media.schemas';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { contentBlocks, media, storedFiles } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { recordActivity } from '../activity/activity';
import { type StoredFile, storeFile } from '../files/files.service';
import { cleanFileName, reencodeImage as reencodeUpload } from '../files/uploads';

interface Deps {
  db: Db;
  files: FileStore;
}

/** Recognised by their bytes, never by name or declared type. SVG is not here: it can carry script. */
const ACCEPTED_IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const MAX_WIDTH = 2000;

export const NOT_AN_IMAGE = 'Please select an image file';

const urlOf = (publicName: string) => `/api/images/${publicName}`;

export async function listMedia(db: Db): Promise<MediaItem[]> {
  const rows = await db
    .select({
      id: media.id,
      alt: media.alt,
      fileName: media.fileName,
      fileSize: media.fileSize,
      publicName: storedFiles.publicName,
    })
    .from(media)
    .innerJoin(storedFiles, eq(storedFiles.id, media.fileId))
    .orderBy(desc(media.createdAt), desc(media.id));
  // Blocks are few (one per text of the site): read once, each image's address looked for in them.
  const blocks = await db
    .select({ key: contentBlocks.key, locale: contentBlocks.locale, value: contentBlocks.value })
    .from(contentBlocks)
    .orderBy(asc(contentBlocks.key), asc(contentBlocks.locale));
  return rows.map((row) => {
    const url = urlOf(row.publicName ?? '');
    const stem = (row.publicName ?? '').replace(/\.[a-z0-9]+$/i, '');
    return {
      id: row.id,
      url,
      alt: row.alt,
      fileName: row.fileName,
      fileSize: row.fileSize,
      // The image itself or one of its resized copies (name-w640.webp) in the block's text.
      usedBy: stem
        ? blocks
            .filter((b) => b.value.includes(`/${stem}.`) || b.value.includes(`/${stem}-w`))
            .map((b) => `${b.key} (${b.locale})`)
        : [],
    };
  });
}

/**
 * Re-encodes an uploaded image to WebP (at most 2000 px wide, metadata dropped). Only the decoded
 * pixels survive, so anything appended to or hidden in the file is gone.
 */
export function reencodeImage(data: Buffer): Promise<Buffer> {
  return reencodeUpload(data, { accepted: ACCEPTED_IMAGE_TYPES, refusal: NOT_AN_IMAGE, maxWidth: MAX_WIDTH });
}

/** Stores the image and its media row together: if the row cannot be written, no file is left. */
export async function createMedia(
  deps: Deps,
  actor: string,
  input: { data: Buffer; fileName: string; alt: string },
): Promise<MediaItem> {
  const image = await reencodeImage(input.data);
  const fileName = cleanFileName(input.fileName, 'image');
  const alt = input.alt.trim().slice(0, 500);
  let stored: StoredFile | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      stored = await storeFile(
        { db: tx, files: deps.files },
        {
          purpose: 'media',
          data: image,
          contentType: 'image/webp',
          originalName: fileName,
          publicName: `media-${randomUUID()}.webp`,
        },
      );
      const [row] = await tx
        .insert(media)
        .values({ fileId: stored.id, fileName, alt, fileSize: image.length })
        .returning();
      await recordActivity(tx, {
        actor,
        action: 'media.upload',
        subjectType: 'media',
        subjectId: row!.id,
        after: { fileName, alt, fileSize: image.length, fileId: stored.id },
      });
      return {
        id: row!.id,
        url: urlOf(stored.publicName!),
        alt: row!.alt,
        fileName: row!.fileName,
        fileSize: row!.fileSize,
        // Just uploaded: no text shows it yet.
        usedBy: [],
      };
    });
  } catch (error) {
    // The transaction took the stored_files row back with it; the bytes go too.
    if (stored) await deps.files.delete(stored.storageKey).catch(() => {});
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Removes the media row, its file and the resized variants /api/images made of it. */
export async function deleteMedia(deps: Deps, actor: string, id: string): Promise<void> {
  if (!UUID.test(id)) throw notFound('Media not found');
  const removedKeys = await deps.db.transaction(async (tx) => {
    const [row] = await tx.delete(media).where(eq(media.id, id)).returning();
    if (!row) throw notFound('Media not found');
    await recordActivity(tx, {
      actor,
      action: 'media.delete',
      subjectType: 'media',
      subjectId: row.id,
      before: { fileName: row.fileName, alt: row.alt, fileSize: row.fileSize, fileId: row.fileId },
    });
    const [file] = await tx.select().from(storedFiles).where(eq(storedFiles.id, row.fileId)).limit(1);
    if (!file) return [];
    const variantPrefix = file.publicName
      ? `${file.publicName.replace(/\.[a-z0-9]+$/, '').replace(/[%_\\]/g, '\\$&')}-w%`
      : undefined;
    const files = await tx
      .select({ id: storedFiles.id, storageKey: storedFiles.storageKey })
      .from(storedFiles)
      .where(
        variantPrefix
          ? or(eq(storedFiles.id, file.id), like(storedFiles.publicName, variantPrefix))
          : eq(storedFiles.id, file.id),
      );
    await tx.delete(storedFiles).where(
      inArray(
        storedFiles.id,
        files.map((f) => f.id),
      ),
    );
    return files.map((f) => f.storageKey);
  });
  // Rows first: once they are gone the URL answers 404 even if a file delete below fails.
  await Promise.all(removedKeys.map((key) => deps.files.delete(key).catch(() => {})));
}

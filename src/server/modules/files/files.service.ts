import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db } from '../../db/client';
import { storedFiles } from '../../db/schema';

export type StoredFile = typeof storedFiles.$inferSelect;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpg',
};

export interface StoreFileInput {
  purpose: 'cover' | 'pdf' | 'light-pdf' | 'preview' | 'stamped-pdf' | 'receipt' | 'media';
  data: Buffer;
  contentType: keyof typeof EXTENSIONS | string;
  originalName: string;
  /** Set for images served publicly under /api/images/{publicName}. */
  publicName?: string;
}

/**
 * Writes the bytes to the store, then records them. If the row cannot be written the bytes are
 * removed again, so a failure never leaves an orphan file behind.
 */
export async function storeFile(
  deps: { db: Db; files: FileStore },
  input: StoreFileInput,
): Promise<StoredFile> {
  const id = randomUUID();
  const extension = EXTENSIONS[input.contentType] ?? 'bin';
  const storageKey = `${input.purpose}/${id}.${extension}`;
  await deps.files.put(storageKey, input.data);
  try {
    const [row] = await deps.db
      .insert(storedFiles)
      .values({
        id,
        storageKey,
        purpose: input.purpose,
        publicName: input.publicName,
        originalName: input.originalName,
        contentType: input.contentType,
        size: input.data.length,
        sha256: createHash('sha256').update(input.data).digest('hex'),
      })
      .returning();
    return row!;
  } catch (error) {
    await deps.files.delete(storageKey).catch(() => {});
    throw error;
  }
}

export async function findPublicFile(db: Db, publicName: string): Promise<StoredFile | undefined> {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.publicName, publicName)).limit(1);
  return row;
}

import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Db, DbOrTx } from '../../db/client';
import { storedFiles } from '../../db/schema';
import { type StoredFile, storeFile } from '../files/files.service';
import { enqueueJob } from '../jobs/jobs.service';
import { defineJob, type JobDefinition, jobKind } from '../jobs/registry';
import { PermanentJobError } from '../jobs/worker';
import { LightPdfError, makeLightPdf } from './light-pdf';

/**
 * A PDF's light edition, made off the request by a job queued with the upload (a guide's
 * PDF, a companion, an edition's, the demo catalogue's), and kept only when it saves at least
 * MIN_SAVING of the bytes: a guide of text alone stays as it is, and the shop offers no "light"
 * copy that is not. The copy is a stored file the source row points at (`light_file_id`).
 */

export const MIN_SAVING = 0.3;
export const LIGHT_PURPOSE = 'light-pdf';

export interface LightDeps {
  db: Db;
  files: FileStore;
}

export type LightOutcome =
  | { kept: true; file: StoredFile; ratio: number }
  | { kept: false; reason: 'not-a-pdf' | 'already-made' | 'too-little-saved'; ratio?: number };

const lightName = (name: string) =>
  /\.pdf$/i.test(name) ? name.replace(/\.pdf$/i, '-light.pdf') : `${name}-light.pdf`;

/**
 * Makes and records the light copy of one stored PDF. Idempotent: a PDF that has one is left alone,
 * and of two runs at once the first to record wins, the other's bytes are removed.
 */
export async function makeLightCopy(
  deps: LightDeps,
  pdfFileId: string,
  options: { timeoutMs?: number } = {},
): Promise<LightOutcome> {
  const [source] = await deps.db.select().from(storedFiles).where(eq(storedFiles.id, pdfFileId)).limit(1);
  if (source?.contentType !== 'application/pdf') return { kept: false, reason: 'not-a-pdf' };
  if (source.lightFileId) return { kept: false, reason: 'already-made' };
  const made = await makeLightPdf(await deps.files.read(source.storageKey), options);
  const light = Buffer.from(made.pdf.buffer, made.pdf.byteOffset, made.pdf.byteLength);
  return recordLightCopy(deps, source, light);
}

/**
 * Keeps `light` as the light copy of `source` when it saves at least MIN_SAVING of the bytes (the
 * job's rule, also used by the demo seed for its prebuilt copies): stored, and pointed at by the
 * source row unless another run recorded one first.
 */
export async function recordLightCopy(
  deps: LightDeps,
  source: Pick<StoredFile, 'id' | 'size' | 'originalName'>,
  light: Buffer,
): Promise<LightOutcome> {
  const ratio = light.length / source.size;
  if (ratio > 1 - MIN_SAVING) return { kept: false, reason: 'too-little-saved', ratio };
  const file = await storeFile(deps, {
    purpose: LIGHT_PURPOSE,
    data: light,
    contentType: 'application/pdf',
    originalName: lightName(source.originalName),
  });
  const recorded = await deps.db
    .update(storedFiles)
    .set({ lightFileId: file.id })
    .where(and(eq(storedFiles.id, source.id), isNull(storedFiles.lightFileId)))
    .returning({ id: storedFiles.id });
  if (recorded.length === 0) {
    await deps.db.delete(storedFiles).where(eq(storedFiles.id, file.id));
    await deps.files.delete(file.storageKey);
    return { kept: false, reason: 'already-made' };
  }
  return { kept: true, file, ratio };
}

export const makeLightCopyKind = jobKind('make-light-copy', z.object({ fileId: z.uuid() }));

/** Queues the light copy of each PDF given, in the caller's transaction (the upload's, the seed's). */
export async function queueLightCopies(
  tx: DbOrTx,
  fileIds: (string | null | undefined)[],
  options: { runAfter?: Date } = {},
): Promise<void> {
  for (const fileId of fileIds) {
    if (!fileId) continue;
    const dedupeKey = `make-light-copy:${fileId}`;
    await enqueueJob(tx, makeLightCopyKind.input({ fileId }, { dedupeKey, runAfter: options.runAfter }));
  }
}

export const lightJobs: JobDefinition<LightDeps>[] = [
  defineJob(makeLightCopyKind, async (deps: LightDeps, { fileId }) => {
    try {
      await makeLightCopy(deps, fileId);
    } catch (error) {
      // A PDF mupdf cannot read or that takes too long will not do better on a retry: the guide
      // simply has no light edition, and the full one is offered alone.
      if (error instanceof LightPdfError) throw new PermanentJobError(`No light copy: ${error.message}`);
      throw error;
    }
  }),
];

/** A PDF's bytes and its light copy's, when it has one: what the pages say a download costs. */
export interface PdfSizes {
  fullBytes: number;
  lightBytes: number | null;
}

/** Sizes of the given PDFs and of their light copies, by PDF id (the library and the guide page use it). */
export async function pdfSizes(db: Db, pdfFileIds: string[]): Promise<Map<string, PdfSizes>> {
  const ids = [...new Set(pdfFileIds)];
  const sizes = new Map<string, PdfSizes>();
  if (ids.length === 0) return sizes;
  const rows = await db
    .select({ id: storedFiles.id, size: storedFiles.size, lightFileId: storedFiles.lightFileId })
    .from(storedFiles)
    .where(inArray(storedFiles.id, ids));
  const lightIds = rows.map((row) => row.lightFileId).filter((id): id is string => id !== null);
  const lights = lightIds.length
    ? await db
        .select({ id: storedFiles.id, size: storedFiles.size })
        .from(storedFiles)
        .where(inArray(storedFiles.id, lightIds))
    : [];
  const lightSize = new Map(lights.map((row) => [row.id, row.size]));
  for (const row of rows) {
    sizes.set(row.id, {
      fullBytes: row.size,
      lightBytes: row.lightFileId ? (lightSize.get(row.lightFileId) ?? null) : null,
    });
  }
  return sizes;
}

/** The light copy of a stored PDF, if one was kept. */
export async function lightCopyOf(db: Db, pdfFileId: string): Promise<StoredFile | undefined> {
  const [source] = await db
    .select({ lightFileId: storedFiles.lightFileId })
    .from(storedFiles)
    .where(eq(storedFiles.id, pdfFileId))
    .limit(1);
  if (!source?.lightFileId) return undefined;
  const [light] = await db.select().from(storedFiles).where(eq(storedFiles.id, source.lightFileId)).limit(1);
  return light;
}

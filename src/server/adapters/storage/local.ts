import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertSafeKey,
  type ByteRange,
  FileNotFoundError,
  type FileStore,
  FileStoreUnwritableError,
  isUnwritableDiskError,
} from './file-store';

/** A .partial file older than this was left by a process killed mid-write (a write takes seconds). */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

const unwritable = (error: unknown): Error =>
  isUnwritableDiskError(error)
    ? new FileStoreUnwritableError(
        (error as NodeJS.ErrnoException).code === 'EROFS' ? 'the disk is read-only' : 'the disk is full',
        { cause: error },
      )
    : (error as Error);

/**
 * Files on local disk under one root folder. Writes land under a temporary name, are flushed to
 * disk, then renamed into place: a crash leaves the old file or the whole new one, and at worst a
 * .partial file that sweepPartials() removes at the next start. `minFreeBytes`: below this much
 * free space, check() fails (and /readyz with it).
 */
export function createLocalFileStore(root: string, options: { minFreeBytes?: number } = {}): FileStore {
  const resolve = (key: string): string => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  const stat = async (key: string) => {
    try {
      const s = await fs.stat(resolve(key));
      return s.isFile() ? { size: s.size } : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  return {
    async put(key, data) {
      const target = resolve(key);
      const temp = `${target}.${randomUUID()}.partial`;
      let sink: WriteStream | undefined;
      try {
        await fs.mkdir(path.dirname(target), { recursive: true });
        const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
        // flush: fsync before close, so the rename never publishes a file whose bytes are not on disk.
        sink = createWriteStream(temp, { flags: 'wx', flush: true });
        await pipeline(source, sink);
        await fs.rename(temp, target);
      } catch (error) {
        // A source that fails at once fails the pipeline while the file is still being opened: removed
        // before the open is done, it would be created after and left behind.
        if (sink && !sink.closed) await once(sink, 'close').catch(() => {});
        await fs.rm(temp, { force: true });
        throw unwritable(error);
      }
      const s = await fs.stat(target);
      return { size: s.size };
    },
    async stream(key, range?: ByteRange) {
      const file = resolve(key);
      if (!(await stat(key))) throw new FileNotFoundError(key);
      return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new FileNotFoundError(key);
        throw error;
      }
    },
    stat,
    async exists(key) {
      return (await stat(key)) !== undefined;
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    check: () => checkWritable(root, options.minFreeBytes ?? 0),
    sweepPartials: () => sweepStalePartials(root),
  };
}

/** The folder can be written, with at least `wanted` bytes free (FILES_MIN_FREE_MB). */
async function checkWritable(root: string, wanted: number): Promise<void> {
  try {
    await fs.mkdir(root, { recursive: true });
    await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
  } catch (error) {
    throw unwritable(error);
  }
  const space = await fs.statfs(root);
  const free = space.bavail * space.bsize;
  if (free < wanted) {
    throw new FileStoreUnwritableError(
      `only ${(free / 2 ** 20).toFixed(1)} MB free, below the ${(wanted / 2 ** 20).toFixed(0)} MB asked for (FILES_MIN_FREE_MB)`,
    );
  }
}

/** Removes the .partial files a crashed write left behind; a fresh one may still be in use. */
async function sweepStalePartials(root: string): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.partial')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const stats = await fs.stat(file).catch(() => undefined);
    // A fresh one may belong to another process writing into the same folder right now.
    if (!stats || Date.now() - stats.mtimeMs < STALE_PARTIAL_MS) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

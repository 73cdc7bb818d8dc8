import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type ByteRange, FileNotFoundError, type FileStore } from './file-store';

/** Files on local disk under one root folder. Writes land under a temporary name and are renamed into place. */
export function createLocalFileStore(root: string): FileStore {
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
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.partial`;
      try {
        const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
        await pipeline(source, createWriteStream(temp, { flags: 'wx' }));
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
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
    async check() {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}

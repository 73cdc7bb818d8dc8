import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { FileStore } from '../../adapters/storage/file-store';
import type { ZipEntry } from './downloads.service';

export interface ZipStream {
  stream: Readable;
  /** The exact size of the archive, known before any byte is read: entries are stored with known sizes. */
  size: Promise<number>;
}

/**
 * One ZIP of the given PDFs, streamed: each PDF is opened only when the archive reaches it and
 * piped through, never held whole in memory. PDFs are stored, not deflated (they are compressed
 * already), which is also what lets yazl announce the total size for Content-Length.
 */
export function streamZip(files: FileStore, entries: ZipEntry[], mtime: Date): ZipStream {
  const zip = new ZipFile();
  for (const { file, name } of entries) {
    zip.addReadStreamLazy(name, { compress: false, size: file.size, mtime }, (callback) => {
      files.stream(file.storageKey).then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, undefined as unknown as NodeJS.ReadableStream),
      );
    });
  }
  const size = new Promise<number>((resolve) => {
    // @types/yazl types this callback without its argument; yazl passes the computed size (or -1).
    const onSize = (total: number) => resolve(total);
    zip.end({ forceZip64Format: false, comment: '' }, onSize as unknown as () => void);
  });
  return { stream: zip.outputStream as Readable, size };
}

import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../../tests/helpers/s3';
import { FileNotFoundError, type FileStore } from './file-store';
import { createLocalFileStore } from './local';
import { createS3FileStore } from './s3';

let root: string;
let s3: FakeS3;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
  s3 = await startFakeS3();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3?.close();
});

/** A store on the fake bucket, as the shop opens one on an S3-compatible endpoint. */
const bucketStore = () =>
  createS3FileStore({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
  });

const stores: [string, () => FileStore][] = [
  ['local disk', () => createLocalFileStore(root)],
  ['S3-compatible bucket', () => bucketStore()],
];

describe.each(stores)('file store on %s', (_name, makeStore) => {
  test('stores, stats, streams whole and by byte range, reads, then deletes', async () => {
    const store = makeStore();
    await store.check();
    await store.put('pdf/abc.pdf', Buffer.from('0123456789'));
    expect(await store.stat('pdf/abc.pdf')).toEqual({ size: 10 });
    expect(await text(await store.stream('pdf/abc.pdf'))).toBe('0123456789');
    expect(await text(await store.stream('pdf/abc.pdf', { start: 2, end: 5 }))).toBe('2345');
    expect((await store.read('pdf/abc.pdf')).toString()).toBe('0123456789');
    await store.delete('pdf/abc.pdf');
    expect(await store.exists('pdf/abc.pdf')).toBe(false);
  });

  test('accepts a stream of unknown length', async () => {
    const store = makeStore();
    const chunks = Array.from({ length: 40 }, (_, i) => Buffer.alloc(64 * 1024, i));
    expect(await store.put('pdf/streamed.pdf', Readable.from(chunks))).toEqual({ size: 40 * 64 * 1024 });
    const back = await store.read('pdf/streamed.pdf');
    expect(back.equals(Buffer.concat(chunks))).toBe(true);
  });

  test.each(['../etc/passwd', 'pdf/../../x.pdf', '/abs/path.pdf', 'pdf/a b.pdf', 'pdf/%2e%2e.pdf', 'noext'])(
    'refuses the unsafe key %s',
    async (key) => {
      const store = makeStore();
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    },
  );

  test('a missing file is a FileNotFoundError', async () => {
    const store = makeStore();
    await expect(store.stream('pdf/missing.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.stat('pdf/missing.pdf')).toBeUndefined();
  });
});

test('on local disk, a failing stream leaves no partial file, even when it fails before the file is open', async () => {
  const store = createLocalFileStore(root);
  const failing = () =>
    new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
  // Twenty at once: the files' opens queue in libuv's pool, so most streams fail before theirs is done.
  const puts = await Promise.allSettled(
    Array.from({ length: 20 }, (_, i) => store.put(`receipt/broken-${i}.pdf`, failing())),
  );
  expect(puts.map((put) => put.status === 'rejected' && String(put.reason))).toEqual(
    Array(20).fill('Error: connection lost'),
  );
  expect(await readdir(path.join(root, 'receipt'))).toEqual([]);
});

test('on local disk, the start-up sweep removes .partial files a killed write left, not fresh ones or stored files', async () => {
  const sweepRoot = await mkdtemp(path.join(os.tmpdir(), 'store-sweep-'));
  try {
    const store = createLocalFileStore(sweepRoot);
    await store.put('receipt/kept.webp', Buffer.from('kept'));
    await mkdir(path.join(sweepRoot, 'stamped-pdf'), { recursive: true });
    const stale = path.join(sweepRoot, 'stamped-pdf', 'a.pdf.1b2c.partial');
    const fresh = path.join(sweepRoot, 'receipt', 'b.webp.3d4e.partial');
    await writeFile(stale, 'half a PDF');
    await writeFile(fresh, 'being written by another process');
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(stale, twoHoursAgo, twoHoursAgo);
    expect(await store.sweepPartials?.()).toBe(1);
    expect(await readdir(path.join(sweepRoot, 'stamped-pdf'))).toEqual([]);
    expect((await readdir(path.join(sweepRoot, 'receipt'))).sort()).toEqual([
      'b.webp.3d4e.partial',
      'kept.webp',
    ]);
  } finally {
    await rm(sweepRoot, { recursive: true, force: true });
  }
});

test('on local disk, check() fails naming the free space when it is below the threshold', async () => {
  const store = createLocalFileStore(root, { minFreeBytes: Number.MAX_SAFE_INTEGER });
  await expect(store.check()).rejects.toThrow(/MB free, below the/);
  await createLocalFileStore(root, { minFreeBytes: 1 }).check();
});

describe('S3 presigned downloads', () => {
  const store = bucketStore;

  test('a presigned URL serves the object as an attachment with its name, and a tampered one is refused', async () => {
    const bucket = store();
    await bucket.put('stamped/order-1.pdf', Buffer.from('%PDF-1.7 stamped'));
    await bucket.put('stamped/order-2.pdf', Buffer.from('%PDF-1.7 someone else'));
    const url = await bucket.presignedDownloadUrl?.('stamped/order-1.pdf', {
      expiresInSeconds: 900,
      contentDisposition: 'attachment; filename="dakar.pdf"',
      contentType: 'application/pdf',
    });
    expect(url).toMatch(/X-Amz-Expires=900/);
    const response = await fetch(url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="dakar.pdf"');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(await response.text()).toBe('%PDF-1.7 stamped');

    // SigV4 query signing: the answer's headers are part of the signed query. (s3rver does not
    // check query signatures, so tampering is refused by real S3 but cannot be shown here.)
    const signed = new URL(url as string).searchParams;
    expect(signed.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(signed.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(signed.get('response-content-disposition')).toBe('attachment; filename="dakar.pdf"');
  });

  test('an unreachable bucket fails the readiness check', async () => {
    const missing = createS3FileStore({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await expect(missing.check()).rejects.toThrow();
  });
});

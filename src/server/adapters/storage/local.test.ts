import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FileNotFoundError } from './file-store';
import { createLocalFileStore } from './local';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'store-test-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('local file store', () => {
  test('stores, stats, streams whole and by byte range, then deletes', async () => {
    const store = createLocalFileStore(root);
    await store.put('pdf/abc.pdf', Buffer.from('0123456789'));
    expect(await store.stat('pdf/abc.pdf')).toEqual({ size: 10 });
    expect(await text(await store.stream('pdf/abc.pdf'))).toBe('0123456789');
    expect(await text(await store.stream('pdf/abc.pdf', { start: 2, end: 5 }))).toBe('2345');
    await store.delete('pdf/abc.pdf');
    expect(await store.exists('pdf/abc.pdf')).toBe(false);
  });

  test('accepts a stream and leaves no partial file when the stream fails', async () => {
    const store = createLocalFileStore(root);
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection lost'));
      },
    });
    await expect(store.put('receipt/broken.pdf', failing)).rejects.toThrow('connection lost');
    expect(await readdir(path.join(root, 'receipt'))).toEqual([]);
  });

  test.each(['../etc/passwd', 'pdf/../../x.pdf', '/abs/path.pdf', 'pdf/a b.pdf', 'pdf/%2e%2e.pdf', 'noext'])(
    'refuses the unsafe key %s',
    async (key) => {
      const store = createLocalFileStore(root);
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
    },
  );

  test('a missing file is a FileNotFoundError', async () => {
    const store = createLocalFileStore(root);
    await expect(store.stream('pdf/missing.pdf')).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await store.stat('pdf/missing.pdf')).toBeUndefined();
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { DownloadRefused, downloadResumably, type PartStore } from './resumable-download';

/** The kept bytes in memory, as IndexedDB keeps them in the browser. */
function memoryStore(): PartStore & { parts: Map<string, Blob[]> } {
  const parts = new Map<string, Blob[]>();
  const etags = new Map<string, string | null>();
  const size = (key: string) => (parts.get(key) ?? []).reduce((sum, part) => sum + part.size, 0);
  return {
    parts,
    state: async (key) => ({ received: size(key), etag: etags.get(key) ?? null }),
    append: async (key, bytes, etag) => {
      parts.set(key, [...(parts.get(key) ?? []), bytes]);
      etags.set(key, etag);
    },
    restart: async (key, etag) => {
      parts.set(key, []);
      etags.set(key, etag);
    },
    assemble: async (key, type) => new Blob(parts.get(key) ?? [], { type }),
    clear: async (key) => {
      parts.delete(key);
      etags.delete(key);
    },
  };
}

interface Served {
  token: string;
  range: string | undefined;
  ifRange: string | undefined;
  status: number;
  bytes: number;
}

/** A file server speaking byte ranges like the shop's: ETag, If-Range, 206, 410 for expired tokens. */
let server: Server;
let base: string;
let file: Buffer;
let etag: string;
let served: Served[];
let expired: Set<string>;
/** Drop the connection after this many body bytes of the next answer. */
let cutAfter: number | null;
let answer: ((token: string) => { status: number; body?: string; location?: string } | null) | null;

beforeEach(async () => {
  file = randomBytes(300_000);
  etag = '"v1"';
  served = [];
  expired = new Set();
  cutAfter = null;
  answer = null;
  server = createServer((request, response) => {
    const token = request.url?.split('/').pop() ?? '';
    const log: Served = {
      token,
      range: request.headers.range,
      ifRange: request.headers['if-range'] as string | undefined,
      status: 0,
      bytes: 0,
    };
    served.push(log);
    const special =
      answer?.(token) ?? (expired.has(token) ? { status: 410, body: '{"message":"expired"}' } : null);
    if (special) {
      log.status = special.status;
      if (special.location) response.setHeader('location', special.location);
      response.writeHead(special.status, { 'content-type': 'application/json' }).end(special.body ?? '');
      return;
    }
    const match = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
    const rangeOk = match && (!log.ifRange || log.ifRange === etag);
    const start = rangeOk ? Number(match[1]) : 0;
    const body = file.subarray(start);
    log.status = rangeOk ? 206 : 200;
    response.writeHead(log.status, {
      etag,
      'content-length': body.length,
      ...(rangeOk ? { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
    });
    if (cutAfter !== null) {
      const part = body.subarray(0, cutAfter);
      cutAfter = null;
      log.bytes = part.length;
      response.write(part, () => response.socket?.destroy());
      return;
    }
    log.bytes = body.length;
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let minted = 0;
const freshLink = async () => ({ downloadUrl: `${base}/files/token-${++minted}`, fileName: 'guide.pdf' });
const noWait = async () => undefined;

test('a download cut mid-file continues from the byte where it stopped, and the file is whole', async () => {
  cutAfter = 100_000;
  const store = memoryStore();
  const result = await downloadResumably({
    key: 'k',
    fetchLink: freshLink,
    store,
    waitToRetry: noWait,
    flushBytes: 16_384,
  });
  expect(result.kind).toBe('done');
  if (result.kind !== 'done') return;
  expect(Buffer.from(await result.blob.arrayBuffer()).equals(file)).toBe(true);
  expect(result.resumedFrom).toBe(100_000);
  expect(served.map((s) => [s.status, s.range, s.ifRange])).toEqual([
    [200, undefined, undefined],
    [206, 'bytes=100000-', '"v1"'],
  ]);
  // Not one byte twice: what crossed the wire is the file's size.
  expect(served.reduce((sum, s) => sum + s.bytes, 0)).toBe(file.length);
});

test('after a cut and an expired link, a fresh link is asked for and the transfer continues', async () => {
  cutAfter = 50_000;
  const links: string[] = [];
  const fetchLink = async () => {
    const link = await freshLink();
    links.push(link.downloadUrl);
    return link;
  };
  // The first link expires while the network is away.
  const waitToRetry = async () => {
    expired.add(links[0]!.split('/').pop()!);
  };
  const result = await downloadResumably({ key: 'k', fetchLink, store: memoryStore(), waitToRetry });
  expect(links).toHaveLength(2);
  expect(served.map((s) => [s.status, s.range])).toEqual([
    [200, undefined],
    [410, 'bytes=50000-'],
    [206, 'bytes=50000-'],
  ]);
  expect(result.kind === 'done' && Buffer.from(await result.blob.arrayBuffer()).equals(file)).toBe(true);
});

test('a file that changed since the cut is downloaded again from the start, never spliced', async () => {
  cutAfter = 120_000;
  const old = file;
  const waitToRetry = async () => {
    file = randomBytes(200_000);
    etag = '"v2"';
  };
  const result = await downloadResumably({
    key: 'k',
    fetchLink: freshLink,
    store: memoryStore(),
    waitToRetry,
  });
  expect(served.at(-1)).toMatchObject({ status: 200, ifRange: '"v1"' });
  const bytes = result.kind === 'done' ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
  expect(bytes.equals(file)).toBe(true);
  expect(bytes.equals(old)).toBe(false);
});

test('bytes kept from an earlier visit are not downloaded again', async () => {
  const store = memoryStore();
  await store.append('k', new Blob([new Uint8Array(file.subarray(0, 70_000))]), etag);
  const result = await downloadResumably({ key: 'k', fetchLink: freshLink, store, waitToRetry: noWait });
  expect(served.map((s) => s.range)).toEqual(['bytes=70000-']);
  expect(result.kind === 'done' && result.resumedFrom).toBe(70_000);
});

test('a refusal that stays (access revoked) ends the download with the shop’s message', async () => {
  answer = () => ({ status: 403, body: '{"message":"Access to this order was revoked."}' });
  const attempt = downloadResumably({
    key: 'k',
    fetchLink: freshLink,
    store: memoryStore(),
    waitToRetry: noWait,
  });
  await expect(attempt).rejects.toBeInstanceOf(DownloadRefused);
  await expect(attempt).rejects.toMatchObject({
    status: 403,
    serverMessage: 'Access to this order was revoked.',
  });
});

test('a file served from elsewhere (a bucket redirect) is left to the browser as a plain link', async () => {
  answer = () => ({ status: 302, location: 'https://bucket.example/file.pdf' });
  const result = await downloadResumably({
    key: 'k',
    fetchLink: freshLink,
    store: memoryStore(),
    waitToRetry: noWait,
  });
  expect(result).toMatchObject({ kind: 'plain-link', fileName: 'guide.pdf' });
});

test('an outage is waited out: each failed try waits longer before the next', async () => {
  let failures = 3;
  answer = () => (failures-- > 0 ? { status: 503 } : null);
  const waits: number[] = [];
  const result = await downloadResumably({
    key: 'k',
    fetchLink: freshLink,
    store: memoryStore(),
    waitToRetry: async (attempt) => {
      waits.push(attempt);
    },
  });
  expect(waits).toEqual([0, 1, 2]);
  expect(result.kind).toBe('done');
});

test('stopping the download (the page left) ends it without another try', async () => {
  cutAfter = 10_000;
  const controller = new AbortController();
  const attempt = downloadResumably({
    key: 'k',
    fetchLink: freshLink,
    store: memoryStore(),
    signal: controller.signal,
    waitToRetry: async () => controller.abort(),
  });
  await expect(attempt).rejects.toThrow();
  expect(served).toHaveLength(1);
});

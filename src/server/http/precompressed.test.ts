import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { precompress, sendCompressedOnce, sendPrecompressed } from './precompressed';

/** JSON of about `bytes` bytes with letters of every width: accents, a curly quote, an emoji. */
function answerOf(bytes: number): string {
  const item = { title: 'Sénégal : l’essentiel à Dakar 🌍', n: 0 };
  const items: (typeof item)[] = [];
  while (JSON.stringify(items).length < bytes) items.push({ ...item, n: items.length });
  return JSON.stringify(items);
}

const answers = {
  tiny: answerOf(300),
  small: answerOf(3_000),
  page: answerOf(30_000),
  huge: answerOf(200_000),
};
const PAGE = '<!doctype html><html lang="fr"><body>Côte d’Ivoire — « guides » 🌍</body></html>'.repeat(800);
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  app.get<{ Params: { size: keyof typeof answers } }>('/once/:size', (request, reply) =>
    sendCompressedOnce(request, reply, answers[request.params.size], {
      contentType: 'application/json; charset=utf-8',
    }),
  );
  const page = await precompress(PAGE);
  app.get('/page', (request, reply) =>
    sendPrecompressed(request, reply, page, {
      contentType: 'text/html; charset=utf-8',
      vary: 'Accept-Encoding',
    }),
  );
  await app.ready();
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

describe('an answer made for one request', () => {
  test.each([
    ['small', 'br'],
    ['small', 'gzip'],
    ['page', 'br'],
    ['page', 'gzip'],
    ['huge', 'br'],
    ['huge', 'gzip'],
  ] as const)('a %s answer is sent in %s and decompresses to the same JSON', async (size, encoding) => {
    const answer = await get(`/once/${size}`, { 'accept-encoding': encoding });
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toBe('accept-encoding');
    const raw = answer.rawPayload;
    expect(Number(answer.headers['content-length'])).toBe(raw.length);
    expect(raw.length).toBeLessThan(Buffer.byteLength(answers[size]) / 3);
    const text = (encoding === 'br' ? brotliDecompressSync(raw) : gunzipSync(raw)).toString('utf8');
    expect(text).toBe(answers[size]);
  });

  test('a browser that accepts both gets brotli; one that accepts neither gets the bytes as they are', async () => {
    expect(
      (await get('/once/page', { 'accept-encoding': 'gzip, deflate, br, zstd' })).headers['content-encoding'],
    ).toBe('br');
    const plain = await get('/once/page', { 'accept-encoding': 'deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(answers.page);
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(answers.page));
  });

  test.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['gzip; q=0.5, br;q=0, deflate', 'gzip'],
    ['BR, GZIP', 'br'],
    ['identity', undefined],
    ['br;q=0.001', 'br'],
  ])('accept-encoding "%s" gets %s, for one-off and kept answers alike', async (accept, encoding) => {
    for (const url of ['/once/page', '/page']) {
      const answer = await get(url, { 'accept-encoding': accept });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
    }
  });

  test('an answer under a kilobyte is not compressed, and its length counts bytes, not letters', async () => {
    const answer = await get('/once/tiny', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body).toBe(answers.tiny);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answers.tiny));
    expect(Buffer.byteLength(answers.tiny)).toBeGreaterThan(answers.tiny.length);
  });
});

describe('a body kept with its compressed forms', () => {
  test('its ETag is the hash of its text, as before it was kept as bytes', async () => {
    const kept = await precompress(PAGE);
    expect(kept.etag).toBe(`"${createHash('sha1').update(PAGE, 'utf8').digest('base64url')}"`);
    expect(kept.identity.toString('utf8')).toBe(PAGE);
  });

  test('without accept-encoding: the same text, its byte length, its ETag; then a 304', async () => {
    const plain = await get('/page');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(PAGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const again = await get('/page', { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  test('br and gzip decompress to the same text under the same ETag', async () => {
    const plain = await get('/page');
    for (const [encoding, decompress] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const answer = await get('/page', { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.etag).toBe(plain.headers.etag);
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      expect(decompress(answer.rawPayload).toString('utf8')).toBe(PAGE);
    }
  });
});

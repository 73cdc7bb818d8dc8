import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A body kept in memory with its ETag and every form it is sent in, made once and sent many times.
 * The plain form is kept as UTF-8 bytes: a string would be measured and encoded again on each send.
 */
export interface Precompressed {
  identity: Buffer;
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/** Compresses once, at the highest settings worth their time: the work is paid once per change. */
export async function precompress(text: string): Promise<Precompressed> {
  const identity = Buffer.from(text, 'utf8');
  const [br, gz] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(identity, { level: 9 }),
  ]);
  return { identity, etag: `"${createHash('sha1').update(identity).digest('base64url')}"`, gzip: gz, br };
}

/**
 * Sends a precompressed body: 304 when the client has it, else the form the client accepts. The
 * route must not be compressed again (`compress: false`, or a content-encoding already set).
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Precompressed,
  headers: { contentType: string; cacheControl?: string; vary?: string },
): FastifyReply {
  reply
    .header('etag', body.etag)
    .header('vary', headers.vary ?? 'accept-encoding')
    .header('cache-control', headers.cacheControl ?? 'no-cache');
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  reply.header('content-type', headers.contentType);
  const encoding = acceptedEncoding(request);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(body.br);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.identity);
}

/** Brotli, else gzip, else none: what the client lists without refusing it (`br;q=0`, RFC 9110 §12.5.3). */
function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const header = request.headers['accept-encoding'];
  if (!header) return 'identity';
  const accepted = new Set<string>();
  for (const part of String(header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : 'identity';
}

/** Below this size an answer is sent as it is: compressing saves less than its own headers cost. */
const COMPRESS_MIN_BYTES = 1024;
/**
 * Up to this size an answer is compressed on the main thread: brotli 2 of 30 KB takes ~0.1 ms of
 * CPU, less than handing the work to the thread pool and back (docs/BENCHMARKS.md, "answers compressed once").
 */
const COMPRESS_INLINE_MAX_BYTES = 64 * 1024;
/**
 * Fast settings for an answer made for one request: brotli 2 is within 1–8 % of brotli 4's bytes
 * for half its CPU or less; gzip 1 within 2–8 % of gzip 6's (measured on search answers, same section).
 */
const ONCE_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 2 } };
const ONCE_GZIP = { level: 1 };

/**
 * Sends an answer made for this one request (a search with a new term): compressed once, in the
 * form the client accepts only, at a fast setting. The route must not be compressed again
 * (`compress: false`).
 */
export async function sendCompressedOnce(
  request: FastifyRequest,
  reply: FastifyReply,
  text: string,
  headers: { contentType: string },
): Promise<FastifyReply> {
  reply
    .header('vary', 'accept-encoding')
    .header('cache-control', 'no-cache')
    .header('content-type', headers.contentType);
  const body = Buffer.from(text, 'utf8');
  const encoding = body.length < COMPRESS_MIN_BYTES ? 'identity' : acceptedEncoding(request);
  if (encoding === 'identity') return reply.send(body);
  return reply.header('content-encoding', encoding).send(await compressOnce(body, encoding));
}

function compressOnce(body: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const inline = body.length <= COMPRESS_INLINE_MAX_BYTES;
  if (encoding === 'br') return inline ? brotliCompressSync(body, ONCE_BROTLI) : brotli(body, ONCE_BROTLI);
  return inline ? gzipSync(body, ONCE_GZIP) : gzipAsync(body, ONCE_GZIP);
}

import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A body kept in memory with its ETag and both compressed forms, made once and sent many times. */
export interface Precompressed {
  text: string;
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/** Compresses once, at the highest settings worth their time: the work is paid once per change. */
export async function precompress(text: string): Promise<Precompressed> {
  const [br, gz] = await Promise.all([
    brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzipAsync(text, { level: 9 }),
  ]);
  return { text, etag: `"${createHash('sha1').update(text).digest('base64url')}"`, gzip: gz, br };
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
  return reply.send(body.text);
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | 'identity' {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  return /\bgzip\b/.test(accepted) ? 'gzip' : 'identity';
}

/**
 * Sends an answer made for this one request (a search with a new term): compressed once, in the
 * form the client accepts only, at a fast setting (brotli 4 takes a millisecond where 9 takes ten,
 * for a few percent more bytes). The route must not be compressed again (`compress: false`).
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
  const encoding = text.length < 1024 ? 'identity' : acceptedEncoding(request);
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }));
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(await gzipAsync(text, { level: 6 }));
  return reply.send(text);
}

/**
 * A process-local cache kept in step with the other processes on the same database: `invalidate()`
 * clears this one at once and NOTIFYs the rest on `channel`, which clear theirs when they hear it.
 */
export function sharedInvalidation(options: {
  channel: string;
  database: Pick<Database, 'subscribe' | 'publish'>;
  clearLocal(): void;
  onError(error: unknown): void;
}) {
  const instance = randomUUID();
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    invalidate(): void {
      options.clearLocal();
      options.database.publish(options.channel, instance).catch(options.onError);
    },
    /** Starts listening to the other processes' changes. */
    async start(): Promise<void> {
      unsubscribe = await options.database.subscribe(options.channel, (from) => {
        if (from !== instance) options.clearLocal();
      });
    },
    async stop(): Promise<void> {
      // The database may already be closed (main.ts closes it in its own hook): nothing left to stop then.
      await unsubscribe?.().catch(() => {});
      unsubscribe = undefined;
    },
  };
}

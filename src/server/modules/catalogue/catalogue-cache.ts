import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CachedBody {
  json: string;
  etag: string;
  gzip: Buffer;
  br: Buffer;
}

/**
 * The storefront's catalogue answers, serialised and compressed once and kept for a short time.
 * Without it every listing is a database query and a compression, and the embedded database runs
 * one query at a time. Changes made through this process clear it at once; another process's
 * changes show after at most `ttlMs` (docs/ARCHITECTURE.md, "Caches").
 */
export function createCatalogueCache(ttlMs: number) {
  const entries = new Map<string, { at: number; body: Promise<CachedBody> }>();
  let generation = 0;

  const build = async (value: unknown): Promise<CachedBody> => {
    const json = JSON.stringify(value);
    const [br, gz] = await Promise.all([
      brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipAsync(json, { level: 9 }),
    ]);
    return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"`, gzip: gz, br };
  };

  return {
    /** The cached answer for `key`, computing it with `load` when missing or older than the TTL. */
    async get(key: string, load: () => Promise<unknown>): Promise<CachedBody> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.body;
      const started = generation;
      const body = load().then(build);
      if (ttlMs > 0) {
        entries.set(key, { at: now, body });
        // A failed load is not cached; nor is one that raced an invalidation.
        body.then(
          () => {
            if (started !== generation) entries.delete(key);
          },
          () => entries.delete(key),
        );
        if (entries.size > 500) entries.delete(entries.keys().next().value as string);
      }
      return body;
    },
    invalidate(): void {
      generation += 1;
      entries.clear();
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;

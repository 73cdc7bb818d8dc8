import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Database } from '../../db/client';

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
 * one query at a time. Changes made through this process clear it at once; other processes hear of
 * them through createSharedCatalogueCache, or at worst after `ttlMs` (docs/ARCHITECTURE.md, "Caches").
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

export type CatalogueCache = Pick<ReturnType<typeof createCatalogueCache>, 'get' | 'invalidate'>;

const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * The catalogue cache of one process, kept in step with the others through the database: a change
 * here clears this cache and NOTIFYs the rest, which clear theirs as soon as they hear it.
 */
export function createSharedCatalogueCache(options: {
  ttlMs: number;
  database: Pick<Database, 'subscribe' | 'publish'>;
  onError(error: unknown): void;
}) {
  const local = createCatalogueCache(options.ttlMs);
  const instance = randomUUID();
  let unsubscribe: (() => Promise<void>) | undefined;
  return {
    get: local.get,
    invalidate(): void {
      local.invalidate();
      options.database.publish(CATALOGUE_CHANNEL, instance).catch(options.onError);
    },
    /** Starts listening to the other processes' changes. */
    async start(): Promise<void> {
      unsubscribe = await options.database.subscribe(CATALOGUE_CHANNEL, (from) => {
        if (from !== instance) local.invalidate();
      });
    },
    async stop(): Promise<void> {
      // The database may already be closed (main.ts closes it in its own hook): nothing left to stop then.
      await unsubscribe?.().catch(() => {});
      unsubscribe = undefined;
    },
  };
}

import type { Database } from '../../db/client';
import { sharedInvalidation } from '../../db/shared-invalidation';
import { createMemoCache } from '../../http/memo-cache';
import { type Precompressed, precompress } from '../../http/precompressed';
import type { SearchIndex } from './search-index';

export type CachedBody = Precompressed;

/**
 * The storefront's catalogue answers, serialised and compressed once and kept for a short time.
 * Without it every listing is a database query and a compression, and the embedded database runs
 * one query at a time. Changes made through this process clear it at once; other processes hear of
 * them through createSharedCatalogueCache, or at worst after `ttlMs` (docs/ARCHITECTURE.md, "Caches").
 */
export function createCatalogueCache(ttlMs: number) {
  const memo = createMemoCache<CachedBody>({ ttlMs, maxEntries: 500 });
  const indexes = createIndexCache(ttlMs);
  return {
    /** The cached answer for `key`, computing it with `load` when missing or older than the TTL. */
    get: (key: string, load: () => Promise<unknown>): Promise<CachedBody> =>
      memo.get(key, () => load().then((value) => precompress(JSON.stringify(value)))),
    /** The search index of `locale`, built with `build` when missing or invalidated (see createIndexCache). */
    index: (locale: string, build: () => Promise<SearchIndex>): Promise<SearchIndex> =>
      indexes.get(locale, build),
    invalidate(): void {
      memo.invalidate();
      indexes.invalidate();
    },
  };
}

/**
 * One search index per language. A change (invalidate) drops them: the next search waits for a new
 * one. One older than the TTL (a NOTIFY may have been missed) still answers while the next one is
 * built, so that searches under load do not all wait for a rebuild every TTL. A TTL of 0 builds
 * one for each search.
 */
export function createIndexCache(ttlMs: number) {
  interface Kept {
    at: number;
    value: Promise<SearchIndex>;
    refreshing?: boolean;
  }
  const kept = new Map<string, Kept>();
  let generation = 0;
  const keep = (key: string, value: Promise<SearchIndex>): Kept => {
    const entry: Kept = { at: Date.now(), value };
    if (ttlMs > 0) kept.set(key, entry);
    value.catch(() => {
      if (kept.get(key) === entry) kept.delete(key);
    });
    return entry;
  };
  return {
    get(key: string, build: () => Promise<SearchIndex>): Promise<SearchIndex> {
      const hit = kept.get(key);
      if (!hit) return keep(key, build()).value;
      if (Date.now() - hit.at >= ttlMs && !hit.refreshing) {
        hit.refreshing = true;
        const started = generation;
        build().then(
          (index) => {
            if (generation === started && kept.get(key) === hit) keep(key, Promise.resolve(index));
          },
          () => {
            hit.refreshing = false;
          },
        );
      }
      return hit.value;
    },
    invalidate(): void {
      generation += 1;
      kept.clear();
    },
  };
}

export type CatalogueCache = Pick<ReturnType<typeof createCatalogueCache>, 'get' | 'index' | 'invalidate'>;

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
  const shared = sharedInvalidation({
    channel: CATALOGUE_CHANNEL,
    database: options.database,
    clearLocal: local.invalidate,
    onError: options.onError,
  });
  return { get: local.get, index: local.index, ...shared };
}

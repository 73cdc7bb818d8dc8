import type { Database } from '../../db/client';
import { createMemoCache } from '../../http/memo-cache';
import { type Precompressed, precompress, sharedInvalidation } from '../../http/precompressed';
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
  // One search index per language, rebuilt from the database on the same terms as the answers.
  const indexes = createMemoCache<SearchIndex>({ ttlMs, maxEntries: 4 });
  return {
    /** The cached answer for `key`, computing it with `load` when missing or older than the TTL. */
    get: (key: string, load: () => Promise<unknown>): Promise<CachedBody> =>
      memo.get(key, () => load().then((value) => precompress(JSON.stringify(value)))),
    /** The search index of `locale`, built with `build` when missing, older than the TTL or invalidated. */
    index: (locale: string, build: () => Promise<SearchIndex>): Promise<SearchIndex> =>
      indexes.get(locale, build),
    invalidate(): void {
      memo.invalidate();
      indexes.invalidate();
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

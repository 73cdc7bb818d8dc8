import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test, vi } from 'vitest';
import { createCatalogueCache, createIndexCache } from './catalogue-cache';
import { buildSearchIndex, type SearchIndex } from './search-index';

describe('catalogue cache', () => {
  test('serves one load for the TTL, with identical plain, gzip and brotli bodies', async () => {
    const cache = createCatalogueCache(60_000);
    const load = vi.fn(async () => [{ title: 'Dakar essentiel' }]);
    const first = await cache.get('fr:', load);
    const second = await cache.get('fr:', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(gunzipSync(first.gzip).toString()).toBe(first.identity.toString());
    expect(brotliDecompressSync(first.br).toString()).toBe(first.identity.toString());
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  test('invalidate() makes the next request load again', async () => {
    const cache = createCatalogueCache(60_000);
    let title = 'old';
    const load = async () => [{ title }];
    expect(JSON.parse((await cache.get('fr:', load)).identity.toString())).toEqual([{ title: 'old' }]);
    title = 'new';
    cache.invalidate();
    expect(JSON.parse((await cache.get('fr:', load)).identity.toString())).toEqual([{ title: 'new' }]);
  });

  test('an answer older than the TTL is loaded again', async () => {
    vi.useFakeTimers();
    try {
      const cache = createCatalogueCache(1000);
      const load = vi.fn(async () => []);
      await cache.get('en:', load);
      vi.advanceTimersByTime(1001);
      await cache.get('en:', load);
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a failed load is not kept', async () => {
    const cache = createCatalogueCache(60_000);
    await expect(cache.get('fr:', async () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect(JSON.parse((await cache.get('fr:', async () => ['ok'])).identity.toString())).toEqual(['ok']);
  });

  test('a TTL of 0 never caches', async () => {
    const cache = createCatalogueCache(0);
    const load = vi.fn(async () => []);
    await cache.get('fr:', load);
    await cache.get('fr:', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('search index cache', () => {
  const built = (n: number): SearchIndex => ({ ...buildSearchIndex([]), words: [`build-${n}`] });
  const counter = () => {
    let n = 0;
    return vi.fn(async () => built(++n));
  };

  test('one older than the TTL answers once more while the next is built, then the next answers', async () => {
    vi.useFakeTimers();
    try {
      const cache = createIndexCache(1000);
      const build = counter();
      expect((await cache.get('fr', build)).words).toEqual(['build-1']);
      vi.advanceTimersByTime(1001);
      expect((await cache.get('fr', build)).words).toEqual(['build-1']);
      await vi.waitFor(async () => expect((await cache.get('fr', build)).words).toEqual(['build-2']));
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a change makes the next search wait for a new index; a rebuild started before it is not kept', async () => {
    vi.useFakeTimers();
    try {
      const cache = createIndexCache(1000);
      const build = counter();
      await cache.get('fr', build);
      vi.advanceTimersByTime(1001);
      await cache.get('fr', build); // starts build-2 in the background
      cache.invalidate();
      expect((await cache.get('fr', build)).words).toEqual(['build-3']);
      await Promise.resolve();
      expect((await cache.get('fr', build)).words).toEqual(['build-3']);
    } finally {
      vi.useRealTimers();
    }
  });

  test('a TTL of 0 builds for every search; a failed build is not kept', async () => {
    const none = createIndexCache(0);
    const build = counter();
    await none.get('fr', build);
    expect((await none.get('fr', build)).words).toEqual(['build-2']);
    const cache = createIndexCache(60_000);
    await expect(cache.get('en', async () => Promise.reject(new Error('database down')))).rejects.toThrow();
    expect((await cache.get('en', build)).words).toEqual(['build-3']);
  });
});

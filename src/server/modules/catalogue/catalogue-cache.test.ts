import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, test, vi } from 'vitest';
import { createCatalogueCache } from './catalogue-cache';

describe('catalogue cache', () => {
  test('serves one load for the TTL, with identical plain, gzip and brotli bodies', async () => {
    const cache = createCatalogueCache(60_000);
    const load = vi.fn(async () => [{ title: 'Dakar essentiel' }]);
    const first = await cache.get('fr:', load);
    const second = await cache.get('fr:', load);
    expect(load).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(gunzipSync(first.gzip).toString()).toBe(first.text);
    expect(brotliDecompressSync(first.br).toString()).toBe(first.text);
    expect(first.etag).toMatch(/^"[\w-]+"$/);
  });

  test('invalidate() makes the next request load again', async () => {
    const cache = createCatalogueCache(60_000);
    let title = 'old';
    const load = async () => [{ title }];
    expect(JSON.parse((await cache.get('fr:', load)).text)).toEqual([{ title: 'old' }]);
    title = 'new';
    cache.invalidate();
    expect(JSON.parse((await cache.get('fr:', load)).text)).toEqual([{ title: 'new' }]);
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
    expect(JSON.parse((await cache.get('fr:', async () => ['ok'])).text)).toEqual(['ok']);
  });

  test('a TTL of 0 never caches', async () => {
    const cache = createCatalogueCache(0);
    const load = vi.fn(async () => []);
    await cache.get('fr:', load);
    await cache.get('fr:', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

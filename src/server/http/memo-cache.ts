/**
 * Answers computed once and kept for a while, per key: concurrent requests for a missing key share
 * one computation; a failed one, one that `keep` turns down, or one that raced `invalidate()` is
 * not kept. The oldest entry goes when there are more than `maxEntries`, so keys a client makes up
 * cannot grow it without bound.
 */
export function createMemoCache<T>(options: { ttlMs: number; maxEntries: number; keep?(value: T): boolean }) {
  const entries = new Map<string, { at: number; value: Promise<T> }>();
  let generation = 0;
  return {
    /** The kept answer for `key`, computing it with `load` when missing or older than the TTL. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < options.ttlMs) return hit.value;
      const started = generation;
      const value = load();
      if (options.ttlMs > 0) {
        entries.delete(key);
        entries.set(key, { at: now, value });
        const forget = () => {
          if (entries.get(key)?.value === value) entries.delete(key);
        };
        value.then((resolved) => {
          if (started !== generation || (options.keep && !options.keep(resolved))) forget();
        }, forget);
        if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      }
      return value;
    },
    invalidate(): void {
      generation += 1;
      entries.clear();
    },
  };
}

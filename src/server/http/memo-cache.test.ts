import { describe, expect, test } from 'vitest';
import { createMemoCache } from './memo-cache';

describe('memo cache', () => {
  test('one computation for concurrent requests of a key, then the kept answer', async () => {
    const memo = createMemoCache<number>({ ttlMs: 60_000, maxEntries: 10 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 42;
    };
    expect(await Promise.all([memo.get('a', load), memo.get('a', load), memo.get('a', load)])).toEqual([
      42, 42, 42,
    ]);
    expect(await memo.get('a', load)).toBe(42);
    expect(loads).toBe(1);
  });

  test('what keep turns down, what failed, and what raced an invalidation are computed again', async () => {
    const memo = createMemoCache<number>({ ttlMs: 60_000, maxEntries: 10, keep: (n) => n > 0 });
    let next = 0;
    const load = async () => next++;
    expect(await memo.get('k', load)).toBe(0);
    expect(await memo.get('k', load)).toBe(1);
    expect(await memo.get('k', load)).toBe(1);

    await expect(memo.get('f', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await memo.get('f', async () => 7)).toBe(7);

    let release: (value: number) => void = () => {};
    const slow = memo.get('r', () => new Promise<number>((resolve) => (release = resolve)));
    memo.invalidate();
    release(5);
    expect(await slow).toBe(5);
    expect(await memo.get('r', async () => 6)).toBe(6);
  });

  test('holds at most maxEntries keys, dropping the oldest', async () => {
    const memo = createMemoCache<string>({ ttlMs: 60_000, maxEntries: 3 });
    for (const key of ['a', 'b', 'c', 'd']) await memo.get(key, async () => `${key}1`);
    expect(await memo.get('a', async () => 'a2')).toBe('a2');
    expect(await memo.get('d', async () => 'd2')).toBe('d1');
  });
});

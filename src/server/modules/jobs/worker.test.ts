import { describe, expect, test } from 'vitest';
import { retryDelayMs } from './worker';

describe('retry backoff', () => {
  const options = { backoffBaseMs: 10_000, backoffCapMs: 3_600_000 };
  test('doubles from the base on each attempt, up to the cap', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 10, 20].map((attempt) => retryDelayMs(attempt, options, middle))).toEqual([
      10_000, 20_000, 40_000, 80_000, 3_600_000, 3_600_000,
    ]);
  });

  test('spreads retries by ±20 %', () => {
    expect(retryDelayMs(1, options, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, options, () => 1)).toBe(12_000);
  });
});

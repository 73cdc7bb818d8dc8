import { afterAll, beforeAll, expect, test } from 'vitest';
import { BUDGET, runJsWeight } from '../../bench/js-weight';
import { type RunningShop, startShop } from './harness';

/**
 * The JavaScript-weight rule of bench/js-weight.ts, in `npm test`: on a phone with an
 * empty cache, each public page's first load stays within BUDGET (90 KiB of script, gzip -9 of
 * each body), loads scripts from the shop only, and no admin chunk.
 */
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.stop();
});

test('the public pages load no admin code, nothing from outside, and at most 90 KiB of script', async () => {
  expect(BUDGET).toBe(90 * 1024);
  const { pages } = await runJsWeight(shop.url);
  expect(pages.map((page) => page.name)).toEqual(['home', 'country', 'guide']);
  for (const page of pages) expect(page.scripts.length).toBeGreaterThan(0);
  expect(pages.flatMap((page) => page.problems)).toEqual([]);
}, 180_000);

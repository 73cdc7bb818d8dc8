import { afterAll, describe, expect, test } from 'vitest';
import { type RunningShop, startShop } from './harness';

// `npm start` on a new machine: the built server starts the embedded database from the build's
// empty, migrated cluster and seeds the demo catalogue from the files the build made,
// then serves it; a restart on the same data folder neither seeds again nor loses anything.
describe('first start on an empty data folder', () => {
  let shop: RunningShop | undefined;
  afterAll(async () => {
    await shop?.stop();
  });

  test('seeds the demo shop from the built files, serves it, and keeps it across a restart', async () => {
    shop = await startShop({ fresh: true });
    expect(shop.logs()).toMatch(/Seeded the demo catalogue in \d+ ms \(from the built files\)/);
    const listing = await (await fetch(`${shop.url}/guides`)).text();
    const cards = listing.match(/<article/g) ?? [];
    expect(cards.length).toBeGreaterThan(3);
    const seededLines = () => shop!.logs().match(/Seeded the demo catalogue/g)?.length ?? 0;
    expect(seededLines()).toBe(1);

    expect(await shop.restart('SIGTERM')).toBe(0);
    expect(seededLines()).toBe(1);
    const again = await (await fetch(`${shop.url}/guides`)).text();
    expect(again.match(/<article/g) ?? []).toHaveLength(cards.length);
    const guide = /href="(\/guides\/[a-z0-9-]+)"/.exec(listing)?.[1];
    expect(guide).toBeTruthy();
    expect((await fetch(`${shop.url}${guide}`)).status).toBe(200);
  }, 600_000);
});

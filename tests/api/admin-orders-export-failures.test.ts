import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EXPORT_CUT_SHORT, exportOrdersCsv } from '../../src/server/modules/order-desk/export-orders';
import { insertGuide } from '../helpers/fixtures';
import { insertOrder } from '../helpers/orders';
import { createTestContext, createTestDatabase, type TestContext } from '../helpers/test-context';

/**
 * An orders export that fails must not look like a complete file (docs/decisions/025-export-failures.md):
 * before the first byte it is an error answer; after it, the file's last line says it stopped and
 * the stream fails, so the connection is cut without its last chunk.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
});
afterAll(() => ctx.close());

/** A database of its own with `count` orders, to break under the export. */
async function databaseWithOrders(count: number) {
  const own = await createTestDatabase();
  const guide = await insertGuide({ db: own.db, files: ctx.files }, { title: 'Dakar', withCover: false });
  for (let i = 0; i < count; i++)
    await insertOrder(own.db, { guides: [guide], email: `buyer${i}@example.com` });
  return own;
}

describe('an orders export that fails', () => {
  test('before its first byte is an error, not a CSV header with nothing after', async () => {
    const own = await databaseWithOrders(1);
    await own.close();
    await expect(exportOrdersCsv(own.db, {})).rejects.toThrow();
  });

  test('after its first byte ends with a line saying it stopped, then fails', async () => {
    const own = await databaseWithOrders(20);
    const stream = await exportOrdersCsv(own.db, {}, { batchSize: 2 });
    const received: string[] = [];
    const failure = await (async () => {
      try {
        for await (const chunk of stream) {
          received.push(String(chunk));
          // The header and the first two orders are out: the orders table goes away.
          if (received.length === 2) await own.db.execute(sql`alter table orders rename to orders_gone`);
        }
        return undefined;
      } catch (error) {
        return error;
      } finally {
        await own.close();
      }
    })();
    expect(failure).toBeInstanceOf(Error);
    const lines = received.join('').trimEnd().split('\r\n');
    // The header, the orders read before the database went (a batch may have been read ahead), the line.
    expect(lines.length).toBeGreaterThanOrEqual(1 + 2 + 1);
    expect(lines.length).toBeLessThan(1 + 20 + 1);
    expect(lines.at(-1)).toBe(`"${EXPORT_CUT_SHORT}"`);
  });

  test('that does not fail is whole: no such line', async () => {
    const own = await databaseWithOrders(5);
    try {
      const stream = await exportOrdersCsv(own.db, {}, { batchSize: 2 });
      let text = '';
      for await (const chunk of stream) text += String(chunk);
      expect(text.trimEnd().split('\r\n')).toHaveLength(1 + 5);
      expect(text).not.toContain(EXPORT_CUT_SHORT);
    } finally {
      await own.close();
    }
  });
});

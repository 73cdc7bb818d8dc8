import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { expectWellFormed, HARDENING_ENV, settledFingerprint } from './harness';

/**
 * A forged download link is refused and writes nothing, even as the first link a fresh shop checks:
 * the signing secret is made when the shop starts, not by the first request that needs it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: HARDENING_ENV });
});
afterAll(async () => {
  await ctx.close();
});

test('the first forged file and ZIP links a fresh shop sees are refused with 403 and leave every table as it was', async () => {
  const before = await settledFingerprint(ctx);
  for (const url of ['/api/files/zip/c0f34fdb-1558-4966-b93c-e20a03670', `/api/files/${'A'.repeat(50)}`]) {
    const res = await ctx.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    expect(res.statusCode, url).toBe(403);
    expectWellFormed(res, url);
    expect(await settledFingerprint(ctx), `${url} changed the database`).toBe(before);
  }
});

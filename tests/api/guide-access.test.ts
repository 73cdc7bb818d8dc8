import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs, orders } from '../../src/server/db/schema';
import { countBuyersToTell } from '../../src/server/modules/editions/edition-buyers';
import { hasLibrary, listLibrary } from '../../src/server/modules/library/list-library';
import { METHOD } from '../../src/shared/payment-methods';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, refund } from './refunds-helpers';

/**
 * One rule for a buyer's access (docs/decisions/024-one-guide-access-rule.md): a full refund takes
 * it away everywhere, and the operator's restore gives it back everywhere: the order page, the
 * downloads, "My guides", new-edition emails and "Resend my links".
 */
const EMAIL = 'restored.buyer@example.com';
let ctx: TestContext;
let guide: GuideRow;
let order: OrderRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  ({ order } = await insertOrder(ctx.db, { guides: [guide], email: EMAIL }));
  // Paid by mobile money, so the operator refunds it by hand (no card provider to call).
  await ctx.db.update(orders).set({ paymentMethod: METHOD.mobileMoney }).where(eq(orders.id, order.id));
});
afterAll(() => ctx.close());

/** What each place that grants access says of the order, as its user meets it. */
async function accessEverywhere() {
  const page = await ctx.app.inject({ url: `/api/orders/${order.publicId}` });
  const download = await ctx.app.inject({ url: `/api/download/${order.publicId}/${guide.id}` });
  const library = await listLibrary(ctx.db, EMAIL);
  const before = await resendJobs();
  const resend = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/resend-links',
    payload: { orderNumber: order.orderNumber, email: EMAIL },
    remoteAddress: '198.51.100.61',
  });
  expect(resend.statusCode).toBe(202);
  return {
    orderPage: page.json().accessRevoked === false,
    download: download.statusCode === 200,
    library: library.some((g) => g.orderId === order.publicId),
    signInLink: (await hasLibrary(ctx.db, EMAIL)) !== undefined,
    editionNotice: (await countBuyersToTell(ctx.db, { id: randomUUID(), guideId: guide.id })) === 1,
    resendLinks: (await resendJobs()) > before,
  };
}

const resendJobs = async () =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(and(eq(jobs.kind, 'resend-links'), sql`${jobs.payload}->>'orderId' = ${order.id}`))
  )[0]!.n;

const EVERYWHERE = {
  orderPage: true,
  download: true,
  library: true,
  signInLink: true,
  editionNotice: true,
  resendLinks: true,
};
const NOWHERE = Object.fromEntries(Object.keys(EVERYWHERE).map((k) => [k, false]));

describe('a buyer’s access to an order’s guides', () => {
  test('is given everywhere for a completed order', async () => {
    expect(await accessEverywhere()).toEqual(EVERYWHERE);
  });

  test('is taken away everywhere by a full refund', async () => {
    const refunded = await refund(ctx, order.id, { note: 'Sent back by Wave, ref TX-91' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().order).toMatchObject({ fullyRefunded: true, accessRevoked: true });
    expect(await accessEverywhere()).toEqual(NOWHERE);
  });

  test('is given back everywhere when the operator restores it, refund and all', async () => {
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/restore`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await accessEverywhere()).toEqual(EVERYWHERE);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity } from '../../src/server/db/schema';
import { activityPageSchema } from '../../src/shared/contracts/endpoints/admin-activity.schemas';
import { orderDetailSchema } from '../../src/shared/contracts/endpoints/admin-orders.schemas';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, adminRequest, placedOrder } from './admin-orders-support';

/** A log and a timeline a person can read: orders by number, guides by title, refunds with amount and note. */
let ctx: TestContext;
let admin: ReturnType<typeof adminRequest>;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  admin = adminRequest(ctx);
  guide = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '40.00' });
});
afterAll(async () => {
  await ctx?.close();
});

async function refundedByHand() {
  const order = await placedOrder(ctx, [guide], {
    paymentMethod: 'djamo',
    paymentProvider: 'Wave',
    mobileMoneyReference: `MMLOG${randomUUID().slice(0, 5).toUpperCase()}`,
    total: '40.00',
  });
  const res = await admin('POST', `/api/admin/orders/${order.id}/refunds`, {
    amount: '12.50',
    note: 'Wave transfer 7781',
    requestKey: randomUUID(),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return order;
}

describe('the order timeline', () => {
  test('a refund reads with its amount and note, once; emails and the method read in words', async () => {
    const order = await refundedByHand();
    await ctx.app.services.jobs.runDueJobs();
    const res = await admin('GET', `/api/admin/orders/${order.id}`);
    const { timeline } = orderDetailSchema.parse(res.json());
    const refunds = timeline.filter((line) => line.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      summary: 'Refunded €12.50 in part (recorded by hand)',
      detail: 'Note: Wave transfer 7781',
    });
    expect(timeline.find((line) => line.kind === 'created')?.summary).toBe(
      'Order placed (Mobile Money (Wave))',
    );
    const emails = timeline.filter((line) => line.kind === 'email').map((line) => line.summary);
    expect(emails.some((summary) => summary.startsWith('Email “refund notice”'))).toBe(true);
    expect(emails.join(' ')).not.toMatch(/refund-email|operator-receipt-notice|djamo/);
  });
});

describe('the Activity log', () => {
  test('names an order by its number and a guide by its title', async () => {
    const order = await refundedByHand();
    // A guide edit as the Guides tab records it (the record keeps ids; the log shows today's title).
    await ctx.db.insert(adminActivity).values({
      actor: 'env:test',
      action: 'guide.update',
      subjectType: 'guide',
      subjectId: guide.id,
      before: { price: '40.00' },
      after: { price: '41.00' },
    });
    const res = await admin('GET', '/api/admin/activity');
    const { entries } = activityPageSchema.parse(res.json());
    const refund = entries.find((e) => e.action === 'order.refund' && e.subjectId === order.id);
    expect(refund?.subjectName).toBe(order.orderNumber);
    const guideEdit = entries.find((e) => e.action === 'guide.update');
    expect(guideEdit?.subjectName).toBe('Abidjan pratique');
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { emailLog, guideReviews, whatsappMessages } from '../../src/server/db/schema';
import { needsYouSchema } from '../../src/shared/contracts/endpoints/admin-needs-you.schemas';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, adminRequest, placedOrder } from './admin-orders-support';

/** "Needs you": what waits for the operator, counted from the database, tab by tab. */
let ctx: TestContext;
let admin: ReturnType<typeof adminRequest>;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({
    renderPages: false,
    env: { ADMIN_API_KEY: ADMIN_KEY, MOBILE_MONEY_EXPIRY_HOURS: '72' },
  });
  admin = adminRequest(ctx);
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '10.00' });
});
afterAll(async () => {
  await ctx?.close();
});

async function counts() {
  const res = await admin('GET', '/api/admin/needs-you');
  expect(res.statusCode, res.body).toBe(200);
  const { needs } = needsYouSchema.parse(res.json());
  return Object.fromEntries(needs.map((n) => [n.key, n.count]));
}

const mobileMoney = { paymentMethod: 'djamo' as const, paymentProvider: 'Wave' };
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

test('an empty shop needs nothing', async () => {
  expect(await counts()).toEqual({
    'receipts-to-check': 0,
    'payments-need-a-person': 0,
    'orders-expiring': 0,
    'failed-messages': 0,
    'low-reviews': 0,
  });
});

test('proofs to check, flagged payments, orders about to expire and failed messages are each counted', async () => {
  await placedOrder(ctx, [guide], { ...mobileMoney, status: 'pending_verification' });
  await placedOrder(ctx, [guide], { ...mobileMoney, status: 'pending_verification' });
  await placedOrder(ctx, [guide], {
    ...mobileMoney,
    status: 'pending',
    paymentProvider: 'cinetpay',
    providerTransactionId: 'GA00NEEDS0000000000000000000000001',
    providerAttentionAt: new Date(),
    providerAttentionReason: 'amount',
  });
  // 72 h expiry: placed 50 h ago expires within a day; 10 h ago does not.
  await placedOrder(ctx, [guide], { ...mobileMoney, status: 'pending', createdAt: hoursAgo(50) });
  await placedOrder(ctx, [guide], { ...mobileMoney, status: 'pending', createdAt: hoursAgo(10) });
  await ctx.db.insert(emailLog).values([
    { kind: 'delivery', toEmail: 'a@example.com', subject: 'x', status: 'failed' },
    { kind: 'delivery', toEmail: 'b@example.com', subject: 'x', status: 'sent' },
    // A failure of last month is history.
    {
      kind: 'delivery',
      toEmail: 'c@example.com',
      subject: 'x',
      status: 'failed',
      createdAt: hoursAgo(24 * 30),
    },
  ]);
  await ctx.db.insert(whatsappMessages).values({
    kind: 'order-paid',
    toNumber: '221770000000',
    template: 't',
    locale: 'fr',
    status: 'failed',
    dedupeKey: 'order-paid:needs-you',
  });
  expect(await counts()).toEqual({
    'receipts-to-check': 2,
    'payments-need-a-person': 1,
    'orders-expiring': 1,
    'failed-messages': 2,
    'low-reviews': 0,
  });
  // Dealt with elsewhere (another instance, a job): the next answer says so, nothing is kept in memory.
  await ctx.db.execute(sql`update orders set status = 'completed' where status = 'pending_verification'`);
  expect((await counts())['receipts-to-check']).toBe(0);
});

test('a published review of 2 stars or fewer needs the operator until it has a reply; a hidden one does not', async () => {
  const buyer = await placedOrder(ctx, [guide], { status: 'completed', email: 'low@example.com' });
  const other = await placedOrder(ctx, [guide], { status: 'completed', email: 'good@example.com' });
  const review = (orderId: string, buyerEmail: string, rating: number) => ({
    guideId: guide.id,
    orderId,
    buyerEmail,
    reviewerName: 'Awa D.',
    rating,
    locale: 'fr' as const,
  });
  const [low] = await ctx.db
    .insert(guideReviews)
    .values(review(buyer.id, 'low@example.com', 2))
    .returning();
  await ctx.db.insert(guideReviews).values(review(other.id, 'good@example.com', 5));
  expect((await counts())['low-reviews']).toBe(1);
  await ctx.db.execute(
    sql`update guide_reviews set reply = 'Merci', replied_at = now() where id = ${low!.id}`,
  );
  expect((await counts())['low-reviews']).toBe(0);
  await ctx.db.execute(sql`update guide_reviews set reply = null, hidden_at = now() where id = ${low!.id}`);
  expect((await counts())['low-reviews']).toBe(0);
});

test('the counts are behind the admin key', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/needs-you' });
  expect(res.statusCode).toBe(401);
});

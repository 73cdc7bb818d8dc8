import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { guideReviews, orders, reviewWriteWindows } from '../../src/server/db/schema';
import { deleteReview, freshAddress, guideDetail, writeReview } from '../api/reviews-helpers';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, expectWellFormed } from './harness';

/**
 * Hostile input against buyers' reviews (docs/features/reviews.md): strangers, other buyers' and
 * refunded orders are refused and write nothing; floods from one order and one client stop at their
 * limits; a review never moves another guide's figures; text arrives as plain text, whatever it holds.
 */
let ctx: TestContext;
let dakar: GuideRow;
let maroc: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ env: { ADMIN_API_KEY: ADMIN_KEY } });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  maroc = await insertSellableGuide(ctx, { title: 'Marrakech pratique' });
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.db.delete(guideReviews);
  await ctx.db.delete(reviewWriteWindows);
});

const reviewCount = async () => (await ctx.db.select().from(guideReviews)).length;

describe('who may review', () => {
  test('a stranger with a made-up or malformed order id is refused with a 404, and nothing is written', async () => {
    for (const id of [randomBytes(18).toString('base64url'), 'x', '../admin', '%00', 'a'.repeat(200)]) {
      const res = await writeReview(ctx, id, dakar.id, { rating: 5 });
      expectWellFormed(res, 'review write');
      expect(res.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, id).toBeLessThan(500);
    }
    expect(await reviewCount()).toBe(0);
  });

  test('another buyer’s order cannot review a guide it does not hold, nor touch that buyer’s review', async () => {
    const awa = await insertOrder(ctx.db, { guides: [dakar], email: 'awa@example.com' });
    const moussa = await insertOrder(ctx.db, { guides: [maroc], email: 'moussa@example.com' });
    expect((await writeReview(ctx, awa.order.publicId, dakar.id, { rating: 5 })).statusCode).toBe(200);

    const res = await writeReview(ctx, moussa.order.publicId, dakar.id, { rating: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'guideId' });
    const removal = await deleteReview(ctx, moussa.order.publicId, dakar.id);
    expect(removal.statusCode).toBe(404);
    const rows = await ctx.db.select().from(guideReviews);
    expect(rows.map((r) => [r.buyerEmail, r.rating])).toEqual([['awa@example.com', 5]]);
  });

  test('a refunded, revoked, unpaid or rejected order is refused with a 403, and nothing is written', async () => {
    const refunded = await insertOrder(ctx.db, { guides: [dakar], email: 'r@example.com' });
    await ctx.db
      .update(orders)
      .set({ refundedAmount: refunded.order.total })
      .where(eq(orders.id, refunded.order.id));
    const revoked = await insertOrder(ctx.db, { guides: [dakar], email: 'v@example.com' });
    await ctx.db.update(orders).set({ accessRevokedAt: new Date() }).where(eq(orders.id, revoked.order.id));
    const pending = await insertOrder(ctx.db, { guides: [dakar], status: 'pending_verification' });
    const rejected = await insertOrder(ctx.db, { guides: [dakar], status: 'rejected' });
    for (const { order } of [refunded, revoked, pending, rejected]) {
      const res = await writeReview(ctx, order.publicId, dakar.id, { rating: 5, text: 'Génial' });
      expect(res.statusCode, order.status).toBe(403);
      expect(res.json()).toMatchObject({ code: 'not_a_buyer' });
    }
    expect(await reviewCount()).toBe(0);
  });
});

describe('floods', () => {
  test('one order is limited to 20 review writes an hour, whatever the client addresses; the 21st writes nothing', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [dakar, maroc] });
    for (let i = 0; i < 20; i += 1) {
      const guide = i % 2 === 0 ? dakar : maroc;
      const res = await writeReview(ctx, order.publicId, guide.id, { rating: (i % 5) + 1 });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await ctx.db.select().from(guideReviews);
    const refused = await writeReview(ctx, order.publicId, dakar.id, { rating: 1, text: 'spam' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'review_limit' });
    expect(await deleteReview(ctx, order.publicId, dakar.id).then((r) => r.statusCode)).toBe(429);
    expect(await ctx.db.select().from(guideReviews)).toEqual(before);

    // An hour later the order may write again.
    await ctx.db.update(reviewWriteWindows).set({ windowStart: sql`now() - interval '61 minutes'` });
    expect((await writeReview(ctx, order.publicId, dakar.id, { rating: 4 })).statusCode).toBe(200);
  });

  test('one client address is limited across many orders (60 writes per 15 minutes)', async () => {
    const client = freshAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1) {
      const { order } = await insertOrder(ctx.db, { guides: [dakar], email: `flood${i}@example.com` });
      statuses.push((await writeReview(ctx, order.publicId, dakar.id, { rating: 5 }, client)).statusCode);
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    expect(await reviewCount()).toBe(60);
  });
});

describe('figures and words', () => {
  test('a review of one guide never changes another guide’s figures', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [dakar] });
    await writeReview(ctx, order.publicId, dakar.id, { rating: 1 });
    // The same order, another guide's id in the address (and one that does not exist).
    expect((await writeReview(ctx, order.publicId, maroc.id, { rating: 5 })).statusCode).toBe(404);
    expect((await writeReview(ctx, order.publicId, crypto.randomUUID(), { rating: 5 })).statusCode).toBe(404);
    expect((await guideDetail(ctx, maroc.slug)).rating).toBeNull();
    expect((await guideDetail(ctx, dakar.slug)).rating).toEqual({ average: '1.0', count: 1 });
  });

  test('stars out of range, fractions, strings and over-long words are 400s naming the field; nothing is written', async () => {
    const { order } = await insertOrder(ctx.db, { guides: [dakar] });
    const cases: [Record<string, unknown>, string][] = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ rating: '5' }, 'rating'],
      [{ rating: null }, 'rating'],
      [{ rating: 5, locale: 'de' }, 'locale'],
      [{ rating: 5, title: 'x'.repeat(121) }, 'title'],
      [{ rating: 5, text: 'x'.repeat(2001) }, 'text'],
      [{ rating: 5, text: ['a'] }, 'text'],
      [{ rating: 5, text: 'nul\u0000byte' }, 'text'],
    ];
    for (const [body, field] of cases) {
      const res = await writeReview(ctx, order.publicId, dakar.id, body as { rating: unknown });
      expectWellFormed(res, 'review write');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      // The shop's text rule names a NUL's field in its message, the contract in `field`.
      const { field: named, message } = res.json() as { field?: string; message: string };
      expect(named ?? message.split(':', 1)[0], JSON.stringify(body)).toBe(field);
    }
    expect(await reviewCount()).toBe(0);
  });

  test('markup, scripts, bidi tricks and lone surrogates arrive as plain text; the page and its markup stay closed', async () => {
    const { order } = await insertOrder(ctx.db, {
      guides: [dakar],
      firstName: '<img src=x onerror=alert(1)>',
      lastName: '\u202eDiop',
    });
    const text = '</script><script>alert(1)</script> <a href="https://evil.example">ici</a> \ud800 fin\u202e';
    const res = await writeReview(ctx, order.publicId, dakar.id, { rating: 5, title: '<b>Top</b>', text });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(guideReviews);
    expect(row!.body).toBe(
      '</script><script>alert(1)</script> <a href="https://evil.example">ici</a> \ufffd fin',
    );
    expect(row!.reviewerName).toBe('<img src=x onerror=alert(1)> D.');
    const page = await ctx.app.inject({ url: `/guides/${dakar.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<a href="https://evil.example"');
    expect(page.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

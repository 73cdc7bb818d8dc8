import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailLog, guideReviews, jobs, orders } from '../../src/server/db/schema';
import { activityRows, actorOf } from '../helpers/admin-activity';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, paidCardOrder, refund } from './refunds-helpers';
import { deleteReview, guideDetail, listedRating, orderReviews, writeReview } from './reviews-helpers';

let ctx: TestContext;
let smtp: TestSmtpServer;
let dakar: GuideRow;
let maroc: GuideRow;
const admin = { 'x-admin-key': ADMIN_KEY };

beforeAll(async () => {
  // Caches that keep answers for ten minutes: every change below must refresh them itself.
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    env: {
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://guides.example',
      ADMIN_API_KEY: ADMIN_KEY,
      CATALOGUE_CACHE_TTL_MS: '600000',
      PAGE_CACHE_TTL_MS: '600000',
    },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  maroc = await insertSellableGuide(ctx, { title: 'Marrakech pratique' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const reminderMails = (to: string) =>
  smtp.received
    .filter((m) => m.to.some((address) => address.toLowerCase() === to.toLowerCase()))
    .map((m) => readEmail(m.raw))
    .filter((m) => /vous a-t-il aidé|vous ont-ils aidé|help you\?/.test(m.subject));

/** Moves an order's review reminder to now, as if five days had passed, and runs the outbox. */
async function fiveDaysLater(orderId: string) {
  await ctx.db
    .update(jobs)
    .set({ runAfter: sql`now() - interval '1 second'` })
    .where(eq(jobs.dedupeKey, `review-reminder:${orderId}`));
  await ctx.app.services.jobs.runDueJobs();
}

describe('no rating nobody gave', () => {
  test('a guide without reviews carries no rating or count in its page, the list, the page answer or its markup', async () => {
    const detail = await guideDetail(ctx, dakar.slug);
    expect(detail.rating).toBeNull();
    expect(detail.reviews).toEqual([]);
    expect(detail).not.toHaveProperty('reviewCount');
    expect(await listedRating(ctx, dakar.id)).toBeNull();
    const page = await ctx.app.inject({ url: `/guides/${dakar.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('aggregateRating');
    expect(page.body).not.toContain('data-testid="guide-reviews"');
  });
});

describe('a buyer reviews', () => {
  let order: Awaited<ReturnType<typeof paidCardOrder>>;
  beforeAll(async () => {
    order = await paidCardOrder(ctx, dakar.id, 9);
  });

  test('one tap on the stars saves the review; the guide page, the list and the markup show it at once', async () => {
    // Read once so the caches hold the answers without a rating.
    await listedRating(ctx, dakar.id);
    await ctx.app.inject({ url: `/guides/${dakar.slug}` });

    const res = await writeReview(ctx, order.publicId, dakar.id, { rating: 4 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      guideId: dakar.id,
      rating: 4,
      title: null,
      text: null,
      hidden: false,
    });

    const detail = await guideDetail(ctx, dakar.slug);
    expect(detail.rating).toEqual({ average: '4.0', count: 1 });
    expect(detail.reviews).toHaveLength(1);
    expect(detail.reviews[0]).toMatchObject({ rating: 4, reviewer: 'Awa D.' });
    expect(await listedRating(ctx, dakar.id)).toEqual({ average: '4.0', count: 1 });
    const page = await ctx.app.inject({ url: `/guides/${dakar.slug}` });
    expect(page.body).toContain(
      '"aggregateRating":{"@type":"AggregateRating","ratingValue":"4.0","reviewCount":1',
    );
    expect(page.body).toContain('Achat vérifié');
  });

  test('a title and text are added, kept when only the stars change, and cleared with null', async () => {
    let res = await writeReview(ctx, order.publicId, dakar.id, {
      rating: 5,
      title: '  Parfait   pour Dakar ',
      text: 'Très utile.\r\n\r\n\r\n\r\nLes <b>adresses</b> https://exemple.com sont justes.',
      locale: 'fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rating: 5,
      title: 'Parfait pour Dakar',
      text: 'Très utile.\n\nLes <b>adresses</b> https://exemple.com sont justes.',
    });
    res = await writeReview(ctx, order.publicId, dakar.id, { rating: 3 });
    expect(res.json()).toMatchObject({ rating: 3, title: 'Parfait pour Dakar' });
    res = await writeReview(ctx, order.publicId, dakar.id, { rating: 3, title: null, text: '   ' });
    expect(res.json()).toMatchObject({ rating: 3, title: null, text: null });
    const rows = await ctx.db.select().from(guideReviews).where(eq(guideReviews.guideId, dakar.id));
    expect(rows).toHaveLength(1);
  });

  test('the order page reads the buyer’s own reviews and that the order lets them review', async () => {
    const res = await orderReviews(ctx, order.publicId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ canReview: true, reviews: [{ guideId: dakar.id, rating: 3 }] });
  });

  test('a second order with the same email (another case) changes the same review, never a second one', async () => {
    const [again] = await ctx.db
      .insert(orders)
      .values({
        ...order,
        id: undefined,
        publicId: `${order.publicId}x2`,
        orderNumber: `${order.orderNumber}2`,
        email: order.email.toUpperCase(),
        paymentIntentId: null,
      })
      .returning();
    await ctx.db.execute(sql`insert into order_items (order_id, guide_id, quantity, unit_price, title)
      values (${again!.id}, ${dakar.id}, 1, '9.00', 'Dakar essentiel')`);
    const res = await writeReview(ctx, again!.publicId, dakar.id, { rating: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.db.select().from(guideReviews).where(eq(guideReviews.guideId, dakar.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rating).toBe(2);
  });

  test('deleting the review removes it and the figures', async () => {
    const res = await deleteReview(ctx, order.publicId, dakar.id);
    expect(res.statusCode).toBe(204);
    expect((await guideDetail(ctx, dakar.slug)).rating).toBeNull();
    expect(await listedRating(ctx, dakar.id)).toBeNull();
    expect(await ctx.db.select().from(guideReviews).where(eq(guideReviews.guideId, dakar.id))).toEqual([]);
  });
});

describe('refunds and revoked access hide the buyer’s reviews', () => {
  test('a full refund hides the review from the page and the list, and the buyer can no longer write', async () => {
    const order = await paidCardOrder(ctx, maroc.id, 9);
    expect((await writeReview(ctx, order.publicId, maroc.id, { rating: 1 })).statusCode).toBe(200);
    expect((await guideDetail(ctx, maroc.slug)).rating).toEqual({ average: '1.0', count: 1 });
    const refunded = await refund(ctx, order.id);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await guideDetail(ctx, maroc.slug)).rating).toBeNull();
    expect(await listedRating(ctx, maroc.id)).toBeNull();
    const again = await writeReview(ctx, order.publicId, maroc.id, { rating: 5 });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'not_a_buyer' });
    const [row] = await ctx.db.select().from(guideReviews).where(eq(guideReviews.guideId, maroc.id));
    expect(row!.rating).toBe(1);
    expect((await orderReviews(ctx, order.publicId)).json()).toMatchObject({ canReview: false });
  });

  test('a revoked access hides the review; restoring it shows it again', async () => {
    const { order } = await insertOrder(ctx.db, {
      guides: [maroc],
      email: 'fatou@example.com',
      firstName: 'Fatou',
      lastName: 'sow',
    });
    expect((await writeReview(ctx, order.publicId, maroc.id, { rating: 5 })).statusCode).toBe(200);
    expect((await guideDetail(ctx, maroc.slug)).rating).toEqual({ average: '5.0', count: 1 });
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/revoke`,
      headers: admin,
      payload: { reason: 'Fraude' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await guideDetail(ctx, maroc.slug)).rating).toBeNull();
    const restored = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/restore`,
      headers: admin,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const detail = await guideDetail(ctx, maroc.slug);
    expect(detail.rating).toEqual({ average: '5.0', count: 1 });
    expect(detail.reviews[0]!.reviewer).toBe('Fatou S.');
  });
});

describe('the one review reminder', () => {
  test('is queued with the order for 5 days later, sent once in the order’s language, never again', async () => {
    const order = await paidCardOrder(ctx, dakar.id, 9);
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `review-reminder:${order.id}`));
    const days = (job!.runAfter.getTime() - order.completedAt!.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(5, 3);
    await ctx.app.services.jobs.runDueJobs();
    expect(reminderMails(order.email)).toEqual([]);

    await fiveDaysLater(order.id);
    const mails = reminderMails(order.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Votre guide vous a-t-il aidé\u00a0?');
    expect(mails[0]!.text).toContain('«\u00a0Dakar essentiel\u00a0»');
    expect(mails[0]!.text).toContain(`/order-confirmation/${order.publicId}?lang=fr#reviews`);
    expect(mails[0]!.text).toContain('C’est le seul rappel');

    // Queued again (a second completion, a retry): the email log makes it once.
    await ctx.db
      .update(jobs)
      .set({ status: 'pending' })
      .where(eq(jobs.dedupeKey, `review-reminder:${order.id}`));
    await fiveDaysLater(order.id);
    expect(reminderMails(order.email)).toHaveLength(1);
    const logged = await ctx.db
      .select()
      .from(emailLog)
      .where(eq(emailLog.dedupeKey, `review-reminder:${order.id}`));
    expect(logged).toHaveLength(1);
  });

  test('is not sent after a refund, nor when the buyer already reviewed', async () => {
    const refunded = await paidCardOrder(ctx, dakar.id, 9);
    expect((await refund(ctx, refunded.id, { amount: '1.00' })).statusCode).toBe(200);
    await fiveDaysLater(refunded.id);
    expect(reminderMails(refunded.email)).toEqual([]);

    const reviewed = await paidCardOrder(ctx, dakar.id, 9);
    expect((await writeReview(ctx, reviewed.publicId, dakar.id, { rating: 5 })).statusCode).toBe(200);
    await fiveDaysLater(reviewed.id);
    expect(reminderMails(reviewed.email)).toEqual([]);
  });
});

describe('the operator moderates', () => {
  let reviewId: string;
  beforeAll(async () => {
    await ctx.db.delete(guideReviews);
    const a = await insertOrder(ctx.db, {
      guides: [dakar],
      email: 'a@example.com',
      firstName: 'Ama',
      lastName: 'Kone',
    });
    const b = await insertOrder(ctx.db, {
      guides: [dakar],
      email: 'b@example.com',
      firstName: 'Binta',
      lastName: 'Ba',
      locale: 'en',
    });
    await writeReview(ctx, a.order.publicId, dakar.id, { rating: 5, text: 'Super' });
    const low = await writeReview(ctx, b.order.publicId, dakar.id, {
      rating: 2,
      text: 'Outdated prices',
      locale: 'en',
    });
    expect(low.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(guideReviews).where(eq(guideReviews.rating, 2));
    reviewId = row!.id;
  });

  test('lists reviews filtered by stars and guide, and counts the low ones that need a reply', async () => {
    const res = await ctx.app.inject({
      url: `/api/admin/reviews?stars=2&guideId=${dakar.id}`,
      headers: admin,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.reviews).toHaveLength(1);
    expect(page.reviews[0]).toMatchObject({
      rating: 2,
      email: 'b@example.com',
      reviewer: 'Binta B.',
      hidden: false,
    });
    expect(page.needsYou).toBe(1);
    const none = await ctx.app.inject({
      url: `/api/admin/reviews?guideId=${maroc.id}&stars=2`,
      headers: admin,
    });
    expect(none.json().reviews).toEqual([]);
  });

  test('the guide page puts reviews in the guide’s language first', async () => {
    const detail = await guideDetail(ctx, dakar.slug);
    expect(detail.rating).toEqual({ average: '3.5', count: 2 });
    expect(detail.reviews.map((r) => r.locale)).toEqual(['fr', 'en']);
  });

  test('hiding a review needs a reason, keeps it in the activity log and changes the figures', async () => {
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/visibility`,
      headers: admin,
      payload: { hidden: true, reason: ' ' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'reason' });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/visibility`,
      headers: admin,
      payload: { hidden: true, reason: 'Insulting words' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hidden: true, hiddenReason: 'Insulting words' });
    expect((await guideDetail(ctx, dakar.slug)).rating).toEqual({ average: '5.0', count: 1 });
    expect(await listedRating(ctx, dakar.id)).toEqual({ average: '5.0', count: 1 });
    const [entry] = (await activityRows(ctx.db)).filter((row) => row.action === 'review.hide');
    expect(entry).toMatchObject({
      actor: actorOf(ADMIN_KEY),
      subjectType: 'review',
      subjectId: reviewId,
      after: { hidden: true, reason: 'Insulting words' },
    });
    const shown = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/visibility`,
      headers: admin,
      payload: { hidden: false, reason: 'Reworded by the buyer' },
    });
    expect(shown.json()).toMatchObject({ hidden: false });
    expect((await guideDetail(ctx, dakar.slug)).rating).toEqual({ average: '3.5', count: 2 });
  });

  test('a public reply shows under the review and takes it off the list of things that need you', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/reviews/${reviewId}/reply`,
      headers: admin,
      payload: { reply: 'Thank you: prices are updated in the 2027 edition.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await guideDetail(ctx, dakar.slug);
    expect(detail.reviews.find((r) => r.rating === 2)?.reply).toBe(
      'Thank you: prices are updated in the 2027 edition.',
    );
    const list = await ctx.app.inject({ url: '/api/admin/reviews', headers: admin });
    expect(list.json().needsYou).toBe(0);
    const [entry] = (await activityRows(ctx.db)).filter((row) => row.action === 'review.reply');
    expect(entry).toMatchObject({ subjectId: reviewId });
  });

  test('the Guides tab’s rating and review count are the computed ones', async () => {
    const res = await ctx.app.inject({ url: '/api/admin/travel-guides', headers: admin });
    const guides = res.json() as { id: string; rating: string | null; reviewCount: number }[];
    expect(guides.find((g) => g.id === dakar.id)).toMatchObject({ rating: '3.5', reviewCount: 2 });
    expect(guides.find((g) => g.id === maroc.id)).toMatchObject({ reviewCount: expect.any(Number) });
  });
});

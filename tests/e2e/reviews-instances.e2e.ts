import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Database, openPostgres } from '../../src/server/db/client';
import { emailLog, jobs } from '../../src/server/db/schema';
import type { Guide } from '../../src/shared/contracts/catalogue';
import type { Order } from '../../src/shared/contracts/orders';
import { readEmail } from '../helpers/mail';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { keepScreenshot, launchBrowser, type RunningShop, startShop } from './harness';
import { signedInAdmin, waitForMail } from './mobile-money-support';
import { buyByTestCard, firstPaidGuide, newPhone, productMarkup, shownReviews } from './reviews-support';

// Reviews across two instances on one PostgreSQL database (docs/features/reviews.md): the one
// reminder email arrives once after 5 days (time moved in the database) and never after a refund;
// the operator hides a review on one instance and the guide page of the other, served from memory
// with a ten-minute lifetime, changes its average at once.

const ADMIN_KEY = 'e2e-admin-key-reviews-0123456789';
const admin = { 'x-admin-key': ADMIN_KEY, 'content-type': 'application/json' };
const REMINDER = /vous a-t-il aidé|help you\?/;

describe.skipIf(!process.env.DATABASE_URL)('reviews on two instances', () => {
  let smtp: TestSmtpServer;
  let one: RunningShop;
  let other: RunningShop;
  let database: Database;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let guide: Guide;
  const orders: Record<'awa' | 'john' | 'fatou', Order> = {} as never;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = {
      ADMIN_API_KEY: ADMIN_KEY,
      SMTP_URL: smtp.url,
      PAGE_CACHE_TTL_MS: '600000',
      CATALOGUE_CACHE_TTL_MS: '600000',
    };
    one = await startShop({ env });
    [other, browser] = await Promise.all([startShop({ env, shareDatabaseOf: one }), launchBrowser()]);
    database = await openPostgres(one.databaseUrl!, { max: 2 });
    guide = await firstPaidGuide(one.url);
    orders.awa = await buyByTestCard(one.url, guide, {
      email: 'awa.rappel@example.com',
      firstName: 'Awa',
      lastName: 'Diallo',
      locale: 'fr',
    });
    orders.john = await buyByTestCard(other.url, guide, {
      email: 'john.reminder@example.com',
      firstName: 'John',
      lastName: 'Lee',
      locale: 'en',
    });
    orders.fatou = await buyByTestCard(one.url, guide, {
      email: 'fatou.rembourse@example.com',
      firstName: 'Fatou',
      lastName: 'Sy',
      locale: 'fr',
    });
  });
  afterAll(async () => {
    await browser?.close();
    await database?.close();
    await other?.stop();
    await one?.stop();
    await smtp?.close();
  });

  const remindersTo = (to: string) =>
    smtp.received
      .filter((m) => m.to.includes(to))
      .map((m) => readEmail(m.raw))
      .filter((m) => REMINDER.test(m.subject));

  /** Five days pass for the review reminders: they fall due now, and the test waits until each is done. */
  async function fiveDaysPass() {
    await database.db
      .update(jobs)
      .set({ status: 'pending', runAfter: sql`now()` })
      .where(like(jobs.dedupeKey, 'review-reminder:%'));
    await expect
      .poll(
        async () =>
          (
            await database.db
              .select({ status: jobs.status })
              .from(jobs)
              .where(like(jobs.dedupeKey, 'review-reminder:%'))
          ).every((job) => job.status === 'done'),
        { timeout: 30_000, interval: 300 },
      )
      .toBe(true);
  }

  test('the reminder waits 5 days, then arrives once in the order’s language, and never after a refund', async () => {
    const queued = await database.db.select().from(jobs).where(like(jobs.dedupeKey, 'review-reminder:%'));
    expect(queued).toHaveLength(3);
    for (const job of queued) expect(job.runAfter.getTime()).toBeGreaterThan(Date.now() + 4.9 * 86_400_000);

    // The operator refunds Fatou's order in full before the 5 days are over.
    const found = await (
      await fetch(`${one.url}/api/admin/orders?q=${encodeURIComponent(orders.fatou.email)}`, {
        headers: admin,
      })
    ).json();
    const refund = await fetch(`${one.url}/api/admin/orders/${found.orders[0].id}/refunds`, {
      method: 'POST',
      headers: admin,
      body: JSON.stringify({ requestKey: randomUUID() }),
    });
    expect(refund.status, await refund.clone().text()).toBe(200);

    await fiveDaysPass();
    const awa = await waitForMail(smtp, orders.awa.email, REMINDER);
    expect(awa.subject).toBe('Votre guide vous a-t-il aidé\u00a0?');
    expect(awa.text).toContain(`/order-confirmation/${orders.awa.id}?lang=fr#reviews`);
    const john = await waitForMail(smtp, orders.john.email, REMINDER);
    expect(john.subject).toBe('Did your guide help you?');
    expect(remindersTo(orders.fatou.email)).toEqual([]);

    // The same jobs run again (a retry, a crash after sending): no second email.
    await fiveDaysPass();
    expect(remindersTo(orders.awa.email)).toHaveLength(1);
    expect(remindersTo(orders.john.email)).toHaveLength(1);
    expect(remindersTo(orders.fatou.email)).toEqual([]);
    const logged = await database.db.select().from(emailLog).where(eq(emailLog.kind, 'review-reminder'));
    expect(logged).toHaveLength(2);
  });

  test('the operator hides a review on one instance; the other’s guide page changes its average at once', async () => {
    // Awa rates 5 from her order page on the second instance; John gives 1 star through the first.
    const page = await newPhone(browser);
    await page.goto(`${other.url}/order-confirmation/${orders.awa.id}#reviews`);
    await page.getByTestId('review-form').getByRole('button', { name: '5 sur 5' }).tap();
    await expect
      .poll(() => page.getByTestId('review-form').getByRole('status').textContent())
      .toBe('Note enregistrée.');
    const low = await fetch(`${one.url}/api/orders/${orders.john.id}/reviews/${guide.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rating: 1, text: 'Useless, all wrong', locale: 'en' }),
    });
    expect(low.status).toBe(200);

    const guidePage = await newPhone(browser);
    await guidePage.goto(`${other.url}/guides/${guide.slug}`);
    expect((await productMarkup(guidePage)).aggregateRating).toMatchObject({
      ratingValue: '3.0',
      reviewCount: 2,
    });

    const operator = await signedInAdmin(browser, one.url, ADMIN_KEY, 'orders', 390);
    await operator
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Reviews' })
      .click();
    await expect
      .poll(() => operator.getByTestId('reviews-need-you').textContent())
      .toContain('1 review of 2 stars or fewer');
    await operator.getByLabel('Stars', { exact: true }).selectOption('1');
    const card = operator.getByTestId('admin-review');
    await expect.poll(() => card.count()).toBe(1);
    await card.getByRole('button', { name: 'Hide…' }).click();
    await card.getByLabel(/^Reason/).fill('Insulting, no detail');
    await keepScreenshot(operator, 'reviews-admin-hide-390', { fullPage: true });
    await card.getByRole('button', { name: 'Hide review' }).click();
    await expect.poll(() => card.getAttribute('data-hidden')).toBe('true');

    await guidePage.reload();
    expect((await productMarkup(guidePage)).aggregateRating).toMatchObject({
      ratingValue: '5.0',
      reviewCount: 1,
    });
    const shown = await shownReviews(guidePage);
    expect(shown?.count).toBe('1 avis');
    expect(shown?.texts.join('\n')).not.toContain('Useless');
    const listed = (await (await fetch(`${other.url}/api/travel-guides?locale=fr`)).json()) as Guide[];
    expect(listed.find((g) => g.id === guide.id)?.rating).toEqual({ average: '5.0', count: 1 });
  });
});

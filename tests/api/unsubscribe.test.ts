import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { marketingConsents, orders } from '../../src/server/db/schema';
import { queueReviewReminder } from '../../src/server/modules/orders/review-reminder-job';
import { drainEditionJobs, publish } from '../helpers/editions';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'unsubscribe-test-key-0123456789abcdef';
let ctx: TestContext;
let smtp: TestSmtpServer;
let guide: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({ ADMIN_API_KEY: ADMIN_KEY }));
  guide = await insertSellableGuide(ctx, { title: 'Abidjan pratique' });
  await insertOrder(ctx.db, { guides: [guide], email: 'awa@example.com', locale: 'fr', firstName: 'Awa' });
  await insertOrder(ctx.db, { guides: [guide], email: 'john@example.com', locale: 'en', firstName: 'John' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const mailsTo = (to: string) =>
  smtp.received.filter((m) => m.to.includes(to)).map((message) => readEmail(message.raw));

async function publishAndSend(label: string) {
  const res = await publish(ctx, ADMIN_KEY, guide.id, {
    fields: { notifyBuyers: 'true', labelFr: label, labelEn: label },
  });
  expect(res.statusCode, res.body).toBe(201);
  await drainEditionJobs(ctx);
}

/** The path of the link in List-Unsubscribe, as a mail client would POST to it. */
const unsubscribePath = (mail: ReturnType<typeof readEmail>) => {
  const header = mail.headers.get('list-unsubscribe') ?? '';
  const url = /^<(https:\/\/guides\.example(\/api\/unsubscribe\/[A-Za-z0-9_-]+))>$/.exec(header);
  expect(url, header).not.toBeNull();
  return url![2]!;
};

const oneClick = (path: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('unsubscribing from new-edition notices', () => {
  let awaPath: string;

  test('a notice carries List-Unsubscribe, One-Click and the same link in its text', async () => {
    await publishAndSend('Édition 2027');
    const [mail] = mailsTo('awa@example.com');
    expect(mail).toBeDefined();
    awaPath = unsubscribePath(mail!);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain('Ne plus recevoir ces messages');
    expect(mail!.text.replace(/\s+/g, '')).toContain(`https://guides.example${awaPath}`);
    // The token: an order id and a 128-bit signature, 46 characters whatever the address.
    expect(awaPath.split('/').at(-1)).toHaveLength(46);
  });

  test('the link opens a page in the buyer’s language with one button and no script; opening it unsubscribes nobody', async () => {
    const page = await ctx.app.inject({ url: awaPath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('lang="fr"');
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('Me désinscrire');
    expect(page.body).not.toContain('<script');
    expect(await ctx.db.select().from(marketingConsents)).toEqual([]);
  });

  test('the one-click POST withdraws at once, and the next edition is not sent to that address', async () => {
    const res = await oneClick(awaPath);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('C’est fait');
    const rows = await ctx.db.select().from(marketingConsents);
    expect(rows).toEqual([
      expect.objectContaining({
        channel: 'email',
        action: 'withdrawn',
        email: 'awa@example.com',
        source: 'unsubscribe_link',
        locale: 'fr',
      }),
    ]);
    const before = { awa: mailsTo('awa@example.com').length, john: mailsTo('john@example.com').length };
    await publishAndSend('Édition 2028');
    expect(mailsTo('awa@example.com')).toHaveLength(before.awa);
    expect(mailsTo('john@example.com')).toHaveLength(before.john + 1);
  });

  test('the page’s own form (no body) works too, and a flood of clicks writes one row', async () => {
    const john = unsubscribePath(mailsTo('john@example.com').at(-1)!);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 ? oneClick(john) : ctx.app.inject({ method: 'POST', url: john }),
      ),
    );
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(answers.some((a) => a.statusCode === 200 && a.body.includes('Done:'))).toBe(true);
    const rows = await ctx.db
      .select()
      .from(marketingConsents)
      .where(eq(marketingConsents.email, 'john@example.com'));
    expect(rows).toHaveLength(1);
  });

  test('a forged, cut or re-spelled token is a 400 naming the token, and withdraws nothing', async () => {
    const token = awaPath.split('/').at(-1)!;
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${token.slice(0, -1)}${last}`;
    const otherAddress = Buffer.from(token, 'base64url');
    otherAddress.write('z', 2);
    const bad = [
      forged,
      token.slice(0, 20),
      token.slice(0, -4),
      otherAddress.toString('base64url'),
      `${token}=`,
      'x'.repeat(46),
      `${token}A`,
    ];
    for (const candidate of bad) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/api/unsubscribe/${encodeURIComponent(candidate)}`,
        });
        expect(res.statusCode, `${method} ${candidate}`).toBe(400);
        expect(res.json().message).toContain('token');
      }
    }
    expect(await ctx.db.select().from(marketingConsents)).toHaveLength(2);
  });

  test('a cut link opened in a browser is a page saying so in both languages, with the same 400; nothing is withdrawn', async () => {
    const cut = awaPath.split('/').at(-1)!.slice(0, 20);
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const method of ['GET', 'POST'] as const) {
      const res = await ctx.app.inject({
        method,
        url: `/api/unsubscribe/${cut}`,
        headers: { accept: browser },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toContain('Ce lien de désinscription n’est pas valide');
      expect(res.body).toContain('This unsubscribe link is not valid');
      expect(res.body).not.toContain('<script');
    }
    expect(await ctx.db.select().from(marketingConsents)).toHaveLength(2);
  });
});

describe('unsubscribing from the review reminder', () => {
  test('an unsubscribed buyer gets no review reminder; another buyer gets one with its link', async () => {
    const { order: quiet } = await insertOrder(ctx.db, { guides: [guide], email: 'quiet@example.com' });
    const { order: loud } = await insertOrder(ctx.db, { guides: [guide], email: 'loud@example.com' });
    await ctx.db.insert(marketingConsents).values({
      channel: 'email',
      action: 'withdrawn',
      email: 'quiet@example.com',
      locale: 'fr',
      source: 'unsubscribe_link',
    });
    // Completed long ago: the reminder is due now.
    for (const order of [quiet, loud]) await queueReviewReminder(ctx.db, order.id, new Date(0));
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo('quiet@example.com')).toEqual([]);
    const [reminder] = mailsTo('loud@example.com');
    expect(reminder?.subject).toMatch(/aidé/);
    expect(unsubscribePath(reminder!)).toMatch(/^\/api\/unsubscribe\//);
    expect((await ctx.db.select().from(orders).where(eq(orders.email, 'quiet@example.com'))).length).toBe(1);
  });
});

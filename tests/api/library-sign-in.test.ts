import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { librarySessions, librarySignIns } from '../../src/server/db/schema';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';
import {
  askSignIn,
  cookieOf,
  freshAddress,
  readLibrary,
  redeem,
  signInMails,
  tokenOf,
} from './library-helpers';

let ctx: TestContext;
let smtp: TestSmtpServer;
let dakar: GuideRow;
const BUYER = 'awa.diop@example.com';

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({ LIBRARY_SIGN_INS_PER_EMAIL_PER_HOUR: '3' }));
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  await insertOrder(ctx.db, { guides: [dakar], email: BUYER });
});

/** A buyer of their own, so each test's asks stay under the per-email limit. */
let buyers = 0;
async function newBuyer(): Promise<string> {
  const email = `buyer${buyers++}@example.com`;
  await insertOrder(ctx.db, { guides: [dakar], email });
  return email;
}
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** Asks for a link and returns the token the email carried. */
async function emailedToken(email: string, locale: 'fr' | 'en' = 'fr'): Promise<string> {
  const before = signInMails(smtp, email).length;
  expect((await askSignIn(ctx, email, { locale })).statusCode).toBe(202);
  await ctx.app.services.jobs.runDueJobs();
  const mails = signInMails(smtp, email);
  expect(mails.length).toBe(before + 1);
  return tokenOf(mails.at(-1)!);
}

describe('asking for a sign-in link', () => {
  test('a buyer gets one link, in the language asked, valid 15 minutes, only its hash stored', async () => {
    const token = await emailedToken(BUYER, 'en');
    const mail = signInMails(smtp, BUYER).at(-1)!;
    expect(mail.subject).toBe('Your sign-in link to "My guides"');
    expect(mail.text).toContain(`https://guides.example/my-guides?lang=en#token=${token}`);
    expect(mail.html).toContain('<html lang="en">');
    const rows = await ctx.db.select().from(librarySignIns).where(eq(librarySignIns.email, BUYER));
    const row = rows.find((r) => r.tokenHash !== null)!;
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const minutes = (row.expiresAt!.getTime() - row.sentAt!.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  test('in French by default, to the French page', async () => {
    const token = await emailedToken(BUYER, 'fr');
    const mail = signInMails(smtp, BUYER).at(-1)!;
    expect(mail.subject).toBe('Votre lien de connexion à « Mes guides »');
    expect(mail.text).toContain(`https://guides.example/mes-guides?lang=fr#token=${token}`);
  });

  test('an email without orders gets the same answer and no email', async () => {
    const stranger = 'nobody.here@example.com';
    const a = await askSignIn(ctx, stranger);
    const b = await askSignIn(ctx, 'AWA.DIOP@example.com');
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(a.body).toBe(b.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    await ctx.app.services.jobs.runDueJobs();
    expect(smtp.received.filter((m) => m.to.includes(stranger))).toEqual([]);
  });

  test('enumeration: 30 buyers and 30 strangers get identical answers, in times within noise', async () => {
    const buyers = await Promise.all(Array.from({ length: 30 }, () => newBuyer()));
    const strangers = Array.from({ length: 30 }, (_, i) => `stranger${i}@example.com`);
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await askSignIn(ctx, email);
      return { ms: performance.now() - start, res };
    };
    const buyerRuns: number[] = [];
    const strangerRuns: number[] = [];
    // Interleaved, each side first in turn, so a slow moment of the machine falls on both alike.
    for (let i = 0; i < 30; i++) {
      const buyerFirst = i % 2 === 0;
      const first = await timed(buyerFirst ? buyers[i]! : strangers[i]!);
      const second = await timed(buyerFirst ? strangers[i]! : buyers[i]!);
      const [a, b] = buyerFirst ? [first, second] : [second, first];
      expect([a.res.statusCode, b.res.statusCode]).toEqual([202, 202]);
      expect(a.res.body).toBe(b.res.body);
      expect(Object.keys(a.res.headers).sort()).toEqual(Object.keys(b.res.headers).sort());
      buyerRuns.push(a.ms);
      strangerRuns.push(b.ms);
    }
    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
    const [buyer, stranger] = [median(buyerRuns), median(strangerRuns)];
    // Loose on purpose (a shared machine): the same work on both sides keeps them far closer than this.
    expect(Math.abs(buyer - stranger)).toBeLessThan(Math.max(10, 0.5 * Math.max(buyer, stranger)));
    await ctx.app.services.jobs.runDueJobs();
    expect(smtp.received.filter((m) => m.to.some((to) => to.startsWith('stranger')))).toEqual([]);
    for (const email of buyers.slice(0, 3)) expect(signInMails(smtp, email)).toHaveLength(1);
  });

  test('a malformed email or language is a 400 naming the field', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/sign-in',
      payload: { email: 'not-an-email', locale: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'email' });
    const lang = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/sign-in',
      payload: { email: BUYER, locale: 'de' },
    });
    expect(lang.statusCode).toBe(400);
    expect(lang.json()).toMatchObject({ field: 'locale' });
    const surrogate = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a\\ud800@example.com","locale":"fr"}',
    });
    expect(surrogate.statusCode).toBe(400);
  });

  test('at most 3 asks an hour per email (whatever its case) are sent; beyond, the same 202 and nothing sent', async () => {
    const email = await newBuyer();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await askSignIn(ctx, i ? email : email.toUpperCase()));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    await ctx.app.services.jobs.runDueJobs();
    expect(signInMails(smtp, email)).toHaveLength(3);
    const rows = await ctx.db.select().from(librarySignIns).where(eq(librarySignIns.email, email));
    expect(rows).toHaveLength(3);
    // Another email is not held back by it.
    const other = await newBuyer();
    await emailedToken(other);
  });

  test('six asks at once for one email: three are sent', async () => {
    const email = await newBuyer();
    const answers = await Promise.all(Array.from({ length: 6 }, () => askSignIn(ctx, email)));
    expect(answers.every((a) => a.statusCode === 202)).toBe(true);
    await ctx.app.services.jobs.runDueJobs();
    expect(signInMails(smtp, email)).toHaveLength(3);
  });

  test('at most 20 asks per client address per 15 minutes, then 429 naming the limit, with Retry-After', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 20; i++) {
      const res = await askSignIn(ctx, `flood${i}@example.com`, { remoteAddress });
      expect(res.statusCode).toBe(202);
    }
    const refused = await askSignIn(ctx, 'flood-last@example.com', { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/at most 20 every 15 minutes/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('opening the link', () => {
  test('signs the browser in: an HttpOnly, SameSite=Lax cookie for 30 days on the library calls', async () => {
    const buyer = await newBuyer();
    const res = await redeem(ctx, await emailedToken(buyer));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email: buyer });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/; Path=\/api\/library; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const sessions = await ctx.db.select().from(librarySessions);
    expect(JSON.stringify(sessions)).not.toContain(cookieOf(res).split('=')[1]);
    expect((await readLibrary(ctx, cookieOf(res))).statusCode).toBe(200);
  });

  test('the cookie is Secure when the shop is reached over HTTPS', async () => {
    const { ctx: behindProxy, smtp: mail } = await createMailingTestContext({ TRUST_PROXY: '1' });
    try {
      const guide = await insertSellableGuide(behindProxy, { title: 'Abidjan' });
      await insertOrder(behindProxy.db, { guides: [guide], email: BUYER });
      await askSignIn(behindProxy, BUYER);
      await behindProxy.app.services.jobs.runDueJobs();
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/library/session',
        payload: { token: tokenOf(signInMails(mail, BUYER)[0]!) },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    } finally {
      await behindProxy.close();
      await mail.close();
    }
  });

  test('a link works once: opened again it is 410 saying it was used', async () => {
    const token = await emailedToken(await newBuyer());
    expect((await redeem(ctx, token)).statusCode).toBe(200);
    const again = await redeem(ctx, token);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({ code: 'link_used' });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  test('two opens of one link at once make one session', async () => {
    const token = await emailedToken(await newBuyer());
    const answers = await Promise.all([redeem(ctx, token), redeem(ctx, token), redeem(ctx, token)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  });

  test('an expired link is 410 saying so', async () => {
    const buyer = await newBuyer();
    const token = await emailedToken(buyer);
    await ctx.db
      .update(librarySignIns)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(librarySignIns.email, buyer));
    const res = await redeem(ctx, token);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toMatchObject({ code: 'link_expired' });
  });

  test('a forged token of the right shape is 403; a malformed one is 400 naming the token', async () => {
    const forged = await redeem(ctx, 'A'.repeat(43));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 'link_invalid' });
    for (const token of [
      '',
      'short',
      `${'A'.repeat(43)}=`,
      'é'.repeat(43),
      '\ud800'.repeat(43),
      'A'.repeat(10_000),
    ]) {
      const res = await redeem(ctx, token);
      expect(res.statusCode, token.slice(0, 10)).toBe(400);
      expect(res.json()).toMatchObject({ field: 'token' });
    }
    const number = await ctx.app.inject({
      method: 'POST',
      url: '/api/library/session',
      payload: { token: 1e308 },
    });
    expect(number.statusCode).toBe(400);
  });

  test('more than 30 opens per client address per 15 minutes are 429 naming the limit', async () => {
    const remoteAddress = freshAddress();
    for (let i = 0; i < 30; i++)
      expect((await redeem(ctx, 'B'.repeat(43), remoteAddress)).statusCode).toBe(403);
    const refused = await redeem(ctx, 'B'.repeat(43), remoteAddress);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/at most 30 every 15 minutes/);
    expect(refused.headers['retry-after']).toBeTruthy();
  });
});

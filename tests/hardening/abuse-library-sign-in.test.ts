import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { librarySignIns } from '../../src/server/db/schema';
import { askSignIn, redeem, signInMails, tokenOf } from '../api/library-helpers';
import { insertOrder, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';

/**
 * "My guides" sign-in turned against its owner (docs/features/library.md): a stranger asks for
 * links to someone else's email until the per-email limit, to flood them and lock their own
 * sign-in. The shop runs with its default limits; each ask comes from its own address.
 */
let ctx: TestContext;
let smtp: TestSmtpServer;
const OWNER = 'mariam.keita@example.com';

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext());
  const guide = await insertSellableGuide(ctx, { title: 'Bamako essentiel' });
  await insertOrder(ctx.db, { guides: [guide], email: OWNER });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const sendQueued = async () => {
  while ((await ctx.app.services.jobs.runDueJobs()) > 0) {}
};

describe("seven sign-in asks for someone else's email", () => {
  test('every ask, and the owner’s own after them, is answered alike; only the limit’s five are sent', async () => {
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await askSignIn(ctx, OWNER));
    const own = await askSignIn(ctx, OWNER, { locale: 'en' });
    const all = [...answers, own];
    expect(all.map((a) => a.statusCode)).toEqual(Array(8).fill(202));
    expect(new Set(all.map((a) => a.body)).size).toBe(1);
    const headerNames = (a: (typeof all)[number]) =>
      Object.keys(a.headers)
        .filter((h) => h !== 'x-request-id' && h !== 'date')
        .sort()
        .join();
    expect(new Set(all.map(headerNames)).size).toBe(1);
    expect(all.every((a) => a.headers['retry-after'] === undefined)).toBe(true);
    await sendQueued();
    expect(signInMails(smtp, OWNER)).toHaveLength(5);
    expect(await ctx.db.select().from(librarySignIns).where(eq(librarySignIns.email, OWNER))).toHaveLength(5);
    console.log(
      '[hardening] library sign-in: 8 asks for one email → 8 × 202, 5 emails (was 5 × 202, 3 × 429)',
    );
  });

  test('once the hour of the first asks has passed, the owner’s next ask is sent and signs them in', async () => {
    await ctx.db
      .update(librarySignIns)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(librarySignIns.email, OWNER));
    const before = signInMails(smtp, OWNER).length;
    expect((await askSignIn(ctx, OWNER)).statusCode).toBe(202);
    await sendQueued();
    const mails = signInMails(smtp, OWNER);
    expect(mails).toHaveLength(before + 1);
    const opened = await redeem(ctx, tokenOf(mails.at(-1)!));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({ email: OWNER });
  });
});

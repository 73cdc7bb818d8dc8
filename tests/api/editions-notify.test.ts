import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailLog, jobs, orders } from '../../src/server/db/schema';
import {
  adminEditionSchema,
  editionMailingRowSchema,
} from '../../src/shared/contracts/endpoints/editions.schemas';
import { drainEditionJobs, publish } from '../helpers/editions';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'editions-notify-key-0123456789abcdef';
let ctx: TestContext;
let smtp: TestSmtpServer;
let guide: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({
    ADMIN_API_KEY: ADMIN_KEY,
    EDITION_EMAILS_PER_SECOND: '2',
  }));
  guide = await insertSellableGuide(ctx, { title: 'Abidjan pratique' });
  const other = await insertSellableGuide(ctx, { title: 'Lomé' });
  // Awa bought twice: her latest order is in French, so her email is.
  await insertOrder(ctx.db, { guides: [guide], email: 'Awa@Example.com', locale: 'en' });
  await new Promise((resolve) => setTimeout(resolve, 5));
  await insertOrder(ctx.db, { guides: [guide], email: 'awa@example.com', locale: 'fr', firstName: 'Awa' });
  await insertOrder(ctx.db, { guides: [guide], email: 'john@example.com', locale: 'en', firstName: 'John' });
  await insertOrder(ctx.db, { guides: [guide], email: 'pending@example.com', status: 'pending' });
  await insertOrder(ctx.db, { guides: [other], email: 'other-guide@example.com' });
  const { order: refunded } = await insertOrder(ctx.db, { guides: [guide], email: 'refunded@example.com' });
  // A full refund as the shop records it: the amount and the revocation it writes.
  await ctx.db
    .update(orders)
    .set({ refundedAmount: refunded.total, accessRevokedAt: new Date() })
    .where(eq(orders.id, refunded.id));
  const { order: revoked } = await insertOrder(ctx.db, { guides: [guide], email: 'revoked@example.com' });
  await ctx.db.update(orders).set({ accessRevokedAt: new Date() }).where(eq(orders.id, revoked.id));
  for (const name of ['kofi', 'mariam', 'seydou'])
    await insertOrder(ctx.db, {
      guides: [guide],
      email: `${name}@example.com`,
      locale: 'en',
      firstName: name,
    });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const mailings = async () => {
  const res = await ctx.app.inject({
    url: '/api/admin/edition-mailings',
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(res.statusCode).toBe(200);
  return editionMailingRowSchema.array().parse(res.json());
};
const received = () => smtp.received.map((message) => ({ to: message.to, ...readEmail(message.raw) }));

describe('telling past buyers of a new edition', () => {
  let editionId: string;

  test('publishing with "tell" counts each address once, of downloadable orders only', async () => {
    const res = await publish(ctx, ADMIN_KEY, guide.id, {
      fields: {
        notifyBuyers: 'true',
        labelFr: 'Édition 2027',
        labelEn: '2027 edition',
        changesFr: 'Nouveaux tarifs des visas.\nLe chapitre transports est réécrit.',
        changesEn: 'New visa prices.\nThe transport chapter is rewritten.',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const edition = adminEditionSchema.parse(res.json());
    editionId = edition.id;
    expect(edition.mailing).toEqual({ total: 5, sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  test('at the configured rate: one batch of 2 now, the next a second later, never all jobs at once', async () => {
    const before = Date.now();
    // One job: on a slow machine the next batch may already be due when the first ends.
    await ctx.app.services.jobs.runDueJobs({ limit: 1 });
    expect(smtp.received).toHaveLength(2);
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify-edition-buyers'));
    const pending = queued.filter((job) => job.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(pending[0]!.runAfter.getTime()).toBeGreaterThanOrEqual(before + 900);
    expect((await mailings())[0]).toMatchObject({ editionId, total: 5, sent: 2, failed: 0 });
  });

  test('a failing mail server leaves failures the operator sees, retried on their own job', async () => {
    smtp.setRefusing(true);
    await ctx.db.update(jobs).set({ runAfter: sql`now()` }).where(eq(jobs.kind, 'notify-edition-buyers'));
    await ctx.app.services.jobs.runDueJobs({ limit: 1 });
    smtp.setRefusing(false);
    expect((await mailings())[0]).toMatchObject({ sent: 2, failed: 2 });
    const retries = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'edition-email'));
    expect(retries).toHaveLength(2);
    await drainEditionJobs(ctx);
    expect((await mailings())[0]).toMatchObject({ total: 5, sent: 5, failed: 0 });
  });

  test('each address gets one email, in the language of its latest order, with the changes and the library', async () => {
    const mails = received();
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      'awa@example.com',
      'john@example.com',
      'kofi@example.com',
      'mariam@example.com',
      'seydou@example.com',
    ]);
    const awa = mails.find((m) => m.to[0] === 'awa@example.com')!;
    expect(awa.subject).toBe('Nouvelle édition : Abidjan pratique (Édition 2027)');
    expect(awa.text).toContain('Bonjour Awa,');
    expect(awa.text).toContain('Le chapitre transports est réécrit.');
    expect(awa.text).toContain('https://guides.example/mes-guides');
    const john = mails.find((m) => m.to[0] === 'john@example.com')!;
    expect(john.subject).toBe('New edition: Abidjan pratique (2027 edition)');
    expect(john.text).toContain('The transport chapter is rewritten.');
    expect(john.text).toContain('https://guides.example/my-guides');
    expect(john.html).toContain('lang="en"');
  });

  test('after a crash mid-way the batches run again and no one gets it twice', async () => {
    // As if every batch's worker died after sending: the jobs are taken over and run again.
    await ctx.db
      .update(jobs)
      .set({ status: 'pending', runAfter: sql`now()`, attempts: 0, finishedAt: null })
      .where(eq(jobs.kind, 'notify-edition-buyers'));
    await drainEditionJobs(ctx);
    expect(smtp.received).toHaveLength(5);
    const logged = await ctx.db
      .select()
      .from(emailLog)
      .where(and(eq(emailLog.kind, 'new-edition'), eq(emailLog.status, 'sent')));
    expect(logged).toHaveLength(5);
  });

  test('an edition published without "tell" sends nothing and shows no progress line', async () => {
    const res = await publish(ctx, ADMIN_KEY, guide.id);
    expect(res.statusCode).toBe(201);
    expect(adminEditionSchema.parse(res.json()).mailing).toBeNull();
    await drainEditionJobs(ctx);
    expect(smtp.received).toHaveLength(5);
    expect(await mailings()).toHaveLength(1);
  });
});

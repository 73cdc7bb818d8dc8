import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  analyticsEvents,
  librarySessions,
  librarySignIns,
  orders,
  paymentProofs,
  storedFiles,
} from '../../src/server/db/schema';
import {
  analyticsFunnel,
  analyticsGeo,
  analyticsPages,
  analyticsSummary,
  analyticsEvents as eventCounts,
} from '../../src/server/modules/analytics/analytics-dashboard.service';
import { toPendingEvents } from '../../src/server/modules/analytics/ingest-rows';
import { writeEvents } from '../../src/server/modules/analytics/write-events';
import { applyRetention, saveRetentionSettings } from '../../src/server/modules/data-rights/retention';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const ADMIN_API_KEY = 'retention-admin-key-0123456789abcdef';
const DAY = 86_400_000;
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY } });
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
});
afterAll(() => ctx?.close());

/** A validated order with its proof, decided `daysAgo` before NOW, the file really stored. */
async function decidedWithProof(daysAgo: number) {
  const { order } = await insertOrder(ctx.db, { guides: [guide] });
  const decided = new Date(NOW.getTime() - daysAgo * DAY);
  await ctx.db.update(orders).set({ completedAt: decided }).where(eq(orders.id, order.id));
  const key = `receipts/${randomBytes(8).toString('hex')}.webp`;
  await ctx.app.services.files.put(key, Buffer.from('RIFF0000WEBPproof'));
  const [file] = await ctx.db
    .insert(storedFiles)
    .values({
      storageKey: key,
      purpose: 'receipt',
      originalName: 'p.webp',
      contentType: 'image/webp',
      size: 17,
      sha256: 'x',
    })
    .returning();
  await ctx.db.insert(paymentProofs).values({ orderId: order.id, fileId: file!.id, provider: 'Wave' });
  return { orderId: order.id, key };
}

test('proofs go 12 months after the decision, the file too; a younger one stays', async () => {
  const old = await decidedWithProof(370);
  const young = await decidedWithProof(300);
  const run = await applyRetention(ctx.app.services, NOW);
  expect(run.proofs).toBe(1);
  const left = await ctx.db.select().from(paymentProofs);
  expect(left.map((r) => r.orderId)).toEqual([young.orderId]);
  // The file goes by its job, after commit: run now, as the worker will.
  await ctx.db.execute(sql`update jobs set run_after = now() where kind = 'data-rights.delete-file'`);
  await ctx.app.services.jobs.runDueJobs();
  expect(await ctx.app.services.files.exists(old.key)).toBe(false);
  expect(await ctx.app.services.files.exists(young.key)).toBe(true);
  // Idempotent: a second pass (or a second instance) finds nothing more.
  expect((await applyRetention(ctx.app.services, NOW)).proofs).toBe(0);
});

test('library sign-in rows and sessions expired over 30 days ago are purged, newer ones kept', async () => {
  const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
  await ctx.db.insert(librarySignIns).values([
    { email: 'old@x.test', locale: 'fr', expiresAt: ago(31), createdAt: ago(31) },
    { email: 'new@x.test', locale: 'fr', expiresAt: ago(29), createdAt: ago(29) },
  ]);
  await ctx.db.insert(librarySessions).values([
    { email: 'old@x.test', tokenHash: 'h-old', expiresAt: ago(31) },
    { email: 'new@x.test', tokenHash: 'h-new', expiresAt: ago(29) },
  ]);
  const run = await applyRetention(ctx.app.services, NOW);
  expect(run).toMatchObject({ librarySignIns: 1, librarySessions: 1 });
  expect((await ctx.db.select().from(librarySignIns)).map((r) => r.email)).toEqual(['new@x.test']);
  expect((await ctx.db.select().from(librarySessions)).map((r) => r.email)).toEqual(['new@x.test']);
});

test("raw analytics events past the setting are deleted and the dashboard's figures do not change", async () => {
  for (let d = 1; d <= 20; d++) {
    const when = NOW.getTime() - d * DAY;
    const base = {
      visitorId: `visitor_${d}_1`,
      sessionId: `s${d}`,
      sessionStart: when,
      source: 'search' as const,
    };
    await writeEvents(
      ctx.db,
      toPendingEvents(
        [
          { ...base, type: 'page_view', page: '/senegal', timestamp: when, deviceType: 'mobile' },
          { ...base, type: 'download', page: '/order', timestamp: when + 1000, deviceType: 'mobile' },
        ],
        { country: 'SN', region: 'DK' },
        when,
      ),
    );
  }
  const dashboard = async () => {
    const figures: unknown[] = [];
    for (const range of ['7d', '30d'] as const) {
      const q = { db: ctx.db, range, now: NOW };
      figures.push(
        await analyticsSummary(q),
        await eventCounts(q),
        await analyticsFunnel(q),
        await analyticsGeo(q),
        await analyticsPages({ ...q, limit: 20 }),
      );
    }
    return figures;
  };
  const before = await dashboard();
  expect(await ctx.db.select().from(analyticsEvents)).toHaveLength(40);
  await saveRetentionSettings(ctx.db, { proofMonths: 12, libraryDays: 30, analyticsDays: 5 });
  const run = await applyRetention(ctx.app.services, NOW);
  expect(run.analyticsEvents).toBe(30);
  expect(await dashboard()).toEqual(before);
});

test('the operator sets the periods in Settings: refused out of range naming the field, logged, and used by the next pass', async () => {
  const url = '/api/admin/settings/retention';
  const headers = { 'x-admin-key': ADMIN_API_KEY };
  expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  const read = await ctx.app.inject({ url, headers });
  expect(read.statusCode, read.body).toBe(200);
  expect(read.headers['cache-control']).toBe('no-store');
  for (const [payload, field] of [
    [{ proofMonths: 0, libraryDays: 30, analyticsDays: 400 }, 'proofMonths'],
    [{ proofMonths: 12, libraryDays: 30, analyticsDays: 7 }, 'analyticsDays'],
    [{ proofMonths: 12, libraryDays: '30', analyticsDays: 400 }, 'libraryDays'],
    [{ proofMonths: 12, analyticsDays: 400 }, 'libraryDays'],
  ] as const) {
    const refused = await ctx.app.inject({ method: 'PUT', url, headers, payload });
    expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    expect(refused.json().field).toBe(field);
  }
  expect((await ctx.app.inject({ url, headers })).json()).toEqual(read.json());

  const young = await decidedWithProof(200);
  const payload = { proofMonths: 6, libraryDays: 30, analyticsDays: 400 };
  const saved = await ctx.app.inject({ method: 'PUT', url, headers, payload });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json()).toEqual(payload);
  const logged = await ctx.db.execute(
    sql`select action, after from admin_activity where action = 'settings.retention'`,
  );
  expect((logged as unknown as { rows: { after: unknown }[] }).rows.map((r) => r.after)).toEqual([payload]);
  // Six months now: a proof decided 200 days ago goes at the next pass.
  expect((await applyRetention(ctx.app.services, NOW)).proofs).toBeGreaterThanOrEqual(1);
  expect((await ctx.db.select().from(paymentProofs)).map((r) => r.orderId)).not.toContain(young.orderId);
});

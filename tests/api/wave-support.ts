import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FakeWebhook, WaveFake } from '../../src/server/adapters/wave/wave-fake';
import { jobs, orders } from '../../src/server/db/schema';
import { DELIVER_ORDER_JOB } from '../../src/server/modules/mail/delivery-jobs';
import { REVIEW_REMINDER_JOB } from '../../src/server/modules/orders/review-reminder-job';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import type { TestContext } from '../helpers/test-context';

export const WAVE_KEYS = {
  apiKey: 'wave_sn_test_0123456789abcdef',
  signingSecret: 'wave_sn_WHS_test_secret_42',
};
export const WAVE_ADMIN_KEY = 'wave-admin-key-0123456789abcdef';
export const WAVE_OPERATOR = 'desk@guides.example';

export const waveEnv = (fake: WaveFake, smtpUrl: string) => ({
  SMTP_URL: smtpUrl,
  WAVE_API_KEY: WAVE_KEYS.apiKey,
  WAVE_SIGNING_SECRET: WAVE_KEYS.signingSecret,
  WAVE_API_URL: fake.url,
  ADMIN_API_KEY: WAVE_ADMIN_KEY,
  OPERATOR_EMAIL: WAVE_OPERATOR,
});

/** The shop's side of a Wave payment, for the tests. */
export function waveShop(ctx: () => TestContext, smtp: () => TestSmtpServer) {
  let guide: GuideRow | undefined;
  let count = 0;

  async function placeOrder(price = 9) {
    guide ??= await insertSellableGuide(ctx(), { title: 'Dakar essentiel', price: '9.00' });
    count++;
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/create-djamo-order',
      payload: {
        email: `wave${count}-${randomUUID().slice(0, 6)}@example.com`,
        firstName: 'Awa',
        lastName: 'Ndiaye',
        mobile: '+221 77 000 00 00',
        items: [{ id: guide.id, quantity: 1 }],
        total: price,
        locale: 'fr',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { order: { id: string }; wave: { checkoutUrl: string } | null };
  }

  async function startWave() {
    const placed = await placeOrder();
    expect(placed.wave).not.toBeNull();
    const res = await ctx().app.inject({ method: 'POST', url: placed.wave!.checkoutUrl });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      paymentUrl: string;
      amountXof: number;
      paymentState: string;
      provider: string;
    };
    const order = await orderRow(ctx(), placed.order.id, 'public');
    const sessionId = order.providerTransactionId!.replace(/^wave:/, '');
    return { order, sessionId, body, publicId: placed.order.id };
  }

  const sendWebhook = (hook: FakeWebhook) =>
    ctx().app.inject({ method: 'POST', url: '/api/wave/webhook', headers: hook.headers, payload: hook.body });

  const deliveryJobs = (orderId: string) =>
    ctx()
      .db.select()
      .from(jobs)
      .where(and(eq(jobs.kind, DELIVER_ORDER_JOB), sql`${jobs.payload}->>'orderId' = ${orderId}`));

  /** Runs the queued work now, but not the review reminder, which is due 5 days after a purchase. */
  async function runJobsNow() {
    await ctx()
      .db.update(jobs)
      .set({ runAfter: sql`now()` })
      .where(and(eq(jobs.status, 'pending'), ne(jobs.kind, REVIEW_REMINDER_JOB)));
    await ctx().app.services.jobs.runDueJobs();
  }

  const mailsTo = (email: string) => smtp().received.filter((m) => m.to.includes(email));
  const status = async (publicId: string) =>
    (
      await ctx().app.inject({ method: 'GET', url: `/api/orders/${publicId}/mobile-money/status?refresh=0` })
    ).json() as {
      status: string;
      paymentState: string;
      waveAvailable: boolean;
    };

  return { placeOrder, startWave, sendWebhook, deliveryJobs, runJobsNow, mailsTo, status };
}

export async function orderRow(ctx: TestContext, id: string, by: 'id' | 'public' = 'id') {
  const [row] = await ctx.db
    .select()
    .from(orders)
    .where(by === 'id' ? eq(orders.id, id) : eq(orders.publicId, id));
  return row!;
}

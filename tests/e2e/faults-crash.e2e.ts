import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type StripeFake, startStripeFake } from '../../src/server/adapters/payments/stripe-fake';
import type { Db } from '../../src/server/db/client';
import type { Guide } from '../../src/shared/contracts/catalogue';
import type { PendingMobileMoneyOrder } from '../../src/shared/contracts/mobile-money';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import {
  buyByCard,
  type CardPurchase,
  claimOrder,
  deliveryMails,
  endProcess,
  faultSeed,
  json,
  mobileMoneyOrderWithProof,
  openStoppedShopDatabase,
  pricedGuides,
  seededRandom,
  shopperFor,
  sleep,
} from './faults-support';
import { type RunningShop, startShop } from './harness';

const ADMIN_KEY = 'faults-crash-admin-key-0123456789';
const STRIPE_KEY = `sk_test_faults_${randomBytes(8).toString('hex')}`;
const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64url')}`;
const SEED = faultSeed();
const random = seededRandom(SEED);
const between = (min: number, max: number) => Math.round(min + (max - min) * random());
const admin = { 'x-admin-key': ADMIN_KEY };

const CARD_ROUNDS = 3;
const CARD_BATCH = 5;
const MM_ROUNDS = 2;
const MM_BATCH = 3;
const EMAIL_ROUNDS = 2;
const EMAIL_BATCH = 4;

let smtp: TestSmtpServer;
let stripe: StripeFake;
let shop: RunningShop;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The PaymentIntent as Stripe (the shared fake, which outlives the shop's process) knows it. */
async function intentStatus(id: string): Promise<string> {
  const response = await fetch(`http://${stripe.host}:${stripe.port}/v1/payment_intents/${id}`, {
    headers: { authorization: `Bearer ${STRIPE_KEY}` },
  });
  return ((await json<{ status: string }>(response)) as { status: string }).status;
}

beforeAll(async () => {
  console.log(`faults-crash: FAULTS_SEED=${SEED}`);
  // Each message takes 150 ms to hand over, so kills land in the middle of sends too.
  smtp = await startSmtpServer({ acceptDelayMs: 150 });
  // Stripe lives outside the shop, as in production: a payment confirmed just before a crash stays
  // confirmed, and its webhook is retried until the restarted shop answers.
  stripe = await startStripeFake({
    apiKey: STRIPE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    webhookUrl: () => (shop ? `${shop.url}/api/stripe/webhook` : undefined),
    retryDelaysMs: [300, 700, 1500, 3000, 5000, 8000],
  });
  shop = await startShop({
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      SMTP_URL: smtp.url,
      STRIPE_TEST_API_URL: `http://${stripe.host}:${stripe.port}`,
      STRIPE_SECRET_KEY: STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      // A killed worker's job is taken over once its lease passes: 3 s instead of 2 minutes.
      JOB_LEASE_MS: '3000',
      JOB_BACKOFF_BASE_MS: '300',
    },
  });
}, 180_000);

afterAll(async () => {
  await shop?.stop();
  await stripe?.close();
  await smtp?.close();
});

describe('the server killed (SIGKILL) at random points, then restarted', () => {
  test('every paid order ends completed with exactly one delivery email, and no order is half-written', async () => {
    const started = Date.now();
    const guides = await pricedGuides(shop);
    expect(guides.length).toBeGreaterThan(1);
    const pick = (): Guide => guides[Math.floor(random() * guides.length)]!;
    const purchases: CardPurchase[] = [];
    const newPurchase = (label: string): CardPurchase => {
      const first = pick();
      const second = random() < 0.4 ? guides.find((g) => g.id !== first.id) : undefined;
      const chosen = second ? [first, second] : [first];
      const purchase: CardPurchase = {
        shopper: shopperFor(`${label}@example.com`),
        items: chosen.map((g) => ({ id: g.id, quantity: 1 })),
        total: Math.round(chosen.reduce((sum, g) => sum + Number(g.price), 0) * 100) / 100,
        claimed: false,
      };
      purchases.push(purchase);
      return purchase;
    };
    const kills: string[] = [];
    const killAfter = async (label: string, delay: number, state: () => string) => {
      await sleep(delay);
      const restartStart = Date.now();
      const midSend = smtp.started() > smtp.received.length;
      await shop.restart('SIGKILL');
      const note = `${state()}${midSend ? ', an SMTP send in progress' : ''}`;
      kills.push(
        `${label}: killed at +${delay} ms (${note}), ready again in ${Date.now() - restartStart} ms`,
      );
    };

    // Mobile-money orders waiting for the operator, made before any fault.
    const waiting = [];
    for (let i = 0; i < MM_ROUNDS * MM_BATCH; i++) {
      waiting.push(await mobileMoneyOrderWithProof(shop, shopperFor(`faults-mm-${i}@example.com`), pick()));
    }
    const pending = await json<PendingMobileMoneyOrder[]>(
      await fetch(`${shop.url}/api/orders/pending-mobile-money`, { headers: admin }),
    );
    const internalId = new Map(pending.map((o) => [o.orderNumber, o.id]));

    // 1. Purchases in flight: prepare, confirm and claim, with pauses, then the kill.
    for (let round = 0; round < CARD_ROUNDS; round++) {
      const batch = Array.from({ length: CARD_BATCH }, (_, i) => newPurchase(`faults-card-${round}-${i}`));
      const pauses = batch.map(() => [between(0, 250), between(0, 250)]);
      const flows = batch.map((purchase, i) =>
        sleep(between(0, 200)).then(() =>
          buyByCard(shop, purchase, () => sleep(pauses[i]!.shift() ?? 0)).catch(() => undefined),
        ),
      );
      await killAfter(`purchase round ${round + 1}`, between(80, 900), () => {
        const confirmed = batch.filter((p) => p.paymentIntentId).length;
        return `${confirmed}/${CARD_BATCH} payments prepared, ${batch.filter((p) => p.claimed).length} claimed`;
      });
      await Promise.all(flows);
    }

    // 2. The operator validating mobile-money orders when the process dies.
    for (let round = 0; round < MM_ROUNDS; round++) {
      const batch = waiting.slice(round * MM_BATCH, (round + 1) * MM_BATCH);
      let answered = 0;
      const decisions = batch.map((order) =>
        sleep(between(0, 120)).then(() =>
          fetch(`${shop.url}/api/orders/${internalId.get(order.orderNumber)}/verify`, {
            method: 'PATCH',
            headers: { ...admin, 'content-type': 'application/json' },
            body: JSON.stringify({ verifiedBy: 'admin' }),
          }).then(
            (r) => {
              if (r.ok) answered++;
            },
            () => undefined,
          ),
        ),
      );
      await killAfter(
        `validation round ${round + 1}`,
        between(20, 350),
        () => `${answered}/${MM_BATCH} validations answered`,
      );
      await Promise.all(decisions);
    }

    // 3. Paid orders whose delivery (stamping, then the email) is under way when the process dies.
    for (let round = 0; round < EMAIL_ROUNDS; round++) {
      const batch = Array.from({ length: EMAIL_BATCH }, (_, i) => newPurchase(`faults-mail-${round}-${i}`));
      const before = smtp.received.length;
      await Promise.all(batch.map((purchase) => buyByCard(shop, purchase, async () => undefined)));
      await killAfter(
        `email round ${round + 1}`,
        between(0, EMAIL_BATCH * 250),
        () => `${smtp.received.length - before}/${EMAIL_BATCH} delivery emails accepted`,
      );
    }

    // Recovery: a shopper whose claim was lost comes back to the page (the webhook races it),
    // and the operator presses Validate again where the answer was lost (409 once decided).
    const paid: CardPurchase[] = [];
    for (const purchase of purchases) {
      if (!purchase.paymentIntentId) continue;
      if ((await intentStatus(purchase.paymentIntentId)) !== 'succeeded') continue;
      paid.push(purchase);
      if (!purchase.claimed) await claimOrder(shop, purchase);
    }
    for (const order of waiting) {
      const response = await fetch(`${shop.url}/api/orders/${internalId.get(order.orderNumber)}/verify`, {
        method: 'PATCH',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ verifiedBy: 'admin' }),
      });
      expect([200, 409], await response.clone().text()).toContain(response.status);
    }

    const recoveryStart = Date.now();
    await stopAndInspect(paid, waiting, recoveryStart, kills, started);
  }, 150_000);
});

/**
 * Waits for the outbox to catch up, then reads the database of the stopped shop: the truth about
 * what was written, independent of what the HTTP answers (lost to the kills) said.
 */
async function stopAndInspect(
  paid: CardPurchase[],
  waiting: { orderNumber: string }[],
  recoveryStart: number,
  kills: string[],
  started: number,
): Promise<void> {
  // While the shop runs its database is read through the admin API (PGlite allows one process).
  const deliveredCount = async () => {
    const list = await json<{ kind: string; status: string }[]>(
      await fetch(`${shop.url}/api/admin/emails?range=30d`, { headers: admin }),
    );
    return list.filter((e) => e.kind === 'delivery' && e.status === 'sent').length;
  };
  const expectedDeliveries = paid.length + waiting.length;
  await expect.poll(deliveredCount, { timeout: 45_000, interval: 500 }).toBe(expectedDeliveries);
  const recoveryMs = Date.now() - recoveryStart;
  await sleep(1500); // any late duplicate would show now

  await endProcess(shop);
  const database = await openStoppedShopDatabase(shop);
  try {
    const db = database.db;
    const halfWritten = await rows<{ order_number: string }>(
      db,
      sql`select o.order_number from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    );
    expect(halfWritten, 'orders without items').toEqual([]);

    const cardOrders = await rows<{ order_number: string; payment_intent_id: string; status: string }>(
      db,
      sql`select order_number, payment_intent_id, status from orders where payment_method = 'stripe'`,
    );
    const paidIntents = new Set(paid.map((p) => p.paymentIntentId!));
    // Exactly the paid intents have an order (no order without a payment, none missing), each completed.
    expect(new Set(cardOrders.map((o) => o.payment_intent_id))).toEqual(paidIntents);
    expect(cardOrders.length).toBe(paidIntents.size);
    expect(cardOrders.filter((o) => o.status !== 'completed')).toEqual([]);

    const mmOrders = await rows<{ order_number: string; status: string }>(
      db,
      sql`select order_number, status from orders where payment_method = 'djamo'`,
    );
    expect(mmOrders.filter((o) => o.status !== 'completed')).toEqual([]);

    // Every completed order: its delivery job done, its delivery email logged once and sent.
    const undelivered = await rows<{ order_number: string; job: string | null; email: string | null }>(
      db,
      sql`select o.order_number, j.status::text as job, e.status::text as email
          from orders o
          left join jobs j on j.dedupe_key = 'deliver-order:' || o.id::text
          left join email_log e on e.dedupe_key = 'delivery:' || o.id::text
          where o.status = 'completed' and (j.status is distinct from 'done' or e.status is distinct from 'sent')`,
    );
    expect(undelivered).toEqual([]);

    // At the SMTP server: exactly one delivery email per completed order.
    const completed = [...cardOrders, ...mmOrders].map((o) => o.order_number);
    let duplicates = 0;
    for (const orderNumber of completed) {
      const mails = deliveryMails(smtp.received, orderNumber);
      // Decision 003's remaining window: killed after the SMTP server accepted the message and
      // before `sent` was committed, the retry sends it again with the same Message-ID, which
      // receivers collapse. Anything else (two different messages, or none) is a failure.
      expect(new Set(mails.map((m) => m.messageId)).size, `delivery emails for ${orderNumber}`).toBe(1);
      duplicates += mails.length - 1;
    }
    expect(duplicates, 'same-Message-ID repeats (the documented crash window)').toBeLessThanOrEqual(1);
    const [retried] = await rows<{ jobs: number; emails: number }>(
      db,
      sql`select (select count(*)::int from jobs where attempts > 1) as jobs,
                 (select count(*)::int from email_log where attempts > 1) as emails`,
    );
    console.log(
      [
        `faults-crash (seed ${SEED}): ${kills.length} kills`,
        ...kills.map((k) => `  ${k}`),
        `  card purchases started: ${CARD_ROUNDS * CARD_BATCH + EMAIL_ROUNDS * EMAIL_BATCH}, paid ${paid.length}; mobile-money validated ${waiting.length}`,
        `  delivery emails ${completed.length} for ${completed.length} completed orders (same-Message-ID repeats ${duplicates}); jobs run more than once: ${retried?.jobs}, emails tried more than once: ${retried?.emails}`,
        `  outbox caught up ${recoveryMs} ms after the last restart; whole test ${Date.now() - started} ms`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

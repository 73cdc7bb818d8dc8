import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  claimCardOrder,
  payWithTestCard,
  sendSucceededWebhook,
  shopper,
  startPayment,
  WEBHOOK_SECRET,
} from './checkout-helpers';

// the database round trips of each step of a card checkout, counted on the real database
// (PGlite or PostgreSQL) through drizzle's query logger. Every statement drizzle sends is counted,
// BEGIN and COMMIT included on PostgreSQL (PGlite opens its transactions itself, uncounted).

let ctx: TestContext;
let guideId: string;
const statements: string[] = [];

/** Every statement the app's drizzle database sends from now on is appended to `statements`. */
function countQueries(db: Db) {
  const logger = { logQuery: (query: string) => statements.push(query) };
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  session.logger = logger;
  session.options.logger = logger;
}

async function counted(step: () => Promise<{ statusCode: number; body: string }>, status: number) {
  statements.length = 0;
  const res = await step();
  expect(res.statusCode, res.body).toBe(status);
  const begins = statements.filter((s) => /^(begin|commit|rollback)\b/i.test(s)).length;
  return { res, queries: statements.length - begins, all: [...statements] };
}

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  guideId = (await insertGuide(ctx, { title: 'Dakar essentiel', price: '9.00' })).id;
  countQueries(ctx.db);
});
afterAll(() => ctx.close());

const items = () => [{ id: guideId, quantity: 1 }];

let shoppers = 0;

/** A paid intent of a shopper of its own (the same shopper and cart would get the same intent back). */
async function paid() {
  const email = `round-trips-${++shoppers}@example.com`;
  const res = await startPayment(ctx, { items: items(), amount: 9, customer: { ...shopper, email } });
  expect(res.statusCode, res.body).toBe(200);
  const intent = { ...(res.json() as { paymentIntentId: string; clientSecret: string }), email };
  expect((await payWithTestCard(ctx, intent.paymentIntentId)).statusCode).toBe(200);
  return intent;
}

/** POST /api/orders as the checkout page sends it once the card is confirmed. */
const claimAsTheBrowser = (intent: Awaited<ReturnType<typeof paid>>) =>
  claimCardOrder(ctx, {
    paymentIntentId: intent.paymentIntentId,
    clientSecret: intent.clientSecret,
    email: intent.email,
    items: items(),
    total: 9,
  });

describe('round trips of a card checkout', () => {
  test('create-payment-intent reads the cart once; the test card form touches no table', async () => {
    const started = await counted(
      () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/create-payment-intent',
          payload: {
            items: items(),
            amount: 9,
            locale: 'fr',
            customer: {
              email: 'rt@example.com',
              firstName: 'Awa',
              lastName: 'Diop',
              mobile: '+221 77 000 00 00',
            },
          },
        }),
      200,
    );
    // The tax setting and the rates (the buyer's tax), then the cart's prices.
    expect(started.queries, started.all.join('\n')).toBe(3);
    const id = (started.res as unknown as { json(): { paymentIntentId: string } }).json().paymentIntentId;
    const confirmed = await counted(() => payWithTestCard(ctx, id), 200);
    expect(confirmed.queries, confirmed.all.join('\n')).toBe(0);
  });

  test('webhook first: it creates the order; the browser then gets it back in four reads', async () => {
    const intent = await paid();
    const hook = await counted(() => sendSucceededWebhook(ctx, intent.paymentIntentId), 200);
    const claim = await counted(() => claimAsTheBrowser(intent), 200);
    // The order, its items, its invoice and the invoice's credit notes (the order page links them).
    expect(claim.queries, claim.all.join('\n')).toBe(4);
    // The order by its intent; in one transaction the guides, the order, its items, the delivery job
    // and the review reminder, then the invoice: its items, its number from the year's counter, the
    // shop's details, the invoice row.
    expect(hook.queries, hook.all.join('\n')).toBe(11);
  });

  test('browser first: it creates the order; the late webhook is one read', async () => {
    const intent = await paid();
    const claim = await counted(() => claimAsTheBrowser(intent), 201);
    const hook = await counted(() => sendSucceededWebhook(ctx, intent.paymentIntentId), 200);
    expect(hook.queries, hook.all.join('\n')).toBe(1);
    // As the webhook's 11 above, then the answer's items, invoice and credit notes.
    expect(claim.queries, claim.all.join('\n')).toBe(14);
  });
});

describe('the cheap read still checks the claim (the webhook made the order)', () => {
  let intent: Awaited<ReturnType<typeof paid>>;
  const claim = (body: Partial<Parameters<typeof claimCardOrder>[1]>) =>
    claimCardOrder(ctx, {
      paymentIntentId: intent.paymentIntentId,
      email: intent.email,
      items: items(),
      total: 9,
      ...body,
    });

  beforeAll(async () => {
    intent = await paid();
    expect((await sendSucceededWebhook(ctx, intent.paymentIntentId)).statusCode).toBe(200);
  });

  test('without the secret, or with another one (even one a character off), only that the order exists', async () => {
    const off = `${intent.clientSecret.slice(0, -1)}${intent.clientSecret.endsWith('a') ? 'b' : 'a'}`;
    for (const clientSecret of [undefined, off, 'x'.repeat(200), '\ud800']) {
      const res = await claim({ clientSecret });
      expect(res.statusCode, res.body).toBe(202);
      expect(res.json()).toEqual({ orderExists: true, message: expect.any(String) });
      expect(res.body).not.toContain(intent.email);
    }
  });

  test('another email or other guides are refused with the secret too', async () => {
    const clientSecret = intent.clientSecret;
    const otherEmail = await claim({ clientSecret, email: 'someone.else@example.com' });
    expect(otherEmail.statusCode).toBe(400);
    expect(otherEmail.json().message).toMatch(/do not match the payment/);
    const moreGuides = await claim({ clientSecret, items: [{ id: guideId, quantity: 2 }], total: 18 });
    expect(moreGuides.statusCode).toBe(400);
  });

  test('the secret in the same letters, the email in other case: the order, twice at once the same', async () => {
    const [a, b] = await Promise.all([
      claim({ clientSecret: intent.clientSecret, email: intent.email.toUpperCase() }),
      claim({ clientSecret: intent.clientSecret, items: [{ id: guideId.toUpperCase(), quantity: 1 }] }),
    ]);
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(a!.json().id).toBe(b!.json().id);
    expect(a!.json().items).toHaveLength(1);
    expect(a!.json().status).toBe('completed');
  });
});

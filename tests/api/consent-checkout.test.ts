import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { marketingConsents, orders } from '../../src/server/db/schema';
import { hasMarketingConsent } from '../../src/server/modules/consent/marketing-consents';
import { CONSENT_WORDING } from '../../src/shared/consent';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';
import {
  ordersFor,
  payWithTestCard,
  sendSucceededWebhook,
  shopper,
  WEBHOOK_SECRET,
} from './checkout-helpers';

let ctx: TestContext;
let freeGuide: string;
let paidGuide: string;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  freeGuide = (await insertGuide(ctx, { title: 'Kit de départ', price: '0.00' })).id;
  paidGuide = (await insertGuide(ctx, { title: 'Dakar essentiel', price: '9.00' })).id;
});
afterAll(() => ctx.close());

const freeOrder = (body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/create-free-order',
    payload: { ...shopper, locale: 'fr', total: 0, items: [{ id: freeGuide, quantity: 1 }], ...body },
  });

const consentsOf = (email: string) =>
  ctx.db.select().from(marketingConsents).where(eq(marketingConsents.email, email));

describe('news consent at checkout', () => {
  test('boxes left unticked record no consent at all', async () => {
    const res = await freeOrder({ email: 'nobox@example.com' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await consentsOf('nobox@example.com')).toEqual([]);
    expect(await hasMarketingConsent(ctx.db, 'email', { email: 'nobox@example.com' })).toBe(false);
  });

  test('both boxes ticked in French record two consents with the French words, the order, the email and the phone', async () => {
    const res = await freeOrder({ email: 'Both.Boxes@Example.com', newsByEmail: true, newsByWhatsapp: true });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.email, 'Both.Boxes@Example.com'));
    const rows = await consentsOf('both.boxes@example.com');
    expect(rows.map((r) => r.channel).sort()).toEqual(['email', 'whatsapp']);
    for (const row of rows) {
      expect(row).toMatchObject({
        action: 'given',
        source: 'checkout',
        locale: 'fr',
        orderId: order!.id,
        wording: CONSENT_WORDING[row.channel as 'email' | 'whatsapp'].fr,
      });
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    expect(rows.find((r) => r.channel === 'whatsapp')!.phone).toBe(shopper.mobile);
    expect(rows.find((r) => r.channel === 'email')!.phone).toBeNull();
    expect(await hasMarketingConsent(ctx.db, 'whatsapp', { phone: shopper.mobile })).toBe(true);
  });

  test('in English the English words are stored, with the language', async () => {
    const res = await freeOrder({ email: 'english@example.com', locale: 'en', newsByEmail: true });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await consentsOf('english@example.com');
    expect(rows).toEqual([
      expect.objectContaining({ channel: 'email', locale: 'en', wording: CONSENT_WORDING.email.en }),
    ]);
  });

  test('a card order finished by the webhook keeps the box ticked before the card was confirmed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      payload: {
        customer: { ...shopper, email: 'card.news@example.com', newsByEmail: true },
        locale: 'fr',
        items: [{ id: paidGuide, quantity: 1 }],
        amount: 9,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { paymentIntentId } = res.json() as { paymentIntentId: string };
    expect((await payWithTestCard(ctx, paymentIntentId)).statusCode).toBe(200);
    expect((await sendSucceededWebhook(ctx, paymentIntentId)).statusCode).toBe(200);
    expect(await ordersFor(ctx.db, paymentIntentId)).toHaveLength(1);
    const rows = await consentsOf('card.news@example.com');
    expect(rows).toEqual([
      expect.objectContaining({ channel: 'email', action: 'given', source: 'checkout' }),
    ]);
    // The webhook again (Stripe retries) records nothing twice.
    await sendSucceededWebhook(ctx, paymentIntentId);
    expect(await consentsOf('card.news@example.com')).toHaveLength(1);
  });

  test('a box sent as anything but true or false is a 400 naming it, and no order is made', async () => {
    const res = await freeOrder({ email: 'bad.box@example.com', newsByEmail: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('newsByEmail');
    expect(await ctx.db.select().from(orders).where(eq(orders.email, 'bad.box@example.com'))).toEqual([]);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { whatsappMessages } from '../../src/server/db/schema';
import { insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { startWhatsAppFake, type WhatsAppFake } from '../helpers/whatsapp-fake';
import { placeFreeOrder, whatsappJobsOf } from './whatsapp-support';

let fake: WhatsAppFake;
let ctx: TestContext;

beforeAll(async () => {
  fake = await startWhatsAppFake();
  // WHATSAPP_API_URL alone (pointing at a working fake) configures nothing.
  ctx = await createTestContext({ renderPages: false, env: { WHATSAPP_API_URL: fake.apiUrl } });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

test('not configured: the checkout hides the option and an order asking for WhatsApp changes nothing', async () => {
  expect((await ctx.app.inject({ url: '/api/checkout/config' })).json()).toMatchObject({ whatsapp: false });
  const guide = await insertSellableGuide(ctx, { title: 'Kit', price: '0.00' });
  const order = await placeFreeOrder(ctx, guide.id, { whatsapp: true });
  await ctx.app.services.jobs.runDueJobs();
  expect(await whatsappJobsOf(ctx.db, order.id)).toEqual([]);
  const [{ count }] = (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(whatsappMessages)) as [
    { count: number },
  ];
  expect(count).toBe(0);
  expect(fake.requests).toBe(0);
  const verify = await ctx.app.inject({
    url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1',
  });
  expect(verify.statusCode).toBe(404);
  const status = await ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/webhook',
    payload: { object: 'x', entry: [] },
  });
  expect(status.statusCode).toBe(404);
});

test('some WHATSAPP_* keys without the others stop the start, naming the missing ones', () => {
  expect(() => loadConfig({ WHATSAPP_TOKEN: 'EAAG-x' })).toThrow(
    /WHATSAPP_PHONE_NUMBER_ID: required[\s\S]*WHATSAPP_APP_SECRET: required[\s\S]*WHATSAPP_VERIFY_TOKEN: required/,
  );
  expect(() =>
    loadConfig({
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '123',
      WHATSAPP_APP_SECRET: 's',
      WHATSAPP_VERIFY_TOKEN: 'v',
      WHATSAPP_TEMPLATE_ORDER_PAID: 'Order Paid!',
    }),
  ).toThrow(/WHATSAPP_TEMPLATE_ORDER_PAID/);
});

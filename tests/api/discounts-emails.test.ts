import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';
import {
  createCode,
  DISCOUNT_ADMIN_KEY,
  discountAdmin,
  freeOrder,
  mobileMoneyOrder,
  shopperNumber,
} from './discounts-helpers';

/** the discount shows in the emails, the Mobile Money tab and the CSV export. */
let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: ReturnType<typeof discountAdmin>;
let guide: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({ ADMIN_API_KEY: DISCOUNT_ADMIN_KEY }));
  admin = discountAdmin(ctx);
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '19.90' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const mailTo = async (email: string) => {
  await ctx.app.services.jobs.runDueJobs();
  const mail = smtp.received.find((m) => m.to.includes(email));
  expect(mail, `no email to ${email}`).toBeDefined();
  return readEmail(mail!.raw);
};

describe('a discounted order', () => {
  test('by mobile money: the instructions email, in French, asks for the discounted amount and names the code', async () => {
    await createCode(ctx, { code: 'Moitie', kind: 'percent', value: 50 });
    const who = shopperNumber(1);
    const res = await mobileMoneyOrder(ctx, {
      ...who,
      items: [{ id: guide.id, quantity: 1 }],
      total: 9.95,
      discountCode: 'MOITIE',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo(who.email);
    expect(mail.text).toContain('6 527 FCFA (9,95 €)');
    expect(mail.text).toContain('Réduction (Moitie) : −9,95 €');
    expect(mail.html).toContain('Réduction (Moitie) : −9,95 €');

    const list = await admin('GET', '/api/orders/pending-mobile-money');
    const row = list
      .json()
      .find((o: { orderNumber: string }) => o.orderNumber === res.json().order.orderNumber);
    expect(row).toMatchObject({ totalAmount: '9.95', discountCode: 'Moitie', discountAmount: '9.95' });
  });

  test('free by the code: the English delivery email names the code and what it took off', async () => {
    await createCode(ctx, { code: 'GIFT', kind: 'fixed', value: 25 });
    const who = shopperNumber(2);
    const res = await freeOrder(ctx, {
      ...who,
      locale: 'en',
      items: [{ id: guide.id, quantity: 1 }],
      discountCode: 'gift',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo(who.email);
    expect(mail.text).toContain('Discount (GIFT): −€19.90');
    expect(mail.html).toContain('Discount (GIFT): −€19.90');
  });

  test('the customer export sums the discounts and lists the codes, a formula-looking code neutralised', async () => {
    await createCode(ctx, { code: '-SOLDES', kind: 'percent', value: 100 });
    const who = shopperNumber(3);
    expect(
      (await freeOrder(ctx, { ...who, items: [{ id: guide.id, quantity: 1 }], discountCode: '-soldes' }))
        .statusCode,
    ).toBe(201);
    const csv = (await admin('GET', '/api/admin/emails/export')).rawPayload.subarray(3).toString('utf8');
    const [header, ...rows] = csv.split('\r\n');
    expect(header).toMatch(/,"Discounts \(EUR\)","Promo Codes"$/);
    expect(rows.find((r) => r.startsWith(`"${who.email}"`))).toMatch(/,"19\.90","'-SOLDES"$/);
  });
});

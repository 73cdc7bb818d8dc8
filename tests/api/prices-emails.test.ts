import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Locale } from '../../src/shared/locale';
import { readEmail } from '../helpers/mail';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import type { TestSmtpServer } from '../helpers/smtp';
import { createMailingTestContext, type TestContext } from '../helpers/test-context';

/** the French email showed "(19.90 €)" while the site showed "(20 €)". */
let smtp: TestSmtpServer;
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ({ ctx, smtp } = await createMailingTestContext({
    OPERATOR_EMAIL: 'desk@guides.example',
    MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/guides?ref={reference}&amount={amount}',
  }));
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '19.90' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

async function receiptEmail(locale: Locale, email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      email,
      firstName: 'Fatou',
      lastName: 'Ndiaye',
      mobile: '+221 77 555 44 33',
      items: [{ id: guide.id, quantity: 1 }],
      total: 19.9,
      locale,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const image = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#fc0' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { name: 'receipt', data: image, fileName: 'recu.png', type: 'image/png' },
    { name: 'provider', value: 'Wave' },
  ]);
  const upload = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${encodeURIComponent(res.json().order.id)}/receipt`,
    payload,
    headers: { 'content-type': contentType },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  await ctx.app.services.jobs.runDueJobs();
  const mail = smtp.received.find((m) => m.to.includes(email));
  expect(mail, `no email to ${email}`).toBeDefined();
  return readEmail(mail!.raw);
}

describe('a price in an email', () => {
  test('the French receipt email shows 19.90 € as the French site does: "13 054 FCFA (19,90 €)"', async () => {
    const mail = await receiptEmail('fr', 'prix.fr@example.com');
    expect(mail.text).toContain('13 054 FCFA (19,90 €)');
    expect(mail.html).toContain('13 054 FCFA (19,90 €)');
    expect(mail.text).not.toContain('19.90 €');
  });

  test('the English receipt email shows it as the English site does: "13 054 FCFA (€19.90)"', async () => {
    const mail = await receiptEmail('en', 'price.en@example.com');
    expect(mail.text).toContain('13 054 FCFA (€19.90)');
    expect(mail.html).toContain('13 054 FCFA (€19.90)');
  });
});

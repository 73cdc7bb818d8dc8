import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity, erasedPeople, orders, paymentProofs, storedFiles } from '../../src/server/db/schema';
import { drainEditionJobs, publish } from '../helpers/editions';
import { readEmail } from '../helpers/mail';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { findPersonalValues } from '../helpers/personal-values';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { unzip } from '../helpers/zip';
import { askSignIn, signIn } from './library-helpers';
import { writeReview } from './reviews-helpers';

const ADMIN_KEY = 'data-rights-admin-key-0123456789abcdef';
const person = {
  email: 'Mariama.Sowane@Example.com',
  firstName: 'Mariama',
  lastName: 'Sowane',
  mobile: '+221 77 987 65 43',
};
const PHONE_DIGITS = '221779876543';

let smtp: TestSmtpServer;
let ctx: TestContext;
let dakar: GuideRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://guides.example',
      MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/guides?ref={reference}&amount={amount}',
    },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const admin = (url: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: { 'x-admin-key': ADMIN_KEY }, payload });
const mailsTo = (email: string) =>
  smtp.received
    .filter((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()))
    .map((m) => readEmail(m.raw));

/** A mobile-money order with its proof, validated by the operator: delivered, invoiced, reviewable. */
async function paidWithProof(customer: typeof person) {
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      ...customer,
      items: [{ id: dakar.id, quantity: 1 }],
      total: 9,
      locale: 'fr',
      newsByEmail: true,
      newsByWhatsapp: true,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const publicId: string = placed.json().order.id;
  const image = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#ffcc00' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { name: 'receipt', data: image, fileName: 'reçu Mariama.png', type: 'image/png' },
    { name: 'provider', value: 'Wave' },
  ]);
  const upload = await ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${publicId}/receipt`,
    payload,
    headers: { 'content-type': contentType },
  });
  expect(upload.statusCode, upload.body).toBe(201);
  const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, publicId));
  const verify = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/orders/${row!.id}/verify`,
    headers: { 'x-admin-key': ADMIN_KEY },
    payload: { verifiedBy: 'admin' },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  await ctx.app.services.jobs.runDueJobs();
  return { ...row!, publicId };
}

describe("a customer's export and erasure", () => {
  let order: Awaited<ReturnType<typeof paidWithProof>>;
  let proofKeys: string[];

  test('the export is one ZIP holding their orders, messages, proof, review, library and log', async () => {
    order = await paidWithProof(person);
    expect(
      (await writeReview(ctx, order.publicId, dakar.id, { rating: 5, text: 'Merci, signé Mariama' }))
        .statusCode,
    ).toBe(200);
    await signIn(ctx, smtp, person.email);
    const note = await admin(`/api/admin/orders/${order.id}/notes`, {
      text: 'Appelé Mariama Sowane au 77 987 65 43',
    });
    expect(note.statusCode, note.body).toBe(200);
    const download = await ctx.app.inject({ url: `/api/download/${order.publicId}/${dakar.id}` });
    expect(download.statusCode).toBeLessThan(400);
    proofKeys = (
      await ctx.db
        .select({ key: storedFiles.storageKey })
        .from(paymentProofs)
        .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.fileId))
        .where(eq(paymentProofs.orderId, order.id))
    ).map((r) => r.key);
    expect(proofKeys).toHaveLength(1);

    const res = await admin('/api/admin/customers/data/export', { email: person.email });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = await unzip(res.rawPayload);
    const json = (name: string) =>
      JSON.parse(entries.get(`${name}.json`)!.toString()) as Record<string, unknown>[];
    expect(json('orders')).toHaveLength(1);
    const exported = json('orders')[0]!;
    expect(exported).toMatchObject({
      order_number: order.orderNumber,
      email: person.email,
      first_name: 'Mariama',
    });
    expect(exported.invoice_number).toMatch(/^\d{4}-\d{6}$/);
    expect(exported.lines).toEqual([expect.objectContaining({ title: 'Dakar essentiel', unit_price: 9 })]);
    expect(json('invoices')).toEqual([
      expect.objectContaining({ type: 'invoice', number: exported.invoice_number }),
    ]);
    expect(json('emails').map((e) => e.status)).toContain('sent');
    expect(json('reviews')).toEqual([expect.objectContaining({ rating: 5, body: 'Merci, signé Mariama' })]);
    expect(
      json('consents')
        .map((c) => `${c.channel} ${c.action}`)
        .sort(),
    ).toEqual(['email given', 'whatsapp given']);
    expect(
      json('library')
        .map((row) => row.type)
        .sort(),
    ).toEqual(['session', 'sign-in']);
    const proofs = json('payment-proofs');
    expect(proofs).toHaveLength(1);
    const proofFile = [...entries.keys()].find((name) => name.startsWith('files/'));
    expect(proofFile).toBeDefined();
    expect(entries.get(proofFile!)!.subarray(8, 12).toString()).toBe('WEBP');
    expect(json('order-events').map((e) => e.kind)).toEqual(['note']);
    expect(json('downloads')).toEqual([expect.objectContaining({ title: 'Dakar essentiel' })]);
    const [logged] = await ctx.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.action, 'customer.export'));
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).not.toMatch(/sowane|mariama/i);
  });

  test('an erasure not confirmed by typing the email is refused and erases nothing', async () => {
    const res = await admin('/api/admin/customers/data/erase', {
      email: person.email,
      confirm: 'someone@else.test',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'confirm' });
    expect((await ctx.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.firstName).toBe('Mariama');
  });

  test('after erasure no personal value is left in any table but the invoice, and the proof file is gone', async () => {
    const res = await admin('/api/admin/customers/data/erase', {
      email: person.email,
      confirm: ` ${person.email.toUpperCase()} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ orders: 1, files: expect.any(Number) });
    const left = await findPersonalValues(ctx.db, [
      person.email,
      PHONE_DIGITS,
      '77 987 65 43',
      'Sowane',
      'Mariama',
    ]);
    // The issued invoice keeps the buyer's name, as the law asks (decision 045); nothing else does.
    expect(left.filter((s) => s.table !== 'invoices')).toEqual([]);
    expect(left.every((s) => !s.value.toLowerCase().includes(person.email.toLowerCase()))).toBe(true);
    for (const key of proofKeys) expect(await ctx.app.services.files.exists(key)).toBe(false);
    expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'receipt'))).toEqual([]);
    expect(await ctx.db.select().from(erasedPeople)).toHaveLength(2);
    const [logged] = await ctx.db
      .select()
      .from(adminActivity)
      .where(eq(adminActivity.action, 'customer.erase'));
    expect(logged).toMatchObject({ actor: expect.any(String), after: { orders: 1 } });
  });

  test('the customer list and its CSV no longer show them; the export then finds nobody', async () => {
    const list = await ctx.app.inject({ url: '/api/admin/customers', headers: { 'x-admin-key': ADMIN_KEY } });
    expect(list.json().customers).toEqual([]);
    const csv = await ctx.app.inject({
      url: '/api/admin/customers/export',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(csv.body).not.toContain('erased');
    expect((await admin('/api/admin/customers/data/export', { email: person.email })).statusCode).toBe(404);
  });

  test('no email reaches them afterwards: not a new-edition notice, not a library link', async () => {
    const before = mailsTo(person.email).length;
    const published = await publish(ctx, ADMIN_KEY, dakar.id, { fields: { notifyBuyers: 'true' } });
    expect(published.statusCode, published.body).toBe(201);
    await drainEditionJobs(ctx);
    expect((await askSignIn(ctx, person.email)).statusCode).toBe(202);
    await ctx.app.services.jobs.runDueJobs();
    expect(mailsTo(person.email)).toHaveLength(before);
    expect(smtp.received.filter((m) => m.to.some((to) => to.endsWith('.invalid')))).toEqual([]);
  });

  test('a new order starts afresh: its guide is delivered and the customer is listed again', async () => {
    const before = mailsTo(person.email).length;
    await paidWithProof(person);
    expect(mailsTo(person.email).length).toBeGreaterThan(before);
    const list = await ctx.app.inject({ url: '/api/admin/customers', headers: { 'x-admin-key': ADMIN_KEY } });
    expect(list.json().customers).toEqual([expect.objectContaining({ email: person.email, orders: 1 })]);
  });
});

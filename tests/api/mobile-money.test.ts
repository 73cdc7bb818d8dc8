import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { emailLog, jobs, orders, paymentProofs, storedFiles } from '../../src/server/db/schema';
import { DELIVER_ORDER_JOB } from '../../src/server/modules/mail/delivery-jobs';
import { makeGuidePdf } from '../helpers/fixtures';
import { readEmail } from '../helpers/mail';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'mobile-money-admin-key-0123456789';
const OPERATOR = 'desk@guides.example';
const shopper = {
  email: 'fatou.ndiaye@example.com',
  firstName: 'Fatou',
  lastName: 'Ndiaye',
  mobile: '+221 77 555 44 33',
};

let smtp: TestSmtpServer;
let ctx: TestContext;
let dakar: GuideRow;
let abidjan: GuideRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ADMIN_API_KEY: ADMIN_KEY,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://guides.example',
      OPERATOR_EMAIL: OPERATOR,
      MOBILE_MONEY_PAYMENT_URL: 'https://pay.example/guides?ref={reference}&amount={amount}',
      // Every upload here comes from one address; the limit itself is tested in tests/hardening/uploads-limits.test.ts.
      RECEIPT_UPLOADS_PER_CLIENT: '1000',
    },
  });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
  abidjan = await insertSellableGuide(ctx, { title: 'Abidjan pratique', price: '12.50' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let shopperCount = 0;
/** A new shopper each time, so no order counts as a double submit of another. */
async function createOrder(guides: GuideRow[] = [dakar], overrides: Record<string, unknown> = {}) {
  shopperCount++;
  const total = guides.reduce((sum, g) => sum + Number(g.price), 0);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      ...shopper,
      email: `shopper${shopperCount}@example.com`,
      items: guides.map((g) => ({ id: g.id, quantity: 1 })),
      total,
      locale: 'fr',
      ...overrides,
    },
  });
  return res;
}

async function placedOrder(guides?: GuideRow[], overrides?: Record<string, unknown>) {
  const res = await createOrder(guides, overrides);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { id: string; djamoReference: string; email: string; orderNumber: string };
}

const png = (color = '#ffcc00') =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();

function sendProof(
  publicId: string,
  file: { data: Buffer; fileName: string; type: string } | null,
  provider = 'mobile_money',
) {
  const { payload, contentType } = multipartBody([
    ...(file ? [{ name: 'receipt', ...file }] : []),
    { name: 'provider', value: provider },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${encodeURIComponent(publicId)}/receipt`,
    payload,
    headers: { 'content-type': contentType },
  });
}

const admin = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { 'x-admin-key': ADMIN_KEY },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const rowOf = async (publicId: string) =>
  (await ctx.db.select().from(orders).where(eq(orders.publicId, publicId)))[0]!;
const proofFiles = async () =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(storedFiles)
      .where(eq(storedFiles.purpose, 'receipt'))
  )[0]!.n;
const mailsTo = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address)).map((m) => readEmail(m.raw));

describe('a mobile-money order', () => {
  test('create, receipt, validate, download: the shopper gets the stamped guide as a card buyer does', async () => {
    const res = await createOrder([dakar, abidjan]);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.order).toMatchObject({
      total: '21.50',
      totalXof: 14103,
      email: `shopper${shopperCount}@example.com`,
      firstName: 'Fatou',
      lastName: 'Ndiaye',
      status: 'pending',
    });
    expect(body.order.id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // Short, upper case, without 0/O/1/I/L: easy to type into a wallet app.
    expect(body.order.djamoReference).toMatch(/^MM[2-9A-HJKMNP-Z]{8}$/);
    expect(body.paymentUrl).toBe(`https://pay.example/guides?ref=${body.order.djamoReference}&amount=14103`);
    expect(body.providers).toEqual(['Wave', 'Orange Money', 'MTN MoMo', 'Moov Money', 'Free Money']);
    expect(body.verificationHours).toBe(24);
    const publicId: string = body.order.id;
    const email: string = body.order.email;

    // Pending: nothing is delivered, nothing downloads.
    const row = await rowOf(publicId);
    expect(row).toMatchObject({ status: 'pending', paymentMethod: 'djamo', completedAt: null });
    expect(
      await ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `${DELIVER_ORDER_JOB}:${row.id}`)),
    ).toEqual([]);
    const page = await ctx.app.inject({ url: `/api/orders/${publicId}` });
    expect(page.json()).toMatchObject({
      status: 'pending',
      paymentMethod: 'djamo',
      djamoReference: body.order.djamoReference,
    });
    expect((await ctx.app.inject({ url: `/api/download/${publicId}/${dakar.id}` })).statusCode).toBe(403);

    const upload = await sendProof(
      publicId,
      { data: await png(), fileName: 'reçu wave.png', type: 'image/png' },
      'Wave',
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await rowOf(publicId)).status).toBe('pending_verification');
    expect((await rowOf(publicId)).paymentProvider).toBe('Wave');
    const [receipt] = await ctx.db.select().from(paymentProofs).where(eq(paymentProofs.orderId, row.id));
    const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, receipt!.fileId));
    // Re-encoded, private: no public name, so /api/images can never serve it.
    expect(file).toMatchObject({ purpose: 'receipt', contentType: 'image/webp', publicName: null });
    expect((await ctx.files.read(file!.storageKey)).subarray(8, 12).toString()).toBe('WEBP');

    // The acknowledgement, the operator's notice, and the payment instructions, which the receipt made moot.
    expect(await ctx.app.services.jobs.runDueJobs()).toBe(3);
    expect(mailsTo(email)).toHaveLength(1);
    const [acknowledgement] = mailsTo(email);
    expect(acknowledgement?.subject).toBe(`Reçu de paiement bien reçu – commande ${row.orderNumber}`);
    expect(acknowledgement?.text).toContain('sous 24 heures');
    expect(acknowledgement?.text).toContain(body.order.djamoReference);
    const [notice] = mailsTo(OPERATOR);
    expect(notice?.subject).toContain(row.orderNumber);
    expect(notice?.text).toContain('Wave');
    expect(notice?.text).toContain('https://guides.example/admin/mobile-money');

    // The operator's desk lists it, with its receipt.
    const list = await admin('GET', '/api/orders/pending-mobile-money');
    expect(list.statusCode).toBe(200);
    const listed = list.json().find((o: { id: string }) => o.id === row.id);
    expect(listed).toMatchObject({
      status: 'pending_verification',
      djamoReference: body.order.djamoReference,
      phoneNumber: '+221 77 555 44 33',
      totalAmount: '21.50',
      receiptUrl: `/api/admin/receipts/${row.id}`,
      receiptType: 'image',
      receiptCount: 1,
      overdue: false,
    });
    expect(listed.items.map((i: { guide: { title: string } }) => i.guide.title)).toEqual([
      'Abidjan pratique',
      'Dakar essentiel',
    ]);
    const view = await admin('GET', `/api/admin/receipts/${row.id}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/webp');
    expect(view.headers['content-security-policy']).toContain('sandbox');
    expect(view.rawPayload.subarray(8, 12).toString()).toBe('WEBP');

    const verify = await admin('PATCH', `/api/orders/${row.id}/verify`, { verifiedBy: 'admin' });
    expect(verify.statusCode, verify.body).toBe(200);
    expect(verify.json()).toEqual({
      id: row.id,
      status: 'completed',
      message: 'Order validated and guide sent to customer',
    });
    expect(await rowOf(publicId)).toMatchObject({ status: 'completed', verifiedBy: 'admin' });

    expect(await ctx.app.services.jobs.runDueJobs()).toBe(1);
    const delivery = mailsTo(email).find((m) => m.subject.startsWith('Guides Afrique : vos guides'));
    expect(delivery?.text).toContain(`https://guides.example/order-confirmation/${publicId}?lang=fr`);

    const link = await ctx.app.inject({ url: `/api/download/${publicId}/${dakar.id}` });
    expect(link.statusCode, link.body).toBe(200);
    const pdf = await ctx.app.inject({ url: link.json().downloadUrl });
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfPageTexts(pdf.rawPayload)).join('\n');
    expect(text).toContain(row.orderNumber);
    expect(text).toContain('Fatou Ndiaye');
  });

  test('create, receipt, reject: the shopper is told, and nothing downloads', async () => {
    const order = await placedOrder();
    const pdf = await makeGuidePdf('Reçu Orange Money');
    expect(
      (await sendProof(order.id, { data: pdf, fileName: 'recu.pdf', type: 'application/pdf' })).statusCode,
    ).toBe(201);
    const row = await rowOf(order.id);
    const reject = await admin('PATCH', `/api/orders/${row.id}/reject`);
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'rejected', message: 'Rejection email sent to customer' });
    expect((await rowOf(order.id)).status).toBe('rejected');
    expect((await rowOf(order.id)).rejectedAt).toBeInstanceOf(Date);

    await ctx.app.services.jobs.runDueJobs();
    const mails = mailsTo(order.email);
    expect(mails.map((m) => m.subject)).toEqual([
      `Reçu de paiement bien reçu – commande ${row.orderNumber}`,
      `Paiement non validé – commande ${row.orderNumber}`,
    ]);
    const download = await ctx.app.inject({ url: `/api/download/${order.id}/${dakar.id}` });
    expect(download.statusCode).toBe(403);
    // A PDF receipt is kept as a picture of its pages: the operator views an image.
    const view = await admin('GET', `/api/admin/receipts/${row.id}`);
    expect(view.headers['content-type']).toBe('image/webp');
    expect((await sharp(view.rawPayload).metadata()).format).toBe('webp');
    // A receipt for a decided order is refused and stores nothing.
    const before = await proofFiles();
    const late = await sendProof(order.id, { data: await png(), fileName: 'x.png', type: 'image/png' });
    expect(late.statusCode).toBe(409);
    expect(await proofFiles()).toBe(before);
  });

  test("a rejection with a reason puts the reason in the email, in the order's language", async () => {
    const order = await placedOrder();
    const row = await rowOf(order.id);
    const reject = await admin('PATCH', `/api/orders/${row.id}/reject`, {
      reason: '  Le reçu montre 5 000 FCFA, pas le montant dû.  ',
    });
    expect(reject.statusCode, reject.body).toBe(200);
    await ctx.app.services.jobs.runDueJobs();
    const [mail] = mailsTo(order.email).filter((m) => m.subject.startsWith('Paiement non validé'));
    expect(mail?.text).toContain('Motif : Le reçu montre 5 000 FCFA, pas le montant dû.');
    expect(mail?.html).toContain('Motif : Le reçu montre 5 000 FCFA, pas le montant dû.');
  });

  test.each([
    ['too long', 'x'.repeat(501)],
    ['a NUL', 'a\u0000b'],
    ['not text', 42],
  ])(
    'a reason that is %s is refused with a 400 naming it, and the order stays undecided',
    async (_, reason) => {
      const order = await placedOrder();
      const row = await rowOf(order.id);
      const res = await admin('PATCH', `/api/orders/${row.id}/reject`, { reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('reason');
      expect((await rowOf(order.id)).status).toBe('pending');
    },
  );

  test('a second receipt is kept beside the first', async () => {
    const order = await placedOrder();
    await sendProof(order.id, { data: await png('#ff0000'), fileName: 'a.png', type: 'image/png' });
    await sendProof(order.id, {
      data: await makeGuidePdf('second'),
      fileName: 'b.pdf',
      type: 'application/pdf',
    });
    const row = await rowOf(order.id);
    const receipts = await ctx.db
      .select({ fileId: paymentProofs.fileId, contentType: storedFiles.contentType })
      .from(paymentProofs)
      .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.fileId))
      .where(eq(paymentProofs.orderId, row.id));
    expect(receipts.map((r) => r.contentType)).toEqual(['image/webp', 'image/webp']);
    const listed = (await admin('GET', '/api/orders/pending-mobile-money'))
      .json()
      .find((o: { id: string }) => o.id === row.id);
    expect(listed).toMatchObject({ receiptCount: 2, receiptType: 'image' });
  });

  test('the order total is computed by the server: a different total or a free cart is refused', async () => {
    const wrong = await createOrder([dakar], { total: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('does not match');
    const missing = await createOrder([dakar], { mobile: '0700000000' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^mobile:/);
  });

  test('a double submit returns the first order', async () => {
    const payload = {
      ...shopper,
      email: 'twice@example.com',
      items: [{ id: dakar.id, quantity: 1 }],
      total: 9,
      locale: 'en',
      claimKey: 'mobile-money-double-submit-01',
    };
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: '/api/create-djamo-order', payload }),
      ctx.app.inject({ method: 'POST', url: '/api/create-djamo-order', payload }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().order.id).toBe(b.json().order.id);
  });
});

describe('receipt checks', () => {
  async function expectRefused(
    res: Awaited<ReturnType<typeof sendProof>>,
    publicId: string,
    status: number,
    message: string,
    filesBefore: number,
  ) {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ message });
    expect((await rowOf(publicId)).status).toBe('pending');
    expect(await proofFiles()).toBe(filesBefore);
    expect(
      await ctx.db
        .select()
        .from(paymentProofs)
        .where(eq(paymentProofs.orderId, (await rowOf(publicId)).id)),
    ).toEqual([]);
  }

  test('a PNG renamed .pdf is taken for what it is: an image, re-encoded', async () => {
    const order = await placedOrder();
    const res = await sendProof(order.id, {
      data: await png(),
      fileName: 'recu.pdf',
      type: 'application/pdf',
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await rowOf(order.id);
    const [file] = await ctx.db
      .select({ contentType: storedFiles.contentType, originalName: storedFiles.originalName })
      .from(paymentProofs)
      .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.fileId))
      .where(eq(paymentProofs.orderId, row.id));
    expect(file).toEqual({ contentType: 'image/webp', originalName: 'recu.webp' });
  });

  test('an HTML file named .jpg is refused with the spec’s text and changes nothing', async () => {
    const order = await placedOrder();
    const before = await proofFiles();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res = await sendProof(order.id, { data: html, fileName: 'recu.jpg', type: 'image/jpeg' });
    await expectRefused(res, order.id, 400, 'Please select a valid file (PNG, WEBP, PDF, JPG, JPEG)', before);
  });

  test('5 MB + 1 byte is refused with 413 and leaves nothing', async () => {
    const order = await placedOrder();
    const before = await proofFiles();
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0x20);
    (await png()).copy(big);
    const res = await sendProof(order.id, { data: big, fileName: 'big.png', type: 'image/png' });
    await expectRefused(res, order.id, 413, 'File size must be less than 5 MB', before);
  });

  test('exactly 5 MB of PDF is accepted', async () => {
    const order = await placedOrder();
    const pdf = await makeGuidePdf('Reçu');
    const padded = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 - pdf.length, 0x0a)]);
    const res = await sendProof(order.id, { data: padded, fileName: 'recu.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
  });

  test('a chunked body with no length is cut off with 413 as it passes 5 MB', async () => {
    const order = await placedOrder();
    const before = await proofFiles();
    const { payload, contentType } = multipartBody([
      {
        name: 'receipt',
        fileName: 'huge.pdf',
        type: 'application/pdf',
        data: Buffer.alloc(20 * 1024 * 1024, 0x25),
      },
    ]);
    let sent = 0;
    const chunks = Array.from({ length: Math.ceil(payload.length / 65536) }, (_, i) =>
      payload.subarray(i * 65536, (i + 1) * 65536),
    );
    const stream = Readable.from(
      (function* () {
        for (const chunk of chunks) {
          sent += chunk.length;
          yield chunk;
        }
      })(),
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/receipt`,
      payload: stream,
      headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' },
    });
    await expectRefused(res, order.id, 413, 'File size must be less than 5 MB', before);
    expect(res.headers['content-length']).toBeDefined();
    expect(sent).toBeGreaterThan(5 * 1024 * 1024);
  });

  test('no file, or an unknown provider, is a 400 naming the field', async () => {
    const order = await placedOrder();
    const before = await proofFiles();
    await expectRefused(
      await sendProof(order.id, null),
      order.id,
      400,
      'receipt: choose a file to send',
      before,
    );
    const res = await sendProof(
      order.id,
      { data: await png(), fileName: 'a.png', type: 'image/png' },
      'PayPal',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^provider:/);
  });

  test('only the order’s access token opens the receipt upload: not the reference, not the internal id', async () => {
    const order = await placedOrder();
    const row = await rowOf(order.id);
    const before = await proofFiles();
    // One character off (never the same character: an id may itself end with 'A').
    const nearMiss = `${order.id.slice(0, -1)}${order.id.endsWith('A') ? 'B' : 'A'}`;
    for (const id of [order.djamoReference, row.id, row.orderNumber, nearMiss]) {
      const res = await sendProof(id, { data: await png(), fileName: 'a.png', type: 'image/png' });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found' });
    }
    expect((await rowOf(order.id)).status).toBe('pending');
    expect(await proofFiles()).toBe(before);
  });
});

describe('the operator’s decision', () => {
  test('verify without verifiedBy ({}) is a 400 saying what to send, and decides nothing', async () => {
    const placed = await placedOrder();
    const row = await rowOf(placed.id);
    for (const body of [{}, { verifiedBy: '  ' }]) {
      const res = await admin('PATCH', `/api/orders/${row.id}/verify`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message:
          'verifiedBy: verifiedBy is required: who validated the payment (the dashboard sends "admin")',
        field: 'verifiedBy',
        code: 'invalid_field',
      });
    }
    expect((await rowOf(placed.id)).status).toBe(row.status);
  });

  test('a completed or rejected order cannot be decided again (409 with a message)', async () => {
    const validated = await placedOrder();
    const v = await rowOf(validated.id);
    expect((await admin('PATCH', `/api/orders/${v.id}/verify`, { verifiedBy: 'admin' })).statusCode).toBe(
      200,
    );
    for (const [method, url] of [
      ['PATCH', `/api/orders/${v.id}/verify`],
      ['PATCH', `/api/orders/${v.id}/reject`],
    ] as const) {
      const res = await admin(method, url, url.endsWith('verify') ? { verifiedBy: 'admin' } : undefined);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'This order was already validated: its guides have been sent.' });
    }
    const rejected = await placedOrder();
    const r = await rowOf(rejected.id);
    expect((await admin('PATCH', `/api/orders/${r.id}/reject`)).statusCode).toBe(200);
    const again = await admin('PATCH', `/api/orders/${r.id}/verify`, { verifiedBy: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This order was already rejected.' });
    expect((await rowOf(rejected.id)).status).toBe('rejected');
  });

  test('two validations racing each other send one delivery email', async () => {
    const order = await placedOrder();
    const row = await rowOf(order.id);
    const results = await Promise.all([
      admin('PATCH', `/api/orders/${row.id}/verify`, { verifiedBy: 'admin' }),
      admin('PATCH', `/api/orders/${row.id}/verify`, { verifiedBy: 'admin' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await ctx.app.services.jobs.runDueJobs();
    await ctx.app.services.jobs.runDueJobs();
    expect(
      mailsTo(order.email).filter((m) => m.subject.startsWith('Guides Afrique : vos guides')),
    ).toHaveLength(1);
    const logs = await ctx.db.select().from(emailLog).where(eq(emailLog.orderId, row.id));
    expect(logs.map((l) => l.kind)).toEqual(['delivery']);
  });

  test('every operator route answers 401 without the admin key; unknown orders 404', async () => {
    const order = await placedOrder();
    const row = await rowOf(order.id);
    for (const [method, url] of [
      ['GET', '/api/orders/pending-mobile-money'],
      ['PATCH', `/api/orders/${row.id}/verify`],
      ['PATCH', `/api/orders/${row.id}/reject`],
      ['GET', `/api/admin/receipts/${row.id}`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'PATCH' ? { verifiedBy: 'admin' } : undefined,
      });
      expect(res.statusCode, url).toBe(401);
    }
    expect((await rowOf(order.id)).status).toBe('pending');
    const unknown = await admin('PATCH', '/api/orders/00000000-0000-4000-8000-000000000000/verify', {
      verifiedBy: 'admin',
    });
    expect(unknown.statusCode).toBe(404);
    const noProof = await admin('GET', `/api/admin/receipts/${row.id}`);
    expect(noProof.statusCode).toBe(404);
    expect(noProof.json()).toEqual({ message: 'Receipt not found' });
  });

  test('orders waiting more than 24 hours are marked overdue', async () => {
    const order = await placedOrder();
    await ctx.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(orders.publicId, order.id));
    const listed = (await admin('GET', '/api/orders/pending-mobile-money')).json();
    const row = await rowOf(order.id);
    expect(listed.find((o: { id: string }) => o.id === row.id).overdue).toBe(true);
    // Orders with a receipt come first; of those still waiting for a payment, the oldest leads.
    const waiting = listed.filter((o: { status: string }) => o.status === 'pending');
    expect(waiting[0].id).toBe(row.id);
  });
});

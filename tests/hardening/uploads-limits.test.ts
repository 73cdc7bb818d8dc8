import { readFileSync, writeFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { orders, paymentProofs, storedFiles } from '../../src/server/db/schema';
import { multipartBody } from '../helpers/multipart';
import { type GuideRow, insertSellableGuide } from '../helpers/orders';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { ADMIN_KEY, expectWellFormed, HARDENING_ENV } from './harness';

/** what an upload can cost the shop (memory, disk, mail), and a full disk. */

const OPERATOR = 'desk@guides.example';
let smtp: TestSmtpServer;
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({
    renderPages: false,
    env: {
      ...HARDENING_ENV,
      SMTP_URL: smtp.url,
      OPERATOR_EMAIL: OPERATOR,
      // The shipped limits, not the harness's generous ones.
      RECEIPT_UPLOADS_PER_CLIENT: '10',
      ADMIN_UPLOADS_PER_MINUTE: '60',
    },
  });
  guide = await insertSellableGuide(ctx, { title: 'Dakar essentiel', price: '9.00' });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

let shoppers = 0;
async function placeOrder(): Promise<{ id: string }> {
  shoppers++;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/create-djamo-order',
    payload: {
      email: `shopper${shoppers}@example.com`,
      firstName: 'Awa',
      lastName: 'Diop',
      mobile: '+221 77 000 00 00',
      items: [{ id: guide.id, quantity: 1 }],
      total: 9,
      locale: 'fr',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { order: { id: string } }).order;
}

let clients = 0;
/** A new client address each time unless one is given: rate limits are per client. */
const newClient = () => `10.15.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

function sendProof(
  publicId: string,
  file: { data: Buffer; fileName?: string; type?: string },
  client = newClient(),
) {
  const { payload, contentType } = multipartBody([
    {
      name: 'receipt',
      fileName: file.fileName ?? 'receipt.jpg',
      type: file.type ?? 'image/jpeg',
      data: file.data,
    },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${publicId}/receipt`,
    payload,
    headers: { 'content-type': contentType },
    remoteAddress: client,
  });
}

/** VmRSS and VmHWM of this process; writing 5 to clear_refs resets VmHWM (see bench/node-child.ts). */
function memory(): { rss: number; peak: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}
function resetPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

const receiptCount = async (publicId: string) =>
  (
    await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentProofs)
      .innerJoin(orders, eq(orders.id, paymentProofs.orderId))
      .where(eq(orders.publicId, publicId))
  )[0]!.n;

describe('receipt images', () => {
  test('six 16,000 × 16,000 JPEGs at once are refused with 400 from their header, costing under 300 MB', async () => {
    const huge = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#123' } })
      .jpeg({ progressive: true, quality: 10 })
      .toBuffer();
    const order = await placeOrder();
    const before = memory().rss;
    const reset = resetPeak();
    let sampled = before;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, memory().rss);
    }, 10);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendProof(order.id, { data: huge })));
    const ms = performance.now() - started;
    clearInterval(sampler);
    const peak = Math.max(reset ? memory().peak : 0, sampled);
    console.log(
      `[hardening] six 16k × 16k JPEGs (${huge.length} bytes each): ${Math.round(ms)} ms, peak RSS +${Math.round((peak - before) / 2 ** 20)} MB`,
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(/16000 × 16000 pixels.*at most 40 megapixels/);
    }
    expect(peak - before).toBeLessThan(300 * 2 ** 20);
    expect(await receiptCount(order.id)).toBe(0);
  });
});

const png = (color: string) =>
  sharp({ create: { width: 60, height: 90, channels: 3, background: color } })
    .png()
    .toBuffer();

describe('receipts per order and per client', () => {
  test('an order keeps 5 receipts: the 6th is a 409 saying so, and nothing more is stored or emailed', async () => {
    const order = await placeOrder();
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await sendProof(order.id, { data: await png(`#${i}${i}${i}`), fileName: 'r.png' }, client);
      statuses.push(res.statusCode);
      if (i === 5) {
        expectWellFormed(res, 'the 6th receipt');
        expect(res.json().message).toMatch(/already has 5 receipts/);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409]);
    expect(await receiptCount(order.id)).toBe(5);
  });

  test('five receipts to one order: one email to the shopper and one to the operator, not ten', async () => {
    const order = await placeOrder();
    await ctx.app.services.jobs.runDueJobs();
    const before = smtp.received.length;
    for (let i = 0; i < 5; i++) {
      const res = await sendProof(order.id, { data: await png(`#a${i}${i}`), fileName: 'r.png' });
      expect(res.statusCode, res.body).toBe(201);
    }
    await ctx.app.services.jobs.runDueJobs();
    const sent = smtp.received.slice(before);
    expect(sent.filter((m) => m.to.includes(OPERATOR))).toHaveLength(1);
    expect(sent.filter((m) => m.to.includes(`shopper${shoppers}@example.com`))).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  test('one client sends 10 receipts per 10 minutes; the 11th is a 429 JSON message, other clients go on', async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      // Refused receipts count too: each one cost us the upload.
      const res = await sendProof((await placeOrder()).id, { data: Buffer.from('not an image') }, client);
      statuses.push(res.statusCode);
      if (i === 10) {
        expectWellFormed(res, 'the 11th upload');
        expect(res.json().message).toMatch(/Too many uploads/);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
    const other = await sendProof((await placeOrder()).id, { data: await png('#0a0'), fileName: 'r.png' });
    expect(other.statusCode).toBe(201);
  });

  test('one order takes 10 uploads per 10 minutes whoever sends them; the 11th is a 429', async () => {
    const order = await placeOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await sendProof(order.id, { data: Buffer.from('not an image') })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  test('admin uploads: 60 per minute per client, then a 429 JSON message', async () => {
    const client = newClient();
    const statuses = new Map<number, number>();
    for (let i = 0; i < 61; i++) {
      const { payload, contentType } = multipartBody([
        { name: 'image', fileName: 'x.png', type: 'image/png', data: Buffer.from('not an image') },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/upload/media',
        payload,
        headers: { 'content-type': contentType, 'x-admin-key': ADMIN_KEY },
        remoteAddress: client,
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (i === 60) expectWellFormed(res, 'the 61st admin upload');
    }
    expect(Object.fromEntries(statuses)).toEqual({ 400: 60, 429: 1 });
  });
});

describe('PDF receipts', () => {
  test('a PDF with JavaScript, an open action and an embedded file is kept as a picture of its page, with none of them', async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    pdf.addPage([420, 595]).drawText('Wave – 9 000 FCFA', { x: 40, y: 540, size: 18, font });
    await pdf.attach(Buffer.from('EMBEDDED-SECRET-PAYLOAD'), 'payload.txt', { mimeType: 'text/plain' });
    pdf.addJavaScript('steal', 'app.alert("JS-SECRET-PAYLOAD")');
    pdf.catalog.set(
      PDFName.of('OpenAction'),
      pdf.context.obj({
        Type: 'Action',
        S: 'JavaScript',
        JS: PDFString.of('app.launchURL("https://evil.example")'),
      }),
    );
    const hostile = Buffer.from(await pdf.save({ useObjectStreams: false }));
    expect(hostile.includes('/JavaScript')).toBe(true);
    expect(hostile.includes('/EmbeddedFile')).toBe(true);

    const order = await placeOrder();
    const res = await sendProof(order.id, { data: hostile, fileName: 'recu.pdf', type: 'application/pdf' });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await ctx.db
      .select({ file: storedFiles })
      .from(paymentProofs)
      .innerJoin(storedFiles, eq(storedFiles.id, paymentProofs.fileId))
      .innerJoin(orders, eq(orders.id, paymentProofs.orderId))
      .where(eq(orders.publicId, order.id));
    expect(stored!.file.contentType).toBe('image/webp');
    expect(stored!.file.originalName).toBe('recu.webp');
    const bytes = await ctx.files.read(stored!.file.storageKey);
    expect((await sharp(bytes).metadata()).format).toBe('webp');
    for (const marker of [
      '%PDF',
      'JavaScript',
      'OpenAction',
      'EmbeddedFile',
      'SECRET-PAYLOAD',
      'evil.example',
    ]) {
      expect(bytes.includes(marker), marker).toBe(false);
    }
    // The operator's viewer gets that image.
    const [row] = await ctx.db.select().from(orders).where(eq(orders.publicId, order.id));
    const view = await ctx.app.inject({
      url: `/api/admin/receipts/${row!.id}`,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(view.statusCode).toBe(200);
    expect(view.headers['content-type']).toBe('image/webp');
  });

  test('a PDF with no pages is refused with 400 saying so, and nothing is kept', async () => {
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    const order = await placeOrder();
    const res = await sendProof(order.id, { data: empty, fileName: 'vide.pdf', type: 'application/pdf' });
    expectWellFormed(res, 'a PDF with no pages');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no pages/);
    expect(await receiptCount(order.id)).toBe(0);
  });
});

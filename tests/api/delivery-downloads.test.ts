import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { emailLog, jobs, orders, storedFiles } from '../../src/server/db/schema';
import { downloadResponseSchema } from '../../src/shared/contracts/orders';
import { readEmail } from '../helpers/mail';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { pdfGlyphs, pdfPageTexts } from '../helpers/pdf';
import { stampedCopiesOf, stampedFileIdOf } from '../helpers/stamped-copies';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let dakar: GuideRow;
let marrakech: GuideRow;
let notBought: GuideRow;
let order: OrderRow;
let pending: OrderRow;
let scratch: string;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'zip-test-'));
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel : l’île de Gorée' });
  marrakech = await insertSellableGuide(ctx, { title: 'Marrakech en 3 jours', companion: 'Checklist Maroc' });
  notBought = await insertSellableGuide(ctx, { title: 'Abidjan' });
  ({ order } = await insertOrder(ctx.db, { guides: [dakar, marrakech], firstName: 'Awa', lastName: 'Diop' }));
  ({ order: pending } = await insertOrder(ctx.db, { guides: [dakar], status: 'pending' }));
});
afterAll(async () => {
  await ctx?.close();
  await rm(scratch, { recursive: true, force: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function link(url: string) {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return downloadResponseSchema.parse(res.json());
}

describe('GET /api/download/:orderId/:guideId', () => {
  test('an unknown order is 404', async () => {
    const res = await ctx.app.inject({ url: `/api/download/nope-${order.publicId}/${dakar.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Order not found' });
  });

  test('a guide that is not in the order is 404', async () => {
    const res = await ctx.app.inject({ url: `/api/download/${order.publicId}/${notBought.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This guide is not part of this order' });
    expect((await ctx.app.inject({ url: `/api/download/${order.publicId}/not-a-uuid` })).statusCode).toBe(
      404,
    );
  });

  test('an order that is not completed is 403 with a message', async () => {
    const res = await ctx.app.inject({ url: `/api/download/${pending.publicId}/${dakar.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/not completed/);
  });

  test('a companion PDF the guide does not have is 404', async () => {
    const res = await ctx.app.inject({ url: `/api/download/${order.publicId}/${dakar.id}?file=secondary` });
    expect(res.statusCode).toBe(404);
  });

  test('gives a signed link valid 15 minutes, stamping the PDF on the spot if the job has not yet', async () => {
    const before = Date.now();
    const body = await link(`/api/download/${order.publicId}/${dakar.id}`);
    expect(body.downloadUrl).toMatch(/^\/api\/files\/[A-Za-z0-9_-]{50}$/);
    const expires = new Date(body.expiresAt).getTime();
    expect(expires).toBeGreaterThan(before + 14 * 60_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    expect(body.fileName).toBe(`dakar-essentiel-l-ile-de-goree-${order.orderNumber}.pdf`);
    expect(await stampedFileIdOf(ctx.db, order.id, dakar.id, 'primary')).toBeTruthy();
  });
});

describe('a download link’s answer', () => {
  test('is private, no-store: it holds a bearer URL to the buyer’s stamped file (the ZIP’s too)', async () => {
    for (const url of [
      `/api/download/${order.publicId}/${dakar.id}`,
      `/api/download/${order.publicId}/zip`,
    ]) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().downloadUrl, url).toBeTruthy();
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
  });
});

describe('GET /api/files/:token', () => {
  test('sends the stamped PDF as an attachment that is never cached', async () => {
    const { downloadUrl, fileName } = await link(`/api/download/${order.publicId}/${dakar.id}`);
    const res = await ctx.app.inject({ url: downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${fileName}"; filename*=UTF-8''${fileName}`,
    );
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPageTexts(res.rawPayload);
    expect(pages.length).toBe(3);
    for (const text of pages)
      expect(text).toContain(`Awa Diop · a***p@g***.com · commande ${order.orderNumber}`);
  });

  test('HEAD tells the size and type without the body', async () => {
    const { downloadUrl } = await link(`/api/download/${order.publicId}/${dakar.id}`);
    const whole = await ctx.app.inject({ url: downloadUrl });
    const head = await ctx.app.inject({ method: 'HEAD', url: downloadUrl });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
  });

  test('byte ranges resume a download: 206 parts that concatenate back into the whole file', async () => {
    const { downloadUrl } = await link(`/api/download/${order.publicId}/${dakar.id}`);
    const whole = (await ctx.app.inject({ url: downloadUrl })).rawPayload;
    const size = whole.length;

    const first = await ctx.app.inject({ url: downloadUrl, headers: { range: 'bytes=0-99' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(first.headers['content-length']).toBe('100');
    const middle = await ctx.app.inject({ url: downloadUrl, headers: { range: 'bytes=100-1099' } });
    expect(middle.statusCode).toBe(206);
    const rest = await ctx.app.inject({ url: downloadUrl, headers: { range: 'bytes=1100-' } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 1100-${size - 1}/${size}`);
    expect(Buffer.concat([first.rawPayload, middle.rawPayload, rest.rawPayload]).equals(whole)).toBe(true);

    const tail = await ctx.app.inject({ url: downloadUrl, headers: { range: 'bytes=-50' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.subarray(size - 50))).toBe(true);

    const beyond = await ctx.app.inject({ url: downloadUrl, headers: { range: `bytes=${size}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    expect(beyond.json().message).toMatch(/outside the file/);

    // A resume against bytes that changed since (another ETag) gets the whole file again.
    const stale = await ctx.app.inject({
      url: downloadUrl,
      headers: { range: 'bytes=100-', 'if-range': '"0000"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(whole)).toBe(true);
    const fresh = await ctx.app.inject({
      url: downloadUrl,
      headers: { range: 'bytes=100-', 'if-range': String(first.headers.etag) },
    });
    expect(fresh.statusCode).toBe(206);
  });

  test('the companion PDF is stamped and named after itself', async () => {
    const { downloadUrl, fileName } = await link(
      `/api/download/${order.publicId}/${marrakech.id}?file=secondary`,
    );
    expect(fileName).toBe(`checklist-maroc-${order.orderNumber}.pdf`);
    const res = await ctx.app.inject({ url: downloadUrl });
    expect(res.statusCode).toBe(200);
    const [text] = await pdfPageTexts(res.rawPayload);
    expect(text).toContain('Checklist Maroc');
    expect(text).toContain(order.orderNumber);
  });

  test('a tampered link is 403 with a message', async () => {
    const { downloadUrl } = await link(`/api/download/${order.publicId}/${dakar.id}`);
    const token = downloadUrl.split('/').pop()!;
    const bytes = Buffer.from(token, 'base64url');
    const edit = (at: number) => {
      const copy = Buffer.from(bytes);
      copy[at]! ^= 1;
      return copy.toString('base64url');
    };
    // the expiry pushed later, the item changed, the signature changed, cut short, padded, garbage
    const forgeries = [edit(20), edit(5), edit(30), token.slice(0, -1), `${token}A`, 'garbage'];
    for (const forged of forgeries) {
      const res = await ctx.app.inject({ url: `/api/files/${forged}` });
      expect(res.statusCode, forged).toBe(403);
      expect(res.json()).toEqual({ message: 'This download link is not valid.' });
    }
  });

  test('a link used after its 15 minutes is 410 with a message', async () => {
    const { downloadUrl } = await link(`/api/download/${order.publicId}/${dakar.id}`);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 14 * 60_000);
    expect((await ctx.app.inject({ url: downloadUrl })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    const res = await ctx.app.inject({ url: downloadUrl });
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired/);
  });

  test('a link stops working when its order is no longer completed', async () => {
    const { order: refunded } = await insertOrder(ctx.db, { guides: [dakar] });
    const { downloadUrl } = await link(`/api/download/${refunded.publicId}/${dakar.id}`);
    await ctx.db.update(orders).set({ status: 'rejected' }).where(eq(orders.id, refunded.id));
    const res = await ctx.app.inject({ url: downloadUrl });
    expect(res.statusCode).toBe(403);
  });
});

describe('ZIP of the whole order', () => {
  test('one streamed ZIP holds every stamped PDF of the order, stored as is', async () => {
    const { order: fresh } = await insertOrder(ctx.db, { guides: [dakar, marrakech] });
    const body = await link(`/api/download/${fresh.publicId}/zip`);
    expect(body.downloadUrl).toMatch(/^\/api\/files\/zip\//);
    expect(body.fileName).toBe(`guides-afrique-${fresh.orderNumber}.zip`);

    const res = await ctx.app.inject({ url: body.downloadUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain(`filename="${body.fileName}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);

    const zipPath = path.join(scratch, body.fileName);
    await writeFile(zipPath, res.rawPayload);
    const listing = execFileSync('unzip', ['-v', zipPath]).toString();
    const names = [
      `dakar-essentiel-l-ile-de-goree-${fresh.orderNumber}.pdf`,
      `marrakech-en-3-jours-${fresh.orderNumber}.pdf`,
      `checklist-maroc-${fresh.orderNumber}.pdf`,
    ];
    for (const name of names) expect(listing).toMatch(new RegExp(`Stored .*${name}`));
    execFileSync('unzip', ['-tq', zipPath]);

    const stamped = await Promise.all(
      (await stampedCopiesOf(ctx.db, fresh.id)).map(
        async ({ fileId }) => (await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, fileId)))[0]!,
      ),
    );
    expect(stamped).toHaveLength(3);
    for (const file of stamped) {
      const inZip = execFileSync('unzip', ['-p', zipPath, file.originalName]);
      expect(inZip.equals(await ctx.files.read(file.storageKey))).toBe(true);
    }
  });

  test('a name in any script is stamped as typed, Arabic right to left included, in each PDF and in the ZIP', async () => {
    const { order: fresh } = await insertOrder(ctx.db, {
      guides: [dakar],
      firstName: 'محمد',
      lastName: 'Ňguyễn 山田',
    });
    const expected = ['محمد', 'Ňguyễn', '山田'];
    const lettersOf = async (pdf: Uint8Array) => {
      const page = await pdfGlyphs(pdf, 0);
      // The stamp is the lowest line of the page.
      const foot = Math.max(...page.map((g) => g.y));
      const glyphs = page.filter((g) => g.y > foot - 3);
      expect(glyphs.filter((g) => g.glyph === 0)).toEqual([]);
      // As a reader sees the line, left to right.
      return glyphs
        .sort((a, b) => a.x - b.x)
        .map((g) => String.fromCodePoint(g.unicode))
        .join('')
        .normalize('NFKC');
    };
    const { downloadUrl } = await link(`/api/download/${fresh.publicId}/${dakar.id}`);
    const pdf = (await ctx.app.inject({ url: downloadUrl })).rawPayload;
    const inPdf = await lettersOf(pdf);
    // The Arabic name reads right to left: from the left of the page, its last letter comes first.
    for (const word of expected)
      expect(inPdf).toContain(word === 'محمد' ? [...word].reverse().join('') : word);

    const zip = await link(`/api/download/${fresh.publicId}/zip`);
    const zipPath = path.join(scratch, `any-script-${zip.fileName}`);
    await writeFile(zipPath, (await ctx.app.inject({ url: zip.downloadUrl })).rawPayload);
    const inZip = execFileSync('unzip', [
      '-p',
      zipPath,
      `dakar-essentiel-l-ile-de-goree-${fresh.orderNumber}.pdf`,
    ]);
    expect(inZip.equals(pdf)).toBe(true);
  });

  test('a ZIP link is refused for an order that is not completed, and is not a file link', async () => {
    expect((await ctx.app.inject({ url: `/api/download/${pending.publicId}/zip` })).statusCode).toBe(403);
    const { downloadUrl } = await link(`/api/download/${order.publicId}/zip`);
    const token = downloadUrl.split('/').pop();
    expect((await ctx.app.inject({ url: `/api/files/${token}` })).statusCode).toBe(403);
  });
});

describe('POST /api/orders/resend-links', () => {
  const resend = (payload: object, ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/orders/resend-links', payload, remoteAddress: ip });

  test('answers the same whether or not the order matches, and re-sends only on a match', async () => {
    const { order: mine } = await insertOrder(ctx.db, { guides: [dakar], email: 'Resend.Me@Example.com' });
    // The original delivery, so the resend is counted on it.
    const { enqueueJob } = await import('../../src/server/modules/jobs/jobs.service');
    const { deliverOrderJob } = await import('../../src/server/modules/mail/delivery-jobs');
    await enqueueJob(ctx.db, deliverOrderJob(mine.id));
    await ctx.app.services.jobs.runDueJobs();

    const match = await resend({ orderNumber: mine.orderNumber, email: 'resend.me@example.com' }, '10.0.0.1');
    const wrongEmail = await resend(
      { orderNumber: mine.orderNumber, email: 'other@example.com' },
      '10.0.0.1',
    );
    const unknown = await resend({ orderNumber: 'GA-NOPE00', email: 'resend.me@example.com' }, '10.0.0.1');
    const notCompleted = await resend({ orderNumber: pending.orderNumber, email: pending.email }, '10.0.0.1');
    for (const res of [match, wrongEmail, unknown, notCompleted]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(match.body);
    }
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'resend-links'));
    expect(queued.map((j) => j.payload)).toEqual([{ orderId: mine.id, requestId: expect.any(String) }]);

    await ctx.app.services.jobs.runDueJobs();
    await ctx.app.services.jobs.runDueJobs();
    const logs = await ctx.db.select().from(emailLog).where(eq(emailLog.orderId, mine.id));
    expect(logs.find((l) => l.kind === 'delivery')).toMatchObject({ status: 'sent', resentCount: 1 });
    expect(logs.find((l) => l.kind === 'resend-links')).toMatchObject({ status: 'sent', attempts: 1 });
    const eml = (await readdir(ctx.config.outboxDir)).length;
    expect(eml).toBeGreaterThanOrEqual(2);
    const resent = readEmail(
      await (await import('node:fs/promises')).readFile(
        path.join(ctx.config.outboxDir, (await readdir(ctx.config.outboxDir)).sort().at(-1)!),
      ),
    );
    expect(resent.subject).toBe(`Vos liens de téléchargement – commande ${mine.orderNumber}`);
    expect(resent.text).toContain(`/order-confirmation/${mine.publicId}`);
  });

  test('is rate-limited per client address: the sixth request in 15 minutes is 429', async () => {
    const payload = { orderNumber: 'GA-LIMIT1', email: 'someone@example.com' };
    for (let i = 0; i < 5; i++) expect((await resend(payload, '10.0.0.2')).statusCode).toBe(202);
    const limited = await resend(payload, '10.0.0.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Too many requests/);
    expect((await resend(payload, '10.0.0.3')).statusCode).toBe(202);
  });

  test('a malformed body is a 400 naming the field', async () => {
    const res = await resend({ orderNumber: 'GA-1', email: 'not-an-email' }, '10.0.0.4');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/email/);
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import yazl from 'yazl';
import { storedFiles } from '../../src/server/db/schema';
import { enqueueJob } from '../../src/server/modules/jobs/jobs.service';
import { deliverOrderJob } from '../../src/server/modules/mail/delivery-jobs';
import {
  paymentIntentFor,
  payWithTestCard,
  signatureFor,
  succeededEventBody,
  WEBHOOK_SECRET,
} from '../api/checkout-helpers';
import { makeGuidePdf } from '../helpers/fixtures';
import { readEmail } from '../helpers/mail';
import { type FormPart, multipartBody } from '../helpers/multipart';
import { type GuideRow, insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { draw } from './bad-input';
import { ADMIN_KEY, databaseFingerprint, expectWellFormed, HARDENING_ENV, Tally } from './harness';

const tally = new Tally('attacks: uploads, stored XSS, CSV injection, webhooks');
let ctx: TestContext;
let guide: GuideRow;

beforeAll(async () => {
  ctx = await createTestContext({ env: { ...HARDENING_ENV, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } });
  guide = await insertSellableGuide(ctx, { title: 'Guide du Sénégal', price: '12.50' });
});
afterAll(async () => {
  tally.print();
  await ctx.close();
});

/** Markup that runs script if a page, an admin table or an email ever shows it unescaped. */
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  '<iframe src="data:text/html,<script>alert(1)</script>">',
  '</script><script>alert(1)</script>',
  '<style>@import "http://evil"</style>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '<scr<script>ipt>alert(1)</script>',
];
/** What must never come out of the shop verbatim, once rendered. */
const DANGER =
  /<script|<[^>]*\son\w+\s*=|<[a-z][^>]*\s(href|src)\s*=\s*["']?\s*javascript:|<(iframe|svg|style|math)/i;

const png = (color = '#0f766e') =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: color } })
    .png()
    .toBuffer();

const uploadMedia = (parts: FormPart[] | { payload: Buffer | Readable; contentType: string }) => {
  const body = Array.isArray(parts) ? multipartBody(parts) : parts;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/admin/upload/media',
    headers: { 'content-type': body.contentType, 'x-admin-key': ADMIN_KEY },
    payload: body.payload,
  });
};

/** A PNG whose header claims 60000 × 60000 pixels: a decompression bomb for any decoder that trusts it. */
async function pixelBomb(): Promise<Buffer> {
  const image = Buffer.from(await png());
  image.writeUInt32BE(60_000, 16);
  image.writeUInt32BE(60_000, 20);
  image.writeUInt32BE(crc32(image.subarray(12, 29)), 29);
  return image;
}

/** 64 MB of zeros in a ~64 KB ZIP. */
function zipBomb(): Promise<Buffer> {
  return new Promise((resolve) => {
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.alloc(64 * 1024 * 1024), 'guide.pdf', { compress: true });
    zip.end();
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('uploads', () => {
  test('files of the wrong kind, polyglots, SVG and bombs are refused with JSON 4xx and leave nothing behind', async () => {
    const pdf = await makeGuidePdf('x');
    const gifPolyglot = Buffer.concat([
      Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00;*/=1;alert(1);//', 'latin1'),
      Buffer.alloc(16),
    ]);
    const cases: [string, Buffer, string][] = [
      ['guide.png', pdf, 'image/png'],
      ['page.jpg', Buffer.from('<html><script>alert(1)</script></html>'), 'image/jpeg'],
      [
        'logo.svg',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'image/svg+xml',
      ],
      [
        'logo.png',
        Buffer.from(
          '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        'image/png',
      ],
      ['polyglot.gif', gifPolyglot, 'image/gif'],
      ['bomb.png', await pixelBomb(), 'image/png'],
      ['archive.png', await zipBomb(), 'image/png'],
      ['empty.png', Buffer.alloc(0), 'image/png'],
      ['script.js.png', Buffer.from('alert(1)'), 'image/png'],
    ];
    const before = await databaseFingerprint(ctx.db);
    for (const [fileName, data, type] of cases) {
      const res = await uploadMedia([{ name: 'image', fileName, type, data }]);
      tally.add('uploads: wrong kinds, polyglots, bombs');
      expectWellFormed(res, fileName);
      expect(res.statusCode, `${fileName}: ${res.body}`).toBeGreaterThanOrEqual(400);
    }
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });

  test('a ZIP bomb under a .pdf name is refused as a guide file', async () => {
    const { payload, contentType } = multipartBody([
      { name: 'title', value: 'Bombe' },
      { name: 'description', value: 'x' },
      { name: 'price', value: '1' },
      { name: 'isActive', value: 'true' },
      { name: 'locale', value: 'fr' },
      { name: 'coverImage', fileName: 'c.png', type: 'image/png', data: await png() },
      { name: 'pdfPrimary', fileName: 'guide.pdf', type: 'application/pdf', data: await zipBomb() },
    ]);
    const before = await databaseFingerprint(ctx.db);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/guides',
      headers: { 'content-type': contentType, 'x-admin-key': ADMIN_KEY },
      payload,
    });
    tally.add('uploads: wrong kinds, polyglots, bombs');
    expectWellFormed(res, 'zip bomb guide');
    expect(res.statusCode).toBe(400);
    expect(await databaseFingerprint(ctx.db)).toBe(before);
  });

  test('an image with a script appended is re-encoded: the script is not in the stored or served bytes', async () => {
    const image = Buffer.concat([
      await png('#b91c1c'),
      Buffer.from('<script>alert(document.cookie)</script>'),
    ]);
    const res = await uploadMedia([{ name: 'image', fileName: 'photo.png', type: 'image/png', data: image }]);
    tally.add('uploads: appended script');
    expect(res.statusCode, res.body).toBe(201);
    const served = await ctx.app.inject({ url: res.json().url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.includes('<script')).toBe(false);
  });

  test('path tricks in file names never reach the disk: stored under generated keys, shown without a path', async () => {
    const names = [
      '../../../../etc/passwd.png',
      '..\\..\\win.ini.png',
      '/etc/shadow.png',
      'a\u0000b.png',
      '%2e%2e%2fx.png',
      'CON.png',
      `${'a'.repeat(2_000)}.png`,
      'ok\r\nX-Header: 1.png',
      '"quoted".png',
      '<img src=x onerror=alert(1)>.png',
    ];
    for (const fileName of names) {
      const res = await uploadMedia([{ name: 'image', fileName, type: 'image/png', data: await png() }]);
      tally.add('uploads: path tricks');
      expectWellFormed(res, fileName);
      if (res.statusCode === 201) {
        const shown = res.json().fileName as string;
        expect(shown, fileName).not.toMatch(/[\\/\r\n]/);
        expect(shown.includes('\u0000'), fileName).toBe(false);
        expect(shown.length).toBeLessThanOrEqual(255);
      }
    }
    const keys = await ctx.db.select({ key: storedFiles.storageKey }).from(storedFiles);
    for (const { key } of keys) expect(key, key).toMatch(/^[A-Za-z0-9/_.-]+$/);
    for (const { key } of keys) expect(key).not.toContain('..');
    // Nothing was written beside the data folder's own sub-folders.
    expect(
      (await readdir(path.resolve(ctx.dataDir, '..'))).filter((n) => /passwd|shadow|win\.ini/.test(n)),
    ).toEqual([]);
  });

  test('oversize bodies, declared or chunked, and compressed request bodies are refused before they are held', async () => {
    const eleven = Buffer.alloc(11 * 1024 * 1024, 0x41);
    const declared = await uploadMedia([
      { name: 'image', fileName: 'big.png', type: 'image/png', data: eleven },
    ]);
    const { payload, contentType } = multipartBody([
      { name: 'image', fileName: 'big.png', type: 'image/png', data: eleven },
    ]);
    const chunked = await uploadMedia({
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < payload.length; i += 65_536) yield payload.subarray(i, i + 65_536);
        })(),
      ),
      contentType,
    });
    const gzipped = await ctx.app.inject({
      method: 'POST',
      url: '/api/create-free-order',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(Buffer.from(JSON.stringify({ pad: ' '.repeat(50_000_000) }))),
    });
    tally.add('uploads: oversize and chunked', 3);
    for (const res of [declared, chunked]) {
      expectWellFormed(res, 'oversize');
      expect(res.statusCode).toBe(413);
    }
    expectWellFormed(gzipped, 'gzip body');
    // @fastify/compress inflates request bodies, and the 1 MiB body limit stops the inflation.
    expect(gzipped.statusCode).toBe(413);
  });
});

describe('stored XSS and CSV injection', () => {
  test('content blocks: every payload, saved as html, markdown or plain, comes back as safe HTML', async () => {
    for (const [i, payload] of XSS.entries()) {
      for (const type of ['html', 'markdown', 'plain'] as const) {
        const key = `home.xss${i}${type}`;
        const put = await ctx.app.inject({
          method: 'PUT',
          url: `/api/admin/content/${key}`,
          headers: { 'x-admin-key': ADMIN_KEY },
          payload: { value: `Bonjour ${payload}`, type, locale: 'fr' },
        });
        tally.add('stored XSS: content blocks', 2);
        expectWellFormed(put, key);
        if (put.statusCode >= 400) continue;
        const read = await ctx.app.inject({ url: `/api/content?keys=${key}&locale=fr` });
        const html = (read.json() as Record<string, { html: string }>)[key]?.html ?? '';
        expect(html, `${type} ${payload}`).not.toMatch(DANGER);
      }
    }
  });

  test('guide titles and descriptions are escaped on every page that shows them', async () => {
    for (const [i, payload] of XSS.slice(0, 6).entries()) {
      const g = await insertSellableGuide(ctx, { title: `Guide ${payload}`, price: '3.00' });
      await ctx.db.execute(
        sql`update travel_guides set description = ${`Desc ${payload}`} where id = ${g.id}`,
      );
      for (const url of [`/guides/${g.slug}`, '/guides', '/']) {
        const res = await ctx.app.inject({ url });
        tally.add('stored XSS: guide pages');
        expect(res.statusCode, url).toBeLessThan(500);
        // The page's own scripts are allowed; the payload must appear only escaped.
        expect(res.body, `${url} #${i}`).not.toContain(payload);
      }
    }
  });

  test('customer names are escaped in the delivery email and neutralised in the CSV export', async () => {
    const names = [
      ...XSS.slice(0, 4),
      '=HYPERLINK("http://evil","x")',
      '+1+1',
      '-2+3',
      '@SUM(A1)',
      '\t=1',
      '\r=1',
      '=cmd|"/c calc"!A1',
    ];
    const cases = draw(
      fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)),
      names.length * 2,
      39_001,
    );
    for (const [i, [firstName, lastName]] of cases.entries()) {
      const { order } = await insertOrder(ctx.db, {
        guides: [guide],
        firstName,
        lastName,
        email: `c${i}@example.com`,
      });
      await enqueueJob(ctx.db, deliverOrderJob(order.id));
    }
    await ctx.app.services.jobs.runDueJobs();
    for (let i = 0; i < 40 && (await ctx.app.services.jobs.runDueJobs()) > 0; i++) {}
    const emails = await Promise.all(
      (await readdir(ctx.config.outboxDir)).map(async (n) =>
        readEmail(await readFile(path.join(ctx.config.outboxDir, n))),
      ),
    );
    expect(emails.length).toBeGreaterThanOrEqual(cases.length);
    for (const email of emails) {
      tally.add('stored XSS: emails');
      for (const payload of XSS) expect(email.html).not.toContain(payload);
      expect(email.subject).not.toMatch(/[\r\n]/);
    }
    const csv = await ctx.app.inject({
      url: '/api/admin/emails/export',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    tally.add('CSV injection: export');
    expect(csv.statusCode).toBe(200);
    const cells = csv.body
      .replace(/^\uFEFF/, '')
      .split(/,|\r?\n/)
      .map((c) => c.replace(/^"|"$/g, '').replace(/""/g, '"'));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('webhook forgery and replay', () => {
  test('forged events (no, malformed, wrong-secret, other-body or stale signatures) are refused and write nothing', async () => {
    const { paymentIntentId } = await paymentIntentFor(ctx, [{ id: guide.id, quantity: 1 }], 12.5);
    expect((await payWithTestCard(ctx, paymentIntentId)).statusCode).toBe(200);
    const genuine = await succeededEventBody(ctx, paymentIntentId);
    const now = Math.floor(Date.now() / 1000);
    const forgeries = draw(
      fc.record({
        body: fc.oneof(
          fc.constant(genuine),
          fc.constant(genuine.replace('"amount": 1250', '"amount": 1')),
          fc.constant(genuine.replace(paymentIntentId, 'pi_forged_0000')),
          fc.json(),
          fc.string(),
        ),
        signature: fc.oneof(
          fc.constant(undefined),
          fc.constant(''),
          fc.string(),
          fc.constant(signatureFor('{}')),
          fc.constant(signatureFor(genuine, now - 301)),
          fc.constant(`t=${now},v1=${'0'.repeat(64)}`),
          fc.constant(`t=${now},v0=${'a'.repeat(64)}`),
          fc.constant(`t=${now}`),
        ),
      }),
      300,
      39_002,
    ).filter((f) => !(f.body === genuine && f.signature === undefined));
    const before = await databaseFingerprint(ctx.db);
    for (const f of forgeries) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(f.signature === undefined ? {} : { 'stripe-signature': f.signature }),
        },
        payload: f.body,
      });
      tally.add('webhooks: forgeries');
      expectWellFormed(res, JSON.stringify(f).slice(0, 200));
      expect(res.statusCode, JSON.stringify(f).slice(0, 200)).toBe(400);
    }
    expect(await databaseFingerprint(ctx.db)).toBe(before);

    // Replay: the genuine event, freshly signed again and again, makes one order and one delivery job.
    for (let i = 0; i < 20; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signatureFor(genuine) },
        payload: genuine,
      });
      tally.add('webhooks: replays');
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const rows = await ctx.db.execute(
      sql`select count(*)::int as n from orders where payment_intent_id = ${paymentIntentId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
  });
});

// one event with a lone UTF-16 surrogate jammed analytics for good. Every string
// that enters is made well-formed at the edge (text-input.ts), a batch the database refuses is
// split so the others are written (event-buffer.ts), log lines are bounded (log-limits.ts), and
// /readyz says not ready while the analytics writer fails. Runs on PGlite, or on PostgreSQL with
// DATABASE_URL.
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFileStore } from '../../src/server/adapters/storage/create-file-store';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type PendingEvent, toPendingEvents } from '../../src/server/modules/analytics/ingest-rows';
import { makeGuidePdf } from '../helpers/fixtures';
import { insertSellableGuide } from '../helpers/orders';
import { createTestDatabase, type TestDatabase } from '../helpers/test-context';
import { ADMIN_KEY, HARDENING_ENV } from './harness';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
/** "A few KB per line": the longest line any request here may cause. */
const MAX_LOG_LINE = 8 * 1024;

let app: FastifyInstance;
let testDb: TestDatabase;
let files: FileStore;
let dataDir: string;
const logLines: string[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-unicode-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    CATALOGUE_CACHE_TTL_MS: '0',
    ...HARDENING_ENV,
  });
  testDb = await createTestDatabase();
  files = createFileStore(config);
  app = await buildApp(config, {
    database: testDb.database,
    files,
    startWorker: false,
    logStream: { write: (line) => void logLines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ingest = (payload: string, contentType = 'application/json') =>
  app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    headers: { 'content-type': contentType, 'user-agent': BROWSER },
    payload,
  });

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await testDb.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const pagesOf = async (visitorId: string) =>
  (
    await rows<{ page: string }>(
      sql`select page from analytics_events where visitor_id = ${visitorId} order by created_at, page`,
    )
  ).map((r) => r.page);

/** Events as the ingest route makes them, for the tests that go straight to the buffer. */
function pending(visitorId: string, pages: string[]): PendingEvent[] {
  const now = Date.now();
  return toPendingEvents(
    pages.map((page) => ({ type: 'page_view' as const, page, visitorId, timestamp: now })),
    { country: null, region: null },
    now,
  );
}

describe('a lone surrogate at the edge', () => {
  test("the issue's event is stored with U+FFFD and the events behind it are written", async () => {
    const poison = await ingest('{"type":"page_view","page":"/bad\\ud800","visitorId":"visitor_2_1"}');
    expect(poison.statusCode).toBe(204);
    const later = await ingest(
      JSON.stringify([
        { type: 'page_view', page: '/guides', visitorId: 'visitor_2_1' },
        { type: 'page_view', page: '/senegal', visitorId: 'visitor_3_1' },
      ]),
    );
    expect(later.statusCode).toBe(204);
    await app.services.analytics.flush();

    expect(app.services.analytics.health()).toEqual({ writing: true, waiting: 0, setAside: 0 });
    expect(await pagesOf('visitor_2_1')).toEqual(expect.arrayContaining(['/bad\uFFFD', '/guides']));
    expect(await pagesOf('visitor_3_1')).toEqual(['/senegal']);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  test("a beacon's text/plain body with lone surrogates in the user agent, utm, referrer and meta is stored well-formed", async () => {
    const beacon =
      '[{"type":"action","page":"/maroc","visitorId":"visitor_4_1","userAgent":"Mozilla\\udfff/5.0",' +
      '"utmCampaign":"soldes\\ud83d","referrer":"https://x\\udc00.example","meta":{"action":"search","query":"dak\\ud800ar"}}]';
    expect((await ingest(beacon, 'text/plain;charset=UTF-8')).statusCode).toBe(204);
    await app.services.analytics.flush();

    const [session] = await rows<{ user_agent: string; utm_campaign: string }>(
      sql`select user_agent, utm_campaign from analytics_sessions where visitor_id = 'visitor_4_1'`,
    );
    expect(session).toEqual({ user_agent: 'Mozilla\uFFFD/5.0', utm_campaign: 'soldes\uFFFD' });
    const [event] = await rows<{ query: string }>(
      sql`select meta->>'query' as query from analytics_events where visitor_id = 'visitor_4_1'`,
    );
    expect(event?.query).toBe('dak\uFFFDar');
    expect(app.services.analytics.health().writing).toBe(true);
  });

  test('a paired surrogate (an emoji) is kept as it is', async () => {
    expect(
      (await ingest('{"type":"page_view","page":"/guides/\\ud83c\\udf34","visitorId":"visitor_5_1"}'))
        .statusCode,
    ).toBe(204);
    await app.services.analytics.flush();
    expect(await pagesOf('visitor_5_1')).toEqual(['/guides/🌴']);
  });

  test('bytes of an encoded surrogate in the User-Agent and Referer headers, on a real socket, break nothing', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as net.AddressInfo;
    const body = Buffer.from('{"type":"page_view","page":"/faq","visitorId":"visitor_6_1"}');
    const head = Buffer.concat([
      Buffer.from('POST /api/analytics/event HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: Mozilla/5.0 '),
      Buffer.from([0xed, 0xa0, 0x80]),
      Buffer.from('\r\nReferer: https://a.example/'),
      Buffer.from([0xed, 0xb0, 0x80]),
      Buffer.from(
        `\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
      ),
    ]);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(Buffer.concat([head, body])));
      let text = '';
      socket.setEncoding('latin1');
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    });
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 204 No Content');
    await app.services.analytics.flush();
    expect(await pagesOf('visitor_6_1')).toEqual(['/faq']);
    expect(app.services.analytics.health().writing).toBe(true);
  });

  test("a lone surrogate in a shopper's name is replaced before the order is written; a NUL is refused naming the field", async () => {
    const guide = await insertSellableGuide({ db: testDb.db, files }, { title: 'Bamako', price: '9.00' });
    const order = (firstName: string) =>
      app.inject({
        method: 'POST',
        url: '/api/create-djamo-order',
        payload: {
          email: 'awa@example.com',
          firstName,
          lastName: 'Koné',
          mobile: '+225 07 00 00 00 00',
          items: [{ id: guide.id, quantity: 1 }],
          total: 9,
        },
      });
    const placed = await order('Awa\ud800');
    expect(placed.statusCode).toBe(201);
    expect(placed.body).not.toMatch(/\\ud[89ab]/i);
    const [stored] = await rows<{ first_name: string }>(
      sql`select first_name from orders where public_id = ${placed.json().order.id as string}`,
    );
    expect(stored?.first_name).toBe('Awa\uFFFD');

    const refused = await order('Awa\u0000');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'firstName: must not contain the NUL character',
      field: 'firstName',
      code: 'invalid_field',
    });
  });
});

describe('multipart text fields', () => {
  const BOUNDARY = '----unicode-boundary-3f9a';
  /** A guide form whose title part declares UTF-16LE, the one charset whose bytes can hold a lone surrogate. */
  async function guideForm(title: Buffer, description: string) {
    const text = (name: string, value: Buffer | string, charset?: string) =>
      Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n${charset ? `Content-Type: text/plain; charset=${charset}\r\n` : ''}\r\n`,
        ),
        Buffer.isBuffer(value) ? value : Buffer.from(value),
        Buffer.from('\r\n'),
      ]);
    const pdf = await makeGuidePdf('Guide');
    const cover = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const file = (name: string, fileName: string, type: string, data: Buffer) =>
      Buffer.concat([
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]);
    return Buffer.concat([
      text('title', title, 'utf-16le'),
      text('description', description),
      text('price', '12.5'),
      text('locale', 'fr'),
      file('coverImage', 'cover.png', 'image/png', cover),
      file('pdfPrimary', 'g.pdf', 'application/pdf', pdf),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
  }
  const post = async (payload: Buffer) =>
    app.inject({
      method: 'POST',
      url: '/api/admin/guides',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'x-admin-key': ADMIN_KEY },
      payload,
    });
  // "Guide " then a lone high surrogate, in UTF-16LE.
  const title = Buffer.concat([Buffer.from('Guide ', 'utf16le'), Buffer.from([0x3d, 0xd8])]);

  test('a lone surrogate decoded from a UTF-16 part becomes U+FFFD', async () => {
    const res = await post(await guideForm(title, 'Le Sénégal.'));
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await rows<{ title: string }>(
      sql`select title from travel_guides where id = ${res.json().id as string}`,
    );
    expect(stored?.title).toBe('Guide \uFFFD');
  });

  test('a NUL in a text field is a 400 naming the field, and no guide is written', async () => {
    const count = async () =>
      (await rows<{ n: number }>(sql`select count(*)::int as n from travel_guides`))[0]?.n;
    const before = await count();
    const res = await post(await guideForm(title, 'Le\u0000Sénégal'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'description: must not contain the NUL character',
      field: 'description',
      code: 'invalid_field',
    });
    expect(await count()).toBe(before);
  });
});

describe('the analytics writer', () => {
  test('events the database refuses are set aside and every other event of the batch is written', async () => {
    const good = pending(
      'visitor_7_1',
      Array.from({ length: 200 }, (_, i) => `/page-${i}`),
    );
    // Past the edge rule, as if a bug let them through: PostgreSQL's JSON refuses a lone surrogate.
    const bad = pending('visitor_8_1', ['/x\ud800', '/y\udc00', '/z\ud800']);
    const mixed = [
      ...good.slice(0, 50),
      bad[0]!,
      ...good.slice(50, 120),
      bad[1]!,
      ...good.slice(120),
      bad[2]!,
    ];
    const linesBefore = logLines.length;
    expect(app.services.analytics.add(mixed)).toBe(true);
    await app.services.analytics.flush();

    expect((await pagesOf('visitor_7_1')).length).toBe(200);
    expect(await pagesOf('visitor_8_1')).toEqual([]);
    expect(app.services.analytics.health()).toMatchObject({ writing: true, waiting: 0, setAside: 3 });
    const setAside = logLines.slice(linesBefore).filter((l) => l.includes('refused was set aside'));
    expect(setAside).toHaveLength(3);
    for (const line of setAside) expect(line.length).toBeLessThan(1024);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });

  test('/readyz answers 503 while the writer fails, and 200 once it writes again; nothing is lost', async () => {
    await testDb.db.execute(sql`alter table analytics_events rename to analytics_events_away`);
    try {
      // A large batch, so a failure that logged its rows would make a line of hundreds of KB.
      const batch = Array.from({ length: 50 }, (_, i) => ({
        type: 'page_view',
        page: `/long/${'p'.repeat(400)}/${i}`,
        visitorId: 'visitor_9_1',
      }));
      for (let i = 0; i < 40; i++) expect((await ingest(JSON.stringify(batch))).statusCode).toBe(204);
      await app.services.analytics.flush();
      expect(app.services.analytics.health()).toMatchObject({ writing: false, waiting: 2000 });
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ message: 'Analytics events cannot be written' });
    } finally {
      await testDb.db.execute(sql`alter table analytics_events_away rename to analytics_events`);
    }
    await app.services.analytics.flush();
    expect(app.services.analytics.health()).toMatchObject({ writing: true, waiting: 0 });
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    expect((await pagesOf('visitor_9_1')).length).toBe(2000);
  });
});

describe('the log', () => {
  test('no query value is logged', async () => {
    await app.inject({ url: '/api/travel-guides?locale=fr&search=findme-secret-42' });
    const log = logLines.join('');
    expect(log).toContain('/api/travel-guides?locale=[Redacted]&search=[Redacted]');
    expect(log).not.toContain('findme-secret-42');
  });

  test('no line of this whole file is over a few KB', () => {
    expect(logLines.length).toBeGreaterThan(20);
    const longest = Math.max(...logLines.map((l) => Buffer.byteLength(l)));
    console.log(`unicode-analytics: ${logLines.length} log lines, longest ${longest} bytes`);
    expect(longest).toBeLessThanOrEqual(MAX_LOG_LINE);
  });
});

describe('nesting', () => {
  test('a body nested deeper than the rule looks is refused with 400, not let through unchecked', async () => {
    const deep = `${'{"a":'.repeat(80)}"\\ud800"${'}'.repeat(80)}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/create-djamo-order',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/nested more than 64 levels deep$/);
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { contentBlocks, media, storedFiles } from '../../src/server/db/schema';
import { createMedia } from '../../src/server/modules/media/media.service';
import { makeGuidePdf } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'media-admin-key-0123456789';
const BOUNDARY = '----shop-media-test';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(() => ctx.close());

function multipart(parts: Array<{ name: string; value: string | Buffer; filename?: string; type?: string }>) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${
      part.filename ? `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n` : ''
    }\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

const upload = (
  file: Buffer,
  filename: string,
  type = 'image/png',
  options: { alt?: string; key?: string | null } = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/admin/upload/media',
    payload: multipart([
      { name: 'image', value: file, filename, type },
      ...(options.alt === undefined ? [] : [{ name: 'alt', value: options.alt }]),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(options.key === null ? {} : { 'x-admin-key': options.key ?? ADMIN_KEY }),
    },
    remoteAddress: '198.51.100.30',
  });

const admin = (method: 'GET' | 'DELETE', url: string, key: string | null = ADMIN_KEY) =>
  ctx.app.inject({
    method,
    url,
    headers: key === null ? {} : { 'x-admin-key': key },
    remoteAddress: '198.51.100.30',
  });

const makePng = (width = 3000, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();

const PAYLOAD = '<script>alert("appended")</script>';

describe('admin media routes', () => {
  test('every route refuses a missing or a wrong key with 401, and nothing is stored', async () => {
    const png = await makePng(10, 10);
    let n = 0;
    for (const key of [null, 'wrong-key-wrong-key']) {
      const ip = () => `192.0.2.${100 + n++}`;
      const list = await ctx.app.inject({
        method: 'GET',
        url: '/api/admin/media',
        headers: key ? { 'x-admin-key': key } : {},
        remoteAddress: ip(),
      });
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/admin/media/00000000-0000-0000-0000-000000000000',
        headers: key ? { 'x-admin-key': key } : {},
        remoteAddress: ip(),
      });
      const up = await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/upload/media',
        payload: multipart([{ name: 'image', value: png, filename: 'a.png', type: 'image/png' }]),
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          ...(key ? { 'x-admin-key': key } : {}),
        },
        remoteAddress: ip(),
      });
      for (const res of [list, del, up]) expect(res.statusCode).toBe(401);
    }
    expect(await ctx.db.select().from(media)).toHaveLength(0);
  });

  let uploaded: { id: string; url: string; alt: string; fileName: string; fileSize: number };

  test('a real PNG is re-encoded to WebP, listed, served, and appended bytes are gone', async () => {
    const png = Buffer.concat([await makePng(), Buffer.from(PAYLOAD)]);
    const res = await upload(png, 'sunset.png', 'image/png', { alt: 'Sunset over Dakar' });
    expect(res.statusCode).toBe(201);
    uploaded = res.json();
    expect(uploaded).toMatchObject({ alt: 'Sunset over Dakar', fileName: 'sunset.png' });
    expect(uploaded.url).toMatch(/^\/api\/images\/media-[0-9a-f-]+\.webp$/);

    const list = await admin('GET', '/api/admin/media');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([uploaded]);

    const served = await ctx.app.inject({ method: 'GET', url: uploaded.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.length).toBe(uploaded.fileSize);
    expect(served.rawPayload.toString('latin1')).not.toContain('appended');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(2000);
  });

  test('the newest upload is listed first', async () => {
    const res = await upload(await makePng(20, 20), 'small.png');
    expect(res.statusCode).toBe(201);
    const list = (await admin('GET', '/api/admin/media')).json();
    expect(list.map((m: { id: string }) => m.id)).toEqual([res.json().id, uploaded.id]);
    expect(list[0].alt).toBe('');
  });

  test('the list names the content blocks that show an image, so deleting it can warn', async () => {
    const res = await upload(await makePng(30, 30), 'hero.png');
    const image = res.json();
    await ctx.db.insert(contentBlocks).values([
      { key: 'home.hero.html', locale: 'fr', type: 'html', value: `<p><img src="${image.url}" alt=""></p>` },
      // A resized copy of the same image counts too.
      {
        key: 'about.body',
        locale: 'en',
        type: 'html',
        value: `<img src="${image.url.replace('.webp', '-w640.webp')}">`,
      },
      { key: 'faq.body', locale: 'fr', type: 'html', value: '<p>No image</p>' },
    ]);
    const list = (await admin('GET', '/api/admin/media')).json() as { id: string; usedBy: string[] }[];
    expect(list.find((m) => m.id === image.id)?.usedBy).toEqual(['about.body (en)', 'home.hero.html (fr)']);
    expect(list.find((m) => m.id === uploaded.id)?.usedBy).toEqual([]);
    await ctx.db.delete(contentBlocks);
    expect((await admin('DELETE', `/api/admin/media/${image.id}`)).statusCode).toBeLessThan(300);
  });

  test('a PDF named .png, an SVG and a non-image are "Please select an image file"', async () => {
    const before = (await ctx.db.select().from(storedFiles)).length;
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>');
    for (const [data, name, type] of [
      [await makeGuidePdf(), 'photo.png', 'image/png'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [Buffer.from('just text'), 'note.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(data, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ message: 'Please select an image file' });
    }
    expect((await ctx.db.select().from(storedFiles)).length).toBe(before);
  });

  test('10 MB + 1 byte is 413 and nothing is stored', async () => {
    const before = (await ctx.db.select().from(storedFiles)).length;
    const png = await makePng(10, 10);
    const big = Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024 + 1 - png.length)]);
    expect(big.length).toBe(10 * 1024 * 1024 + 1);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'File size must be less than 10MB' });
    expect((await ctx.db.select().from(storedFiles)).length).toBe(before);
    expect((await ctx.db.select().from(media)).length).toBe(2);
  });

  test('an upload whose media row fails leaves no file and no stored_files row', async () => {
    const filesBefore = await ctx.db.select().from(storedFiles);
    // A database whose transactions refuse the media insert, after the file has been stored.
    const failingDb = new Proxy(ctx.db, {
      get(target, prop, receiver) {
        if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
        return (run: (tx: Db) => Promise<unknown>) =>
          target.transaction((tx) =>
            run(
              new Proxy(tx, {
                get(t, p, r) {
                  if (p !== 'insert') return Reflect.get(t, p, r);
                  return (table: unknown) => {
                    if (table === media) throw new Error('media insert failed');
                    return t.insert(table as typeof storedFiles);
                  };
                },
              }),
            ),
          );
      },
    });
    await expect(
      createMedia({ db: failingDb, files: ctx.files }, 'key:test', {
        data: await makePng(30, 30),
        fileName: 'x.png',
        alt: '',
      }),
    ).rejects.toThrow('media insert failed');
    const filesAfter = await ctx.db.select().from(storedFiles);
    expect(filesAfter).toHaveLength(filesBefore.length);
    const newRows = filesAfter.filter((f) => !filesBefore.some((b) => b.id === f.id));
    expect(newRows).toHaveLength(0);
    const { readdir } = await import('node:fs/promises');
    const onDisk = await readdir(`${ctx.config.filesDir}/media`);
    expect(onDisk).toHaveLength(filesBefore.filter((f) => f.purpose === 'media').length);
  });

  test('delete removes the row, the file and its resized variants; the url then 404s', async () => {
    const variant = await ctx.app.inject({ method: 'GET', url: `${uploaded.url}?w=480` });
    expect(variant.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(media).where(eq(media.id, uploaded.id));
    const [file] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, row!.fileId));
    expect(await ctx.files.exists(file!.storageKey)).toBe(true);
    const filesBefore = await ctx.db.select().from(storedFiles);

    const res = await admin('DELETE', `/api/admin/media/${uploaded.id}`);
    expect(res.statusCode).toBe(204);
    expect(await ctx.db.select().from(media).where(eq(media.id, uploaded.id))).toHaveLength(0);
    expect(await ctx.files.exists(file!.storageKey)).toBe(false);
    // The original and its 480 px variant.
    expect((await ctx.db.select().from(storedFiles)).length).toBe(filesBefore.length - 2);
    expect((await ctx.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `${uploaded.url}?w=480` })).statusCode).toBe(404);

    expect((await admin('DELETE', `/api/admin/media/${uploaded.id}`)).statusCode).toBe(404);
    expect((await admin('DELETE', '/api/admin/media/not-a-uuid')).statusCode).toBe(404);
  });
});

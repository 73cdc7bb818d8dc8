import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contentBlocks, contentVersions } from '../../src/server/db/schema';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'content-admin-key-0123456789';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(() => ctx.close());

const admin = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
  key: string | null = ADMIN_KEY,
) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: key === null ? {} : { 'x-admin-key': key },
    remoteAddress: '198.51.100.20',
  });

const save = (key: string, body: object) =>
  admin('PUT', `/api/admin/content/${encodeURIComponent(key)}`, body);
const publicBlock = async (key: string, locale: 'fr' | 'en' = 'fr') => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/content?locale=${locale}&keys=${key}` });
  expect(res.statusCode).toBe(200);
  return res.json()[key] as { value: string; html: string; type: string };
};

describe('admin content routes', () => {
  test('every route refuses a missing or a wrong key with 401', async () => {
    const calls: Array<['GET' | 'PUT' | 'POST', string, object?]> = [
      ['GET', '/api/admin/content'],
      ['GET', '/api/admin/content?locale=en'],
      ['PUT', '/api/admin/content/page.x', { value: 'x', locale: 'fr' }],
      ['GET', '/api/admin/content/page.x/versions?locale=fr'],
      ['POST', '/api/admin/content/page.x/rollback', { version: 1, locale: 'fr' }],
    ];
    for (const [method, url, body] of calls) {
      for (const key of [null, 'wrong-key-wrong-key']) {
        const res = await ctx.app.inject({
          method,
          url,
          payload: body,
          headers: key === null ? {} : { 'x-admin-key': key },
          // A fresh address per attempt, so the failed-attempt limit never steps in.
          remoteAddress: `192.0.2.${calls.findIndex((c) => c[1] === url) * 2 + (key ? 1 : 0) + 10}`,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect(await ctx.db.select().from(contentBlocks).where(eq(contentBlocks.key, 'page.x'))).toHaveLength(0);
  });

  test('create is version 1, an edit version 2, and the storefront shows it at once', async () => {
    const created = await save('page.test.body', { value: 'Bonjour', locale: 'fr' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      key: 'page.test.body',
      value: 'Bonjour',
      type: 'plain',
      locale: 'fr',
      version: 1,
      updatedBy: 'admin',
    });
    expect((await publicBlock('page.test.body')).value).toBe('Bonjour');

    const edited = await save('page.test.body', { value: 'Bonjour à tous', type: 'plain', locale: 'fr' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ version: 2, value: 'Bonjour à tous' });
    expect((await publicBlock('page.test.body')).value).toBe('Bonjour à tous');

    const list = await admin('GET', '/api/admin/content?locale=fr');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json()).toContainEqual(
      expect.objectContaining({ key: 'page.test.body', version: 2, locale: 'fr', updatedBy: 'admin' }),
    );
    const en = await admin('GET', '/api/admin/content?locale=en');
    expect(en.json().some((b: { key: string }) => b.key === 'page.test.body')).toBe(false);
  });

  test('versions are listed newest first; rollback to 1 makes version 3 with its value', async () => {
    const versions = await admin('GET', '/api/admin/content/page.test.body/versions?locale=fr');
    expect(versions.statusCode).toBe(200);
    expect(versions.json().map((v: { version: number; value: string }) => [v.version, v.value])).toEqual([
      [2, 'Bonjour à tous'],
      [1, 'Bonjour'],
    ]);
    expect(versions.json()[0]).toMatchObject({ updatedBy: 'admin', type: 'plain' });

    const rolled = await admin('POST', '/api/admin/content/page.test.body/rollback', {
      version: 1,
      locale: 'fr',
    });
    expect(rolled.statusCode).toBe(200);
    expect(rolled.json()).toMatchObject({ version: 3, value: 'Bonjour' });
    expect((await publicBlock('page.test.body')).value).toBe('Bonjour');
    const after = await admin('GET', '/api/admin/content/page.test.body/versions?locale=fr');
    expect(after.json().map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
  });

  test('rollback: unknown version 404, the current one 409, unknown key 404', async () => {
    const url = '/api/admin/content/page.test.body/rollback';
    expect((await admin('POST', url, { version: 9, locale: 'fr' })).statusCode).toBe(404);
    expect((await admin('POST', url, { version: 3, locale: 'fr' })).statusCode).toBe(409);
    expect((await admin('POST', url, { version: 1, locale: 'en' })).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/content/nope/versions?locale=fr')).statusCode).toBe(404);
  });

  test('create only (If-None-Match: *) refuses an existing key with 409 pointing to Edit, and changes nothing', async () => {
    expect((await save('announcement.test', { value: 'Live banner', locale: 'fr' })).statusCode).toBe(201);
    const create = (value: string, locale: 'fr' | 'en') =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/admin/content/announcement.test',
        payload: { value, locale },
        headers: { 'x-admin-key': ADMIN_KEY, 'if-none-match': '*' },
        remoteAddress: '198.51.100.20',
      });
    const refused = await create('Overwritten', 'fr');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'A content block "announcement.test" already exists in French: nothing was changed. To change it, use Edit on it in the list below.',
    });
    expect((await publicBlock('announcement.test')).value).toBe('Live banner');
    const versions = await ctx.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.key, 'announcement.test'), eq(contentVersions.locale, 'fr')));
    expect(versions).toHaveLength(1);
    // The same key in the other language does not exist yet: it is created.
    expect((await create('Banner', 'en')).statusCode).toBe(201);
  });

  test('blank key or value is refused', async () => {
    const blankValue = await save('page.blank', { value: '   ', locale: 'fr' });
    expect(blankValue.statusCode).toBe(400);
    expect(blankValue.json()).toEqual({ message: 'Value is required', field: 'value' });
    const noValue = await save('page.blank', { locale: 'fr' });
    expect(noValue.json()).toEqual({ message: 'Value is required', field: 'value' });
    const blankKey = await save('  ', { value: 'x', locale: 'fr' });
    expect(blankKey.statusCode).toBe(400);
    expect(blankKey.json()).toEqual({ message: 'Key is required', field: 'key' });
  });

  test('racing saves never share a version number', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => save('page.race', { value: `v${i}`, locale: 'en' })),
    );
    expect(results.map((r) => r.statusCode).every((s) => s === 200 || s === 201)).toBe(true);
    expect(results.map((r) => r.json().version).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const rows = await ctx.db
      .select()
      .from(contentVersions)
      .where(and(eq(contentVersions.key, 'page.race'), eq(contentVersions.locale, 'en')));
    expect(rows).toHaveLength(6);
  });

  test('html is sanitised before it is stored and when it is shown', async () => {
    const dirty = [
      '<p>Hello<script>alert(1)</script></p>',
      '<img src="x" onerror="alert(2)">',
      '<a href="javascript:alert(3)">click</a>',
      '<svg onload="alert(4)"><circle r="1"/></svg>',
      '<img src="/api/images/media-1.webp" alt="A photo">',
    ].join('');
    const res = await save('page.html', { value: dirty, type: 'html', locale: 'fr' });
    expect(res.statusCode).toBe(201);
    const [row] = await ctx.db.select().from(contentBlocks).where(eq(contentBlocks.key, 'page.html'));
    const shown = await publicBlock('page.html');
    for (const text of [row!.value, res.json().value, shown.value, shown.html]) {
      expect(text).not.toMatch(/<script|onerror|javascript:|<svg|onload|alert\(1\)/i);
      expect(text).toContain('<p>Hello</p>');
      // Media URLs (relative) survive, so uploaded images work inside html blocks.
      expect(text).toContain('<img src="/api/images/media-1.webp" alt="A photo" />');
    }
    const [version] = await ctx.db.select().from(contentVersions).where(eq(contentVersions.key, 'page.html'));
    expect(version!.value).toBe(row!.value);
  });

  test('a value that is only a script is refused as blank', async () => {
    const res = await save('page.only-script', {
      value: '<script>alert(1)</script>',
      type: 'html',
      locale: 'fr',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Value is required', field: 'value' });
  });

  test('markdown renders raw HTML escaped, and javascript: links are not links', async () => {
    const res = await save('page.md', {
      value: '# Title\n\n<script>alert(1)</script> <img src=x onerror=alert(2)>\n\n[x](javascript:alert(3))',
      type: 'markdown',
      locale: 'fr',
    });
    expect(res.statusCode).toBe(201);
    const { html } = await publicBlock('page.md');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|<img|href="javascript:/i);
  });
});

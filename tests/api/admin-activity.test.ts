import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminActivity, travelGuides } from '../../src/server/db/schema';
import { recordActivity } from '../../src/server/modules/activity/activity';
import { activityRows, actorOf } from '../helpers/admin-activity';
import { insertGuide, makeGuidePdf } from '../helpers/fixtures';
import { multipartBody } from '../helpers/multipart';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'activity-admin-key-0123456789';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    payload,
    headers: { 'x-admin-key': ADMIN_KEY },
    remoteAddress: '198.51.100.51',
  });

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

const since = async (count: number) => (await activityRows(ctx.db)).slice(count);

describe('guide changes are recorded with the key that made them', () => {
  test('create, edit, unpublish and delete each leave one record with before and after; no key, no bytes', async () => {
    const start = (await activityRows(ctx.db)).length;
    const form = multipartBody([
      { name: 'title', value: 'Guide de Lomé' },
      { name: 'description', value: 'Marchés et plages.' },
      { name: 'price', value: '11.00' },
      { name: 'coverImage', fileName: 'lome.png', type: 'image/png', data: await png() },
      { name: 'pdfPrimary', fileName: 'lome.pdf', type: 'application/pdf', data: await makeGuidePdf('Lomé') },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/guides',
      payload: form.payload,
      headers: { 'content-type': form.contentType, 'x-admin-key': ADMIN_KEY },
      remoteAddress: '198.51.100.51',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const edit = await call('PUT', `/api/travel-guides/${id}`, {
      title: 'Guide de Lomé et Kpalimé',
      description: 'Marchés et plages.',
      price: '13.50',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await call('DELETE', `/api/travel-guides/${id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/travel-guides/${id}/permanent`)).statusCode).toBe(200);

    const rows = await since(start);
    expect(rows.map((r) => r.action)).toEqual([
      'guide.create',
      'guide.update',
      'guide.unpublish',
      'guide.delete',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ actor: actorOf(ADMIN_KEY), subjectType: 'guide', subjectId: id });
      const text = JSON.stringify(row);
      expect(text).not.toContain(ADMIN_KEY);
      expect(text).not.toContain('%PDF');
    }
    const [create, update, unpublish, remove] = rows;
    expect(create!.before).toBeNull();
    expect(create!.after).toMatchObject({
      title: 'Guide de Lomé',
      price: '11.00',
      uploaded: { coverImage: { name: 'lome.png' }, pdfPrimary: { name: 'lome.pdf' } },
    });
    expect(update!.before).toMatchObject({ title: 'Guide de Lomé', price: '11.00' });
    expect(update!.after).toMatchObject({ title: 'Guide de Lomé et Kpalimé', price: '13.50' });
    expect(unpublish!.before).toMatchObject({ isActive: true });
    expect(unpublish!.after).toMatchObject({ isActive: false });
    expect(remove!.before).toMatchObject({ title: 'Guide de Lomé et Kpalimé' });
    expect(remove!.after).toBeNull();
  });

  test('a refused change records nothing: bad fields, an unknown guide, a guide that cannot be deleted', async () => {
    const guide = await insertGuide(ctx, { title: 'Guide du Bénin', isActive: true });
    const start = (await activityRows(ctx.db)).length;
    expect(
      (await call('PUT', `/api/travel-guides/${guide.id}`, { title: '', price: '9.00' })).statusCode,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/api/travel-guides/${crypto.randomUUID()}`, {
          title: 'x',
          description: 'y',
          price: '1.00',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/travel-guides/${guide.id}/permanent`)).statusCode).toBe(409);
    expect(await since(start)).toEqual([]);
    const [row] = await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, guide.id));
    expect(row?.title).toBe('Guide du Bénin');
  });
});

describe('content changes are recorded', () => {
  test('create, update and restore record the value before and after; a refused save records nothing', async () => {
    const start = (await activityRows(ctx.db)).length;
    const key = 'page.activity';
    expect(
      (await call('PUT', `/api/admin/content/${key}`, { value: 'Bonjour', locale: 'fr' })).statusCode,
    ).toBe(201);
    expect(
      (await call('PUT', `/api/admin/content/${key}`, { value: 'Bonsoir', locale: 'fr' })).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/admin/content/${key}/rollback`, { version: 1, locale: 'fr' })).statusCode,
    ).toBe(200);
    expect((await call('PUT', `/api/admin/content/${key}`, { value: '   ', locale: 'fr' })).statusCode).toBe(
      400,
    );
    expect(
      (await call('POST', `/api/admin/content/${key}/rollback`, { version: 99, locale: 'fr' })).statusCode,
    ).toBe(404);
    const rows = await since(start);
    expect(rows.map((r) => [r.action, r.subjectId, r.actor])).toEqual([
      ['content.create', `${key}:fr`, actorOf(ADMIN_KEY)],
      ['content.update', `${key}:fr`, actorOf(ADMIN_KEY)],
      ['content.restore', `${key}:fr`, actorOf(ADMIN_KEY)],
    ]);
    expect(rows[1]).toMatchObject({
      before: { value: 'Bonjour', version: 1 },
      after: { value: 'Bonsoir', version: 2 },
    });
    expect(rows[2]).toMatchObject({ before: { value: 'Bonsoir' }, after: { value: 'Bonjour', version: 3 } });
  });
});

describe('GET /api/admin/activity', () => {
  const seed = async (entries: Array<{ action: string; subjectType: string; at: string }>) => {
    for (const e of entries) {
      await recordActivity(ctx.db, {
        actor: 'key:seed',
        action: e.action,
        subjectType: e.subjectType,
        subjectId: 'x',
        before: { price: '9.00', title: 'Même' },
        after: { price: '12.00', title: 'Même' },
      });
      await ctx.db
        .update(adminActivity)
        .set({ createdAt: new Date(e.at) })
        .where(eq(adminActivity.action, e.action));
    }
  };

  test('newest first, paginated, filtered by action, subject type and days, with the changed fields', async () => {
    await seed([
      { action: 'discount.create', subjectType: 'discount', at: '2026-01-10T23:59:00Z' },
      { action: 'order.refund', subjectType: 'order', at: '2026-01-11T00:00:00Z' },
      { action: 'order.note', subjectType: 'order', at: '2026-01-12T08:00:00Z' },
    ]);
    const all = (await call('GET', '/api/admin/activity?pageSize=100')).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    const times = all.entries.map((e: { createdAt: string }) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.actions).toEqual(expect.arrayContaining(['discount.create', 'order.refund', 'guide.create']));
    expect(all.subjectTypes).toEqual(expect.arrayContaining(['discount', 'order', 'guide', 'content']));

    const orders = (await call('GET', '/api/admin/activity?subjectType=order')).json();
    expect(orders.entries.map((e: { action: string }) => e.action)).toEqual(['order.note', 'order.refund']);
    expect(orders.entries[0].changes).toEqual([{ field: 'price', before: '9.00', after: '12.00' }]);

    const day = (await call('GET', '/api/admin/activity?from=2026-01-10&to=2026-01-10')).json();
    expect(day.entries.map((e: { action: string }) => e.action)).toEqual(['discount.create']);
    const range = (
      await call('GET', '/api/admin/activity?from=2026-01-11&to=2026-01-12&action=order.refund')
    ).json();
    expect(range.total).toBe(1);

    const page1 = (await call('GET', '/api/admin/activity?subjectType=order&pageSize=1')).json();
    const page2 = (await call('GET', '/api/admin/activity?subjectType=order&pageSize=1&page=2')).json();
    expect([page1.entries[0].action, page2.entries[0].action]).toEqual(['order.note', 'order.refund']);
    expect(page2.total).toBe(2);
  });

  test('bad filters are a 400 naming the parameter', async () => {
    for (const [query, field] of [
      ['from=2026-13-01', 'from'],
      ['from=2026-02-29', 'from'],
      ['from=0000-01-01', 'from'],
      ['to=9999-12-31', 'to'],
      ['to=yesterday', 'to'],
      ['from=2026-02-02&to=2026-02-01', 'to'],
      ['page=-1', 'page'],
      ['pageSize=101', 'pageSize'],
      [`action=${'a'.repeat(101)}`, 'action'],
    ] as const) {
      const res = await call('GET', `/api/admin/activity?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(field);
    }
  });

  test('the record cannot be changed or removed through the API, and needs the key to read', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const res = await ctx.app.inject({
        method,
        url: '/api/admin/activity',
        headers: { 'x-admin-key': ADMIN_KEY },
      });
      expect(res.statusCode, method).toBe(404);
    }
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/activity',
      remoteAddress: '198.51.100.52',
    });
    expect(res.statusCode).toBe(401);
  });
});

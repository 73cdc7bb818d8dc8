import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { orderItems, orders, storedFiles, travelGuides } from '../../src/server/db/schema';
import type { Guide } from '../../src/shared/contracts/catalogue';
import type { AdminGuide } from '../../src/shared/contracts/endpoints/guides.schemas';
import { insertGuide, makeGuidePdf } from '../helpers/fixtures';
import { multipartBody } from '../helpers/multipart';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'admin-guides-test-key-0123456789';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(() => ctx.close());

type Part = { name: string; value: string } | { name: string; file: Buffer; fileName: string; type: string };

/** The guide form as multipart, with the admin key; parts keep the name and type a test declares. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const { payload, contentType } = multipartBody(
    parts.map((p) => ('file' in p ? { name: p.name, fileName: p.fileName, type: p.type, data: p.file } : p)),
  );
  return { payload, headers: { 'content-type': contentType, 'x-admin-key': ADMIN_KEY } };
}

const png = (color = '#b45309') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();

async function guideForm(
  overrides: { title?: string; locale?: string; cover?: Part; pdf?: Part; extra?: Part[] } = {},
): Promise<Part[]> {
  return [
    { name: 'title', value: overrides.title ?? 'Dakar essentiel' },
    { name: 'description', value: 'Le guide pratique du Sénégal.' },
    { name: 'price', value: '12.5' },
    { name: 'isActive', value: 'true' },
    ...(overrides.extra ?? []),
    overrides.cover ?? { name: 'coverImage', file: await png(), fileName: 'cover.png', type: 'image/png' },
    overrides.pdf ?? {
      name: 'pdfPrimary',
      file: await makeGuidePdf('Dakar essentiel'),
      fileName: 'dakar.pdf',
      type: 'application/pdf',
    },
    { name: 'locale', value: overrides.locale ?? 'fr' },
  ];
}

const postGuide = async (parts: Part[]) => {
  const { payload, headers } = multipart(parts);
  return ctx.app.inject({ method: 'POST', url: '/api/admin/guides', payload, headers });
};

const admin = { 'x-admin-key': ADMIN_KEY };
const counts = async () => ({
  guides: (await ctx.db.select({ n: count() }).from(travelGuides))[0]!.n,
  files: (await ctx.db.select({ n: count() }).from(storedFiles))[0]!.n,
});
const storefront = async (locale: 'fr' | 'en') =>
  (await ctx.app.inject({ url: `/api/travel-guides?locale=${locale}` })).json() as Guide[];

describe('admin key', () => {
  test('every Guides route refuses a missing or wrong key with 401', async () => {
    const id = crypto.randomUUID();
    const routes: [string, string][] = [
      ['GET', '/api/admin/travel-guides?locale=all'],
      ['POST', '/api/admin/guides'],
      ['PUT', `/api/admin/guides/${id}`],
      ['PUT', `/api/travel-guides/${id}`],
      ['DELETE', `/api/travel-guides/${id}`],
      ['GET', `/api/travel-guides/${id}/can-delete`],
      ['DELETE', `/api/travel-guides/${id}/permanent`],
      ['POST', '/api/admin/upload/guide'],
    ];
    for (const [method, url] of routes) {
      for (const [i, headers] of [{}, { 'x-admin-key': `${ADMIN_KEY}-wrong` }].entries()) {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url,
          headers,
          remoteAddress: `198.51.100.${i + 1}`,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });
});

describe('creating a guide', () => {
  test('with a PNG cover and a PDF, it is on the storefront at once with its cover, file size and preview', async () => {
    expect(await storefront('fr')).toEqual([]);
    const res = await postGuide(await guideForm());
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminGuide;
    expect(created).toMatchObject({
      title: 'Dakar essentiel',
      slug: 'dakar-essentiel',
      price: '12.50',
      locale: 'fr',
      isActive: true,
      fileName: 'dakar.pdf',
      pageCount: 3,
      hasSecondary: false,
    });
    expect(created.imageUrl).toMatch(/^\/api\/images\/cover-dakar-essentiel-[0-9a-f]{8}\.webp$/);

    const listed = await storefront('fr');
    expect(listed.map((g) => g.id)).toEqual([created.id]);
    expect(listed[0]!.imageUrl).toBe(created.imageUrl);
    expect(listed[0]!.fileSize).toBeGreaterThan(0);

    const image = await ctx.app.inject({ url: created.imageUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const preview = await ctx.app.inject({ url: `/api/travel-guides/${created.id}/preview` });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');

    const all = (await ctx.app.inject({ url: '/api/admin/travel-guides?locale=all', headers: admin })).json();
    expect(all.map((g: AdminGuide) => g.id)).toContain(created.id);
    const en = (await ctx.app.inject({ url: '/api/admin/travel-guides?locale=en', headers: admin })).json();
    expect(en).toEqual([]);
  });

  test('a second guide with the same title gets a distinct slug and a new cover name', async () => {
    const first = (await postGuide(await guideForm({ title: 'Saint-Louis' }))).json() as AdminGuide;
    const second = (await postGuide(await guideForm({ title: 'Saint-Louis' }))).json() as AdminGuide;
    expect(first.slug).toBe('saint-louis');
    expect(second.slug).toBe('saint-louis-fr');
    expect(second.imageUrl).not.toBe(first.imageUrl);
  });

  test('missing fields answer the spec’s texts', async () => {
    const form = await guideForm();
    const without = (name: string) => form.filter((p) => p.name !== name);
    // Each refusal also names its field, so the dialog can show it there.
    const cases: [Part[], string, string][] = [
      [without('title'), 'Title is required', 'title'],
      [
        [...without('description'), { name: 'description', value: '   ' }],
        'Description is required',
        'description',
      ],
      [without('price'), 'Price is required', 'price'],
      [without('coverImage'), 'Cover image and primary PDF are required', 'files'],
      [without('pdfPrimary'), 'Cover image and primary PDF are required', 'files'],
    ];
    for (const [parts, message, field] of cases) {
      const res = await postGuide(parts);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message, field });
    }
  });

  test('a PNG renamed .pdf is refused and leaves no guide and no stored file', async () => {
    const before = await counts();
    const res = await postGuide(
      await guideForm({
        pdf: { name: 'pdfPrimary', file: await png(), fileName: 'guide.pdf', type: 'application/pdf' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please select a PDF file' });
    expect(await counts()).toEqual(before);
  });

  test('a PDF declared as image/jpeg for the cover is refused', async () => {
    const before = await counts();
    const res = await postGuide(
      await guideForm({
        cover: { name: 'coverImage', file: await makeGuidePdf(), fileName: 'cover.jpg', type: 'image/jpeg' },
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Please select a JPEG or PNG image' });
    expect(await counts()).toEqual(before);
  });

  test('a cover of 10 MB + 1 byte is refused with 413 and leaves nothing', async () => {
    const before = await counts();
    const image = await png();
    const big = Buffer.concat([image, Buffer.alloc(10 * 1024 * 1024 + 1 - image.length)]);
    const res = await postGuide(
      await guideForm({ cover: { name: 'coverImage', file: big, fileName: 'big.png', type: 'image/png' } }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'Image size must be less than 10MB' });
    expect(await counts()).toEqual(before);
  });

  test('a primary PDF over 50 MB is refused with 413 while it streams, and leaves nothing', async () => {
    const before = await counts();
    const pdf = await makeGuidePdf();
    const big = Buffer.concat([pdf, Buffer.alloc(50 * 1024 * 1024 + 1 - pdf.length)]);
    const res = await postGuide(
      await guideForm({
        pdf: { name: 'pdfPrimary', file: big, fileName: 'big.pdf', type: 'application/pdf' },
      }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'PDF size must be less than 50MB' });
    expect(await counts()).toEqual(before);
  });

  test('an invalid locale sent last, or a PDF pdf-lib cannot read, leaves nothing', async () => {
    const before = await counts();
    const badLocale = await postGuide(await guideForm({ locale: 'de' }));
    expect(badLocale.statusCode).toBe(400);
    expect(badLocale.json()).toEqual({ message: 'Language must be fr or en', field: 'locale' });
    const broken = Buffer.from('%PDF-1.7\n1 0 obj <<>> garbage, no pages, no xref\n%%EOF\n');
    const unreadable = await postGuide(
      await guideForm({
        pdf: { name: 'pdfPrimary', file: broken, fileName: 'broken.pdf', type: 'application/pdf' },
      }),
    );
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ message: 'Please select a PDF file' });
    expect(await counts()).toEqual(before);
  });

  test('a failure after files were stored removes them again', async () => {
    const before = await counts();
    const put = ctx.files.put.bind(ctx.files);
    let calls = 0;
    const spy = vi.spyOn(ctx.files, 'put').mockImplementation(async (key, data) => {
      calls += 1;
      if (calls === 3) throw new Error('disk full');
      return put(key, data);
    });
    try {
      const res = await postGuide(await guideForm({ title: 'Half done' }));
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(calls).toBe(3);
    expect(await counts()).toEqual(before);
  });
});

describe('changing a guide', () => {
  test('replacing the cover and PDF derives again and removes the old files after the update', async () => {
    const created = (await postGuide(await guideForm({ title: 'Thiès' }))).json() as AdminGuide;
    const [old] = await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, created.id));
    const before = await counts();
    const { payload, headers } = multipart([
      { name: 'title', value: 'Thiès et la côte' },
      { name: 'description', value: 'Nouvelle édition.' },
      { name: 'price', value: '15' },
      { name: 'isActive', value: 'true' },
      { name: 'locale', value: 'all' },
      { name: 'coverImage', file: await png('#1d4ed8'), fileName: 'new.png', type: 'image/png' },
      {
        name: 'pdfPrimary',
        file: await makeGuidePdf('Thiès 2'),
        fileName: 'thies-2.pdf',
        type: 'application/pdf',
      },
    ]);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/guides/${created.id}`,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as AdminGuide;
    expect(updated).toMatchObject({
      title: 'Thiès et la côte',
      price: '15.00',
      locale: 'fr',
      fileName: 'thies-2.pdf',
    });
    expect(updated.imageUrl).not.toBe(created.imageUrl);
    expect(await counts()).toEqual(before);
    const oldIds = [old!.coverFileId!, old!.pdfPrimaryFileId!, old!.previewFileId!];
    for (const id of oldIds) {
      expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, id))).toEqual([]);
    }
    expect((await ctx.app.inject({ url: created.imageUrl! })).statusCode).toBe(404);
  });

  test('the JSON edit updates fields; unpublish hides the guide at once; republish shows it again', async () => {
    const created = (await postGuide(await guideForm({ title: 'Gorée' }))).json() as AdminGuide;
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${created.id}`,
      headers: admin,
      payload: {
        title: 'Gorée, l’île',
        description: 'Mémoire.',
        price: '7.00',
        isActive: true,
        locale: 'fr',
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ title: 'Gorée, l’île', price: '7.00' });
    const blank = await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${created.id}`,
      headers: admin,
      payload: { title: '', description: 'x', price: '1' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ message: 'Title is required', field: 'title' });

    expect((await storefront('fr')).map((g) => g.id)).toContain(created.id);
    const off = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/travel-guides/${created.id}`,
      headers: admin,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await storefront('fr')).map((g) => g.id)).not.toContain(created.id);

    await ctx.app.inject({
      method: 'PUT',
      url: `/api/travel-guides/${created.id}`,
      headers: admin,
      payload: { title: 'Gorée', description: 'Mémoire.', price: '7', isActive: true },
    });
    expect((await storefront('fr')).map((g) => g.id)).toContain(created.id);
  });

  test('unknown and malformed ids answer 404', async () => {
    for (const id of [crypto.randomUUID(), 'not-a-uuid']) {
      for (const [method, url] of [
        ['DELETE', `/api/travel-guides/${id}`],
        ['GET', `/api/travel-guides/${id}/can-delete`],
        ['DELETE', `/api/travel-guides/${id}/permanent`],
      ] as const) {
        expect((await ctx.app.inject({ method, url, headers: admin })).statusCode, `${method} ${url}`).toBe(
          404,
        );
      }
      const put = await ctx.app.inject({
        method: 'PUT',
        url: `/api/travel-guides/${id}`,
        headers: admin,
        payload: { title: 'x', description: 'y', price: '1' },
      });
      expect(put.statusCode).toBe(404);
    }
  });
});

describe('row upload of a PDF', () => {
  test('gives a guide without a file its PDF, page count and preview; refuses a non-PDF', async () => {
    const guide = await insertGuide(ctx, { slug: 'no-pdf-yet', withPdf: false });
    const wrong = multipart([
      { name: 'guideId', value: guide.id },
      { name: 'pdf', file: await png(), fileName: 'x.pdf', type: 'application/pdf' },
    ]);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/admin/upload/guide', ...wrong });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Please select a PDF file' });

    const right = multipart([
      { name: 'guideId', value: guide.id },
      { name: 'pdf', file: await makeGuidePdf(), fileName: 'guide.pdf', type: 'application/pdf' },
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/upload/guide', ...right });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileName: 'guide.pdf', pageCount: 3 });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/admin/upload/guide', ...right });
    expect(again.statusCode).toBe(409);
  });
});

describe('deleting a guide', () => {
  test('an ordered guide cannot be deleted: can-delete says why and permanent answers 409', async () => {
    const guide = await insertGuide(ctx, { slug: 'ordered', isActive: false });
    const [order] = await ctx.db
      .insert(orders)
      .values({
        publicId: randomBytes(16).toString('hex'),
        orderNumber: 'GA-TEST01',
        paymentMethod: 'free',
        email: 'a@example.com',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '+221700000000',
        total: '0.00',
      })
      .returning();
    await ctx.db
      .insert(orderItems)
      .values({ orderId: order!.id, guideId: guide.id, quantity: 1, unitPrice: '0.00', title: guide.title });
    const check = await ctx.app.inject({ url: `/api/travel-guides/${guide.id}/can-delete`, headers: admin });
    expect(check.statusCode).toBe(200);
    const answer = check.json() as { canDelete: boolean; reason: string };
    expect(answer.canDelete).toBe(false);
    expect(answer.reason).toMatch(/ordered/);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/travel-guides/${guide.id}/permanent`,
      headers: admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: answer.reason });
    expect(await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, guide.id))).toHaveLength(1);
    // the list tells the same before anyone clicks Delete.
    const listed = (
      await ctx.app.inject({ url: '/api/admin/travel-guides', headers: admin })
    ).json() as AdminGuide[];
    expect(listed.find((g) => g.id === guide.id)?.deleteBlockedReason).toBe(answer.reason);
  });

  test('an active guide must be unpublished first', async () => {
    const created = (await postGuide(await guideForm({ title: 'Active one' }))).json() as AdminGuide;
    const check = await ctx.app.inject({
      url: `/api/travel-guides/${created.id}/can-delete`,
      headers: admin,
    });
    expect(check.json()).toMatchObject({ canDelete: false });
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/travel-guides/${created.id}/permanent`,
      headers: admin,
    });
    expect(res.statusCode).toBe(409);
  });

  test('an inactive, never-ordered guide is deleted with its files', async () => {
    const created = (await postGuide(await guideForm({ title: 'To delete' }))).json() as AdminGuide;
    const [row] = await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, created.id));
    const fileIds = [row!.coverFileId!, row!.pdfPrimaryFileId!, row!.previewFileId!];
    const keys = (await ctx.db.select().from(storedFiles))
      .filter((f) => fileIds.includes(f.id))
      .map((f) => f.storageKey);
    expect(keys).toHaveLength(3);
    await ctx.app.inject({ method: 'DELETE', url: `/api/travel-guides/${created.id}`, headers: admin });
    const check = await ctx.app.inject({
      url: `/api/travel-guides/${created.id}/can-delete`,
      headers: admin,
    });
    expect(check.json()).toEqual({ canDelete: true, reason: null });
    const listed = (
      await ctx.app.inject({ url: '/api/admin/travel-guides', headers: admin })
    ).json() as AdminGuide[];
    expect(listed.find((g) => g.id === created.id)?.deleteBlockedReason).toBeNull();
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/travel-guides/${created.id}/permanent`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, created.id))).toEqual([]);
    for (const id of fileIds) {
      expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, id))).toEqual([]);
    }
    for (const key of keys) expect(await ctx.files.exists(key)).toBe(false);
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  guideEditions,
  jobs,
  orderItems,
  orders,
  stampedCopies,
  storedFiles,
  travelGuides,
} from '../../src/server/db/schema';
import { adminEditionListSchema, adminEditionSchema } from '../../src/shared/contracts/admin/editions';
import { orderEditionsSchema } from '../../src/shared/contracts/editions';
import { downloadResponseSchema } from '../../src/shared/contracts/orders';
import { activityRows } from '../helpers/admin-activity';
import { publish } from '../helpers/editions';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'editions-test-key-0123456789abcdef';
let ctx: TestContext;
let dakar: GuideRow;
let order: OrderRow;
let firstPdfId: string;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
  dakar = await insertSellableGuide(ctx, { title: 'Dakar essentiel' });
  firstPdfId = dakar.pdfPrimaryFileId!;
  ({ order } = await insertOrder(ctx.db, { guides: [dakar], firstName: 'Awa', lastName: 'Diop' }));
});
afterAll(() => ctx?.close());

const admin = { 'x-admin-key': ADMIN_KEY };

async function download(url: string) {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  const { downloadUrl } = downloadResponseSchema.parse(res.json());
  const file = await ctx.app.inject({ url: downloadUrl });
  expect(file.statusCode).toBe(200);
  return (await pdfPageTexts(file.rawPayload)).join('\n');
}

describe('publishing an edition', () => {
  test('the buyer first downloads edition 1, stamped with their name', async () => {
    const text = await download(`/api/download/${order.publicId}/${dakar.id}`);
    expect(text).toContain('Dakar essentiel');
    expect(text).toContain(`Awa Diop · a***p@g***.com · commande ${order.orderNumber}`);
  });

  test('publishes edition 2: the guide gives its PDF, edition 1 keeps its file, nothing is restamped up front', async () => {
    const copiesBefore = await ctx.db.select().from(stampedCopies);
    const res = await publish(ctx, ADMIN_KEY, dakar.id, {
      title: 'Dakar 2027 revu',
      fields: { labelFr: 'Édition 2027', labelEn: '2027 edition' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const edition = adminEditionSchema.parse(res.json());
    expect(edition).toMatchObject({
      number: 2,
      labelFr: 'Édition 2027',
      changesEn: 'New visa prices.',
      mailing: null,
    });
    const [guide] = await ctx.db.select().from(travelGuides).where(eq(travelGuides.id, dakar.id));
    expect(guide!.pdfPrimaryFileId).not.toBe(firstPdfId);
    expect(await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, firstPdfId))).toHaveLength(1);
    expect(await ctx.db.select().from(stampedCopies)).toEqual(copiesBefore);
    expect(await ctx.db.select().from(jobs).where(eq(jobs.kind, 'notify-edition-buyers'))).toEqual([]);
    // Its light copy is queued like an upload's.
    const lightJobs = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'make-light-copy'));
    expect(lightJobs.map((job) => (job.payload as { fileId: string }).fileId)).toContain(
      guide!.pdfPrimaryFileId,
    );
    const [activity] = (await activityRows(ctx.db)).filter((row) => row.action === 'guide.publish_edition');
    expect(activity?.subjectId).toBe(dakar.id);
  });

  test('the admin lists every edition of the guide, newest first', async () => {
    const res = await ctx.app.inject({ url: `/api/admin/guides/${dakar.id}/editions`, headers: admin });
    expect(res.statusCode).toBe(200);
    const list = adminEditionListSchema.parse(res.json());
    expect(list.map((e) => e.number)).toEqual([2, 1]);
    expect(list[1]!.pageCount).toBe(3);
    const noKey = await ctx.app.inject({ url: `/api/admin/guides/${dakar.id}/editions` });
    expect(noKey.statusCode).toBe(401);
  });

  test('the download gives the latest edition by default, stamped on first download', async () => {
    const text = await download(`/api/download/${order.publicId}/${dakar.id}`);
    expect(text).toContain('Dakar 2027 revu');
    expect(text).toContain(`Awa Diop · a***p@g***.com · commande ${order.orderNumber}`);
  });

  test('the edition bought stays downloadable by its number, and only that guide’s', async () => {
    const text = await download(`/api/download/${order.publicId}/${dakar.id}?edition=1`);
    expect(text).toContain('Dakar essentiel');
    expect(text).not.toContain('Dakar 2027 revu');
    const missing = await ctx.app.inject({ url: `/api/download/${order.publicId}/${dakar.id}?edition=9` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This guide has no edition 9');
    for (const bad of ['0', 'abc', '1.5', '1e400', '99999999999999999999']) {
      const res = await ctx.app.inject({ url: `/api/download/${order.publicId}/${dakar.id}?edition=${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/edition/);
    }
  });

  test('an old edition’s link stops working once the order is revoked', async () => {
    const { order: other } = await insertOrder(ctx.db, { guides: [dakar], email: 'kofi@example.com' });
    const res = await ctx.app.inject({ url: `/api/download/${other.publicId}/${dakar.id}?edition=1` });
    const { downloadUrl } = downloadResponseSchema.parse(res.json());
    expect((await ctx.app.inject({ url: downloadUrl })).statusCode).toBe(200);
    await ctx.db.update(orders).set({ accessRevokedAt: new Date() }).where(eq(orders.id, other.id));
    expect((await ctx.app.inject({ url: downloadUrl })).statusCode).toBe(403);
  });

  test('the order page reads the edition bought and the latest', async () => {
    await ctx.db
      .update(orderItems)
      .set({
        editionId: (await ctx.db.select().from(guideEditions).where(eq(guideEditions.number, 1)))[0]!.id,
      })
      .where(eq(orderItems.orderId, order.id));
    const res = await ctx.app.inject({ url: `/api/orders/${order.publicId}/editions` });
    expect(res.statusCode).toBe(200);
    const [line] = orderEditionsSchema.parse(res.json());
    expect(line).toMatchObject({
      guideId: dakar.id,
      bought: { number: 1 },
      latest: { number: 2, labelEn: '2027 edition' },
    });
    expect((await ctx.app.inject({ url: '/api/orders/nope/editions' })).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  const refused = async (form: Parameters<typeof publish>[3], status = 400) => {
    const res = await publish(ctx, ADMIN_KEY, dakar.id, form);
    expect(res.statusCode, res.body).toBe(status);
    return res.json().message as string;
  };

  test('no PDF, a PNG named .pdf, or an unreadable PDF', async () => {
    expect(await refused({ pdf: null })).toBe('The new edition’s PDF is required');
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await refused({ pdf: png })).toBe('Please select a PDF file');
    expect(await refused({ pdf: Buffer.from('%PDF-1.7\nnot really') })).toBe('Please select a PDF file');
  });

  test('missing or oversized texts, named', async () => {
    expect(await refused({ fields: { changesFr: '  ' } })).toBe('What changed (French) is required');
    expect(await refused({ fields: { changesFr: 'é'.repeat(100_000) } })).toBe(
      'What changed must be at most 5000 characters',
    );
    expect(await refused({ fields: { labelFr: 'x'.repeat(61) } })).toMatch(/label/);
    expect(await refused({ fields: { notifyBuyers: 'maybe' } })).toBe('notifyBuyers must be true or false');
    expect(await refused({ fields: { changesFr: 'a\u0000b' } })).toMatch(/changesFr/);
  });

  test('what changed is asked in the guide’s own language; the other language says the same unless given', async () => {
    const english = await insertSellableGuide(ctx, { title: 'Dakar in a week', locale: 'en' });
    const noEnglish = await publish(ctx, ADMIN_KEY, english.id, { fields: { changesEn: '' } });
    expect(noEnglish.statusCode, noEnglish.body).toBe(400);
    expect(noEnglish.json()).toMatchObject({ message: 'What changed (English) is required', field: 'changesEn' });

    const onlyEnglish = await publish(ctx, ADMIN_KEY, english.id, {
      fields: { changesFr: '', changesEn: 'New ferry times.' },
    });
    expect(onlyEnglish.statusCode, onlyEnglish.body).toBe(201);
    expect(adminEditionSchema.parse(onlyEnglish.json())).toMatchObject({
      changesEn: 'New ferry times.',
      changesFr: 'New ferry times.',
    });
    const french = await insertSellableGuide(ctx, { title: 'Saly en famille' });
    const onlyFrench = await publish(ctx, ADMIN_KEY, french.id, { fields: { changesEn: '  ' } });
    expect(onlyFrench.statusCode, onlyFrench.body).toBe(201);
    expect(adminEditionSchema.parse(onlyFrench.json()).changesEn).toBe('Nouveaux tarifs des visas.');
  });

  test('an unknown guide is 404 and a malformed id 400; nothing is left behind', async () => {
    const files = await ctx.db.select().from(storedFiles);
    const unknown = await publish(ctx, ADMIN_KEY, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    const malformed = await publish(ctx, ADMIN_KEY, 'not-a-guide');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/id/);
    expect(await ctx.db.select().from(storedFiles)).toHaveLength(files.length);
    const editions = await ctx.db.select().from(guideEditions).where(eq(guideEditions.guideId, dakar.id));
    expect(editions).toHaveLength(2);
  });

  test('a lone surrogate in the texts is kept as U+FFFD, as everywhere in the shop', async () => {
    const res = await publish(ctx, ADMIN_KEY, dakar.id, { fields: { changesFr: 'Visa \uD800 prix' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(adminEditionSchema.parse(res.json()).changesFr).toBe('Visa \uFFFD prix');
  });

  test('two publishes at once get consecutive numbers', async () => {
    const [a, b] = await Promise.all([publish(ctx, ADMIN_KEY, dakar.id), publish(ctx, ADMIN_KEY, dakar.id)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const numbers = [a, b].map((res) => adminEditionSchema.parse(res.json()).number).sort();
    expect(numbers).toEqual([4, 5]);
  });
});

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jobs, storedFiles, travelGuides } from '../../src/server/db/schema';
import { guideDetailSchema } from '../../src/shared/contracts/catalogue';
import { photoGuidePdf } from '../helpers/light-guides';
import { multipartBody } from '../helpers/multipart';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'light-upload-test-key-0123456789';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: ADMIN_KEY } });
});
afterAll(async () => {
  await ctx?.close();
});

test('a guide uploaded with photographs gets its light edition from the job queued with it, offered once made', async () => {
  const cover = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  const { payload, contentType } = multipartBody([
    { name: 'title', value: 'Gorée en images' },
    { name: 'description', value: 'Le Sénégal en photos.' },
    { name: 'price', value: '7.5' },
    { name: 'isActive', value: 'true' },
    { name: 'coverImage', fileName: 'cover.png', type: 'image/png', data: cover },
    {
      name: 'pdfPrimary',
      fileName: 'goree.pdf',
      type: 'application/pdf',
      data: await photoGuidePdf('Gorée'),
    },
    { name: 'locale', value: 'fr' },
  ]);
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/guides',
    payload,
    headers: { 'content-type': contentType, 'x-admin-key': ADMIN_KEY },
  });
  expect(created.statusCode, created.body).toBe(201);
  const [guide] = await ctx.db.select().from(travelGuides).where(eq(travelGuides.title, 'Gorée en images'));
  const queued = await ctx.db
    .select()
    .from(jobs)
    .where(eq(jobs.dedupeKey, `make-light-copy:${guide!.pdfPrimaryFileId}`));
  expect(queued).toHaveLength(1);

  // Not made yet: the page offers only the full edition, and a light download is refused.
  const before = guideDetailSchema.parse(
    (await ctx.app.inject({ url: `/api/travel-guides/by-slug/${guide!.slug}` })).json(),
  );
  expect(before.lightFileSize).toBeNull();
  expect(before.downloadCost.fr.light).toBeUndefined();

  await ctx.app.services.jobs.runDueJobs();
  const [pdf] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, guide!.pdfPrimaryFileId!));
  expect(pdf!.lightFileId).not.toBeNull();
  const after = guideDetailSchema.parse(
    (await ctx.app.inject({ url: `/api/travel-guides/by-slug/${guide!.slug}` })).json(),
  );
  expect(after.lightFileSize).toBeGreaterThan(0);
  expect(after.downloadCost.fr.light).toMatch(/^Version légère : /);
  expect(after.downloadCost.en.light).toMatch(/^Light edition: /);
}, 90_000);

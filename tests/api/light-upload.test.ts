import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { jobs, storedFiles, travelGuides } from '../../src/server/db/schema';
import { guideDetailSchema } from '../../src/shared/contracts/catalogue';
import { photoGuidePdf } from '../helpers/light-guides';
import { pngCover, postGuideForm } from '../helpers/multipart';
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
  const created = await postGuideForm(ctx, ADMIN_KEY, {
    fields: {
      title: 'Gorée en images',
      description: 'Le Sénégal en photos.',
      price: '7.5',
      isActive: 'true',
      locale: 'fr',
    },
    cover: await pngCover(64, 48, '#b45309'),
    pdf: { fileName: 'goree.pdf', data: await photoGuidePdf('Gorée') },
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

import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobs, storedFiles } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/modules/files/files.service';
import { makeLightCopy, queueLightCopies } from '../../src/server/modules/light/light-copies.service';
import { LightPdfError, makeLightPdf } from '../../src/server/modules/light/light-pdf';
import { downloadResponseSchema } from '../../src/shared/contracts/orders';
import { insertPhotoGuide, PHOTO_LINK, photoGuidePdf } from '../helpers/light-guides';
import { type GuideRow, insertOrder, insertSellableGuide, type OrderRow } from '../helpers/orders';
import { pdfPageTexts } from '../helpers/pdf';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
let photos: GuideRow;
let textOnly: GuideRow;
let order: OrderRow;
let scratch: string;

async function fileRow(id: string) {
  const [row] = await ctx.db.select().from(storedFiles).where(eq(storedFiles.id, id));
  return row!;
}

async function pdfLinks(bytes: Uint8Array): Promise<string[]> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  const uris: string[] = [];
  for (let i = 0; i < document.countPages(); i++) {
    for (const link of document.loadPage(i).getLinks()) uris.push(`${i}:${link.getURI()}`);
  }
  return uris;
}

async function link(url: string) {
  const res = await ctx.app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return downloadResponseSchema.parse(res.json());
}

beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
  scratch = await mkdtemp(path.join(os.tmpdir(), 'light-test-'));
  photos = await insertPhotoGuide(ctx, 'Dakar en photos');
  textOnly = await insertSellableGuide(ctx, { title: 'Abidjan pratique' });
  ({ order } = await insertOrder(ctx.db, { guides: [photos, textOnly], firstName: 'Awa', lastName: 'Diop' }));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('making a light copy', () => {
  test('a PDF with photographs gets a light copy at least 30 % smaller, its text and links intact', async () => {
    const outcome = await makeLightCopy(ctx, photos.pdfPrimaryFileId!);
    expect(outcome.kept).toBe(true);
    const full = await fileRow(photos.pdfPrimaryFileId!);
    const light = await fileRow(full.lightFileId!);
    expect(light.size / full.size).toBeLessThan(0.7);
    expect(light.purpose).toBe('light-pdf');
    expect(light.originalName).toBe('dakar-photos-light.pdf');
    const fullBytes = await ctx.files.read(full.storageKey);
    const lightBytes = await ctx.files.read(light.storageKey);
    expect(await pdfPageTexts(lightBytes)).toEqual(await pdfPageTexts(fullBytes));
    const links = await pdfLinks(lightBytes);
    expect(links.some((uri) => uri.endsWith(PHOTO_LINK))).toBe(true);
    expect(links).toEqual(await pdfLinks(fullBytes));
  }, 60_000);

  test('a second run leaves the copy made alone', async () => {
    const before = (await fileRow(photos.pdfPrimaryFileId!)).lightFileId;
    expect(await makeLightCopy(ctx, photos.pdfPrimaryFileId!)).toEqual({
      kept: false,
      reason: 'already-made',
    });
    expect((await fileRow(photos.pdfPrimaryFileId!)).lightFileId).toBe(before);
  });

  test('a PDF of text alone saves too little: no light copy is kept, and no file is left', async () => {
    const countBefore = (await ctx.db.select().from(storedFiles)).length;
    const outcome = await makeLightCopy(ctx, textOnly.pdfPrimaryFileId!);
    expect(outcome).toMatchObject({ kept: false, reason: 'too-little-saved' });
    expect((await fileRow(textOnly.pdfPrimaryFileId!)).lightFileId).toBeNull();
    expect((await ctx.db.select().from(storedFiles)).length).toBe(countBefore);
  }, 60_000);

  test('two runs at once record one copy and leave no orphan', async () => {
    const guide = await insertPhotoGuide(ctx, 'Gorée en photos');
    const lightsBefore = await ctx.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'light-pdf'));
    const outcomes = await Promise.all([
      makeLightCopy(ctx, guide.pdfPrimaryFileId!),
      makeLightCopy(ctx, guide.pdfPrimaryFileId!),
    ]);
    expect(outcomes.filter((o) => o.kept)).toHaveLength(1);
    const lightsAfter = await ctx.db.select().from(storedFiles).where(eq(storedFiles.purpose, 'light-pdf'));
    expect(lightsAfter.length).toBe(lightsBefore.length + 1);
  }, 60_000);

  test('the job queued with an upload makes the copy; an unreadable PDF fails it for good, not in a loop', async () => {
    const guide = await insertPhotoGuide(ctx, 'Saint-Louis en photos');
    const broken = await storeFile(ctx, {
      purpose: 'pdf',
      data: Buffer.from('%PDF-1.7\nnot really a PDF'),
      contentType: 'application/pdf',
      originalName: 'broken.pdf',
    });
    await queueLightCopies(ctx.db, [guide.pdfPrimaryFileId, broken.id, null]);
    await queueLightCopies(ctx.db, [guide.pdfPrimaryFileId]);
    await ctx.app.services.jobs.runDueJobs();
    expect((await fileRow(guide.pdfPrimaryFileId!)).lightFileId).not.toBeNull();
    const rows = await ctx.db.select().from(jobs).where(eq(jobs.kind, 'make-light-copy'));
    expect(
      rows.filter(
        (row) => row.payload && (row.payload as { fileId: string }).fileId === guide.pdfPrimaryFileId,
      ),
    ).toHaveLength(1);
    const failed = rows.find((row) => (row.payload as { fileId: string }).fileId === broken.id)!;
    expect(failed.status).toBe('failed');
    expect(failed.attempts).toBe(1);
  }, 90_000);

  test('a 16 MP photograph is made light within the time limit and bounded memory; a limit too short stops it', async () => {
    const { appendPhotoPages } = await import('../../src/server/db/seed/photo-pages');
    const base = await photoGuidePdf('Grand format', 0);
    const huge = await appendPhotoPages(base, { captions: ['16 MP', '16 MP bis'], width: 4900, seed: 99 });
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const made = await makeLightPdf(new Uint8Array(huge)).finally(() => clearInterval(sampler));
    const ms = performance.now() - started;
    expect(made.imagesRewritten).toBe(2);
    expect(made.pdf.length).toBeLessThan(huge.length * 0.1);
    expect(ms).toBeLessThan(30_000);
    // The whole process (vitest, PGlite and the worker's WASM heap together).
    expect(peak).toBeLessThan(1.5 * 1024 ** 3);
    await expect(makeLightPdf(new Uint8Array(huge), { timeoutMs: 5 })).rejects.toBeInstanceOf(LightPdfError);
  }, 120_000);
});

describe('downloading the light edition', () => {
  test('variant=light gives the light copy, stamped with the buyer’s name, smaller than the full one', async () => {
    const full = await link(`/api/download/${order.publicId}/${photos.id}`);
    const light = await link(`/api/download/${order.publicId}/${photos.id}?variant=light`);
    expect(light.fileName).toBe(`dakar-en-photos-light-${order.orderNumber}.pdf`);
    expect(full.fileName).toBe(`dakar-en-photos-${order.orderNumber}.pdf`);
    const fullRes = await ctx.app.inject({ url: full.downloadUrl });
    const lightRes = await ctx.app.inject({ url: light.downloadUrl });
    expect(lightRes.statusCode).toBe(200);
    expect(lightRes.headers['content-type']).toBe('application/pdf');
    expect(lightRes.rawPayload.length).toBeLessThan(fullRes.rawPayload.length * 0.7);
    const pages = await pdfPageTexts(lightRes.rawPayload);
    for (const text of pages) expect(text).toContain(`Exemplaire personnel d'Awa Diop`);
    expect(pages.join('\n')).toContain(order.orderNumber);
  }, 60_000);

  test('light asked for a guide that has none is a 404 saying so', async () => {
    const res = await ctx.app.inject({ url: `/api/download/${order.publicId}/${textOnly.id}?variant=light` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'This guide has no light edition: download the full one.' });
  });

  test('an unknown variant is a 400 naming the field', async () => {
    const res = await ctx.app.inject({ url: `/api/download/${order.publicId}/${photos.id}?variant=tiny` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/variant/);
  });

  test('the light ZIP holds the light editions, and the full PDF of a guide that has none', async () => {
    const body = await link(`/api/download/${order.publicId}/zip?variant=light`);
    expect(body.fileName).toBe(`guides-afrique-${order.orderNumber}-light.zip`);
    const fullZip = await link(`/api/download/${order.publicId}/zip`);
    const lightRes = await ctx.app.inject({ url: body.downloadUrl });
    const fullRes = await ctx.app.inject({ url: fullZip.downloadUrl });
    expect(lightRes.statusCode).toBe(200);
    expect(lightRes.rawPayload.length).toBeLessThan(fullRes.rawPayload.length * 0.7);
    expect(lightRes.headers['content-disposition']).toContain(body.fileName);
    const zipPath = path.join(scratch, body.fileName);
    await writeFile(zipPath, lightRes.rawPayload);
    const names = execFileSync('unzip', ['-Z1', zipPath]).toString().trim().split('\n').sort();
    expect(names).toEqual(
      [`abidjan-pratique-${order.orderNumber}.pdf`, `dakar-en-photos-light-${order.orderNumber}.pdf`].sort(),
    );
    const inZip = execFileSync('unzip', ['-p', zipPath, `dakar-en-photos-light-${order.orderNumber}.pdf`]);
    expect((await pdfPageTexts(inZip))[0]).toContain('Awa Diop');
  }, 60_000);
});

import { randomUUID } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import type { Db } from '../../src/server/db/client';
import { contentBlocks, contentVersions, travelGuides } from '../../src/server/db/schema';
import { storeFile } from '../../src/server/modules/files/files.service';

interface Deps {
  db: Db;
  files: FileStore;
}

/** A small real WebP, so image routes serve true image bytes. */
export async function makeCover(color = '#0f766e'): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 64, channels: 3, background: color } })
    .webp()
    .toBuffer();
}

/** A real small PDF: a cover page, a "Sommaire" page and a chapter. */
export async function makeGuidePdf(title = 'Guide'): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of [title, 'Sommaire', 'Chapitre 1']) {
    const page = pdf.addPage([420, 595]);
    page.drawText(text, { x: 40, y: 540, size: 20, font });
  }
  return Buffer.from(await pdf.save());
}

export async function insertGuide(
  deps: Deps,
  overrides: Partial<typeof travelGuides.$inferInsert> & { withCover?: boolean; withPdf?: boolean } = {},
) {
  const { withCover = true, withPdf = false, ...values } = overrides;
  const slug = values.slug ?? `guide-${randomUUID().slice(0, 8)}`;
  const cover = withCover
    ? await storeFile(deps, {
        purpose: 'cover',
        data: await makeCover(),
        contentType: 'image/webp',
        originalName: `${slug}.webp`,
        publicName: `cover-${slug}.webp`,
      })
    : undefined;
  const pdf = withPdf
    ? await storeFile(deps, {
        purpose: 'pdf',
        data: await makeGuidePdf(values.title ?? slug),
        contentType: 'application/pdf',
        originalName: `${slug}.pdf`,
      })
    : undefined;
  const [guide] = await deps.db
    .insert(travelGuides)
    .values({
      slug,
      title: 'Guide du Sénégal',
      description: 'Dakar, Saint-Louis et la Casamance.',
      price: '9.00',
      locale: 'fr',
      coverFileId: cover?.id,
      pdfPrimaryFileId: pdf?.id,
      pageCount: pdf ? 3 : null,
      ...values,
    })
    .returning();
  return guide!;
}

export async function insertContent(
  db: Db,
  block: { key: string; locale: 'fr' | 'en'; value: string; type?: 'plain' | 'html' | 'markdown' },
) {
  const type = block.type ?? 'plain';
  await db.insert(contentBlocks).values({ ...block, type, updatedBy: 'test' });
  await db.insert(contentVersions).values({ ...block, type, version: 1, updatedBy: 'test' });
}

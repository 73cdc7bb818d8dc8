import { eq } from 'drizzle-orm';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import type { Db } from '../../src/server/db/client';
import { travelGuides } from '../../src/server/db/schema';
import { buildGuidePdf } from '../../src/server/db/seed/guide-pdf';
import { appendPhotoPages } from '../../src/server/db/seed/photo-pages';
import { storeFile } from '../../src/server/modules/files/files.service';
import { type GuideRow, insertSellableGuide } from './orders';

export const PHOTO_LINK = 'https://guides-afrique.com/photos';

/** A guide PDF with text, a link and camera-sized photographs: one whose light edition is worth it. */
export async function photoGuidePdf(title: string, photos = 2): Promise<Buffer> {
  const { bytes } = await buildGuidePdf({
    locale: 'fr',
    theme: 'senegal',
    title,
    countryLabel: 'Sénégal',
    description: 'Un guide avec des photos.',
    chapters: [{ title: 'Dakar', blocks: ['La corniche, Gorée et le marché Sandaga.'] }],
  });
  const captions = ['Dakar, la corniche', 'Gorée vue de la chaloupe', 'Le lac Rose'].slice(0, photos);
  return appendPhotoPages(bytes, { captions, link: PHOTO_LINK });
}

/** A sellable guide whose primary PDF has photographs. */
export async function insertPhotoGuide(deps: { db: Db; files: FileStore }, title: string): Promise<GuideRow> {
  const guide = await insertSellableGuide(deps, { title });
  const pdf = await storeFile(deps, {
    purpose: 'pdf',
    data: await photoGuidePdf(title),
    contentType: 'application/pdf',
    originalName: 'dakar-photos.pdf',
  });
  const [updated] = await deps.db
    .update(travelGuides)
    .set({ pdfPrimaryFileId: pdf.id })
    .where(eq(travelGuides.id, guide.id))
    .returning();
  return updated!;
}

import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import {
  InvalidPdfError,
  inspectGuidePdf,
  looksLikeTocPage,
  makeCoverWebp,
  renderTocPreview,
} from './guide-assets';

/**
 * A three-page A5 guide whose table of contents is on page 3. Page 2 is painted black, so a preview
 * of the wrong page is easy to tell from the right one.
 */
async function guideWithTocOnPage3(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const texts = [
    ['Dakar essentiel', 'Édition 2026'],
    ['Avant-propos', 'Bienvenue au Sénégal.'],
    ['Sommaire', '1. Arriver à Dakar ........ 4', '2. Se déplacer ........ 6'],
  ];
  for (const lines of texts) {
    const page = doc.addPage([420, 595]);
    if (lines[0] === 'Avant-propos')
      page.drawRectangle({ x: 0, y: 0, width: 420, height: 595, color: rgb(0, 0, 0) });
    lines.forEach((line, i) => {
      page.drawText(line, { x: 40, y: 540 - i * 30, size: i === 0 ? 24 : 12, font });
    });
  }
  return Buffer.from(await doc.save());
}

function isWebp(bytes: Buffer): boolean {
  return (
    bytes.subarray(0, 4).toString('ascii') === 'RIFF' && bytes.subarray(8, 12).toString('ascii') === 'WEBP'
  );
}

describe('guide assets', () => {
  test('a guide PDF reports its page count', async () => {
    expect(await inspectGuidePdf(await guideWithTocOnPage3())).toEqual({ pageCount: 3 });
  });

  test('the preview is a WebP of the page headed "Sommaire", at the asked width', async () => {
    const pdf = await guideWithTocOnPage3();
    const preview = await renderTocPreview(pdf);
    expect(isWebp(preview)).toBe(true);
    const meta = await sharp(preview).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(600);
    // A5 is 420 x 595 pt, so a 600 px render is about 850 px tall.
    expect(meta.height).toBeGreaterThan(840);
    expect(meta.height).toBeLessThan(860);

    // The mostly white TOC page, not the black page 2.
    const { channels } = await sharp(preview).stats();
    expect(channels[0]!.mean).toBeGreaterThan(200);

    const narrow = await renderTocPreview(pdf, { width: 300 });
    expect((await sharp(narrow).metadata()).width).toBe(300);
  });

  test('without a TOC heading the preview falls back to page 2, or page 1 of a one-page file', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]);
    const onePage = Buffer.from(await doc.save());
    const preview = await renderTocPreview(onePage, { width: 150 });
    expect(isWebp(preview)).toBe(true);
    expect((await sharp(preview).metadata()).height).toBe(200);
  });

  test('TOC headings are recognised at the start of a line, in either language', () => {
    expect(looksLikeTocPage('Guide\nTABLE DES MATIÈRES\n1. Arriver')).toBe(true);
    expect(looksLikeTocPage('  Contents\n1. Getting there')).toBe(true);
    expect(looksLikeTocPage('Check the contents of your bag before leaving.')).toBe(false);
  });

  test('a file that is not a PDF is refused with a clear error', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expect(inspectGuidePdf(png)).rejects.toThrow(InvalidPdfError);
    await expect(inspectGuidePdf(png)).rejects.toThrow(/Not a valid PDF/);
    await expect(renderTocPreview(Buffer.from('hello'))).rejects.toThrow(InvalidPdfError);
    await expect(inspectGuidePdf(Buffer.alloc(0))).rejects.toThrow(/empty/);
  });

  test('a cover is resized to WebP and never enlarged', async () => {
    const big = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#c1272d' } })
      .jpeg()
      .toBuffer();
    const cover = await makeCoverWebp(big, 480);
    expect(isWebp(cover)).toBe(true);
    expect(await sharp(cover).metadata()).toMatchObject({ width: 480, height: 640 });

    const small = await makeCoverWebp(await sharp(big).resize(200).png().toBuffer(), 480);
    expect((await sharp(small).metadata()).width).toBe(200);
  });
});

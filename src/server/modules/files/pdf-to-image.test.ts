import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { pdfToWebp } from './pdf-to-image';

/** A one-page PDF whose page draws `lines` strokes: 40 MB of drawing in a 100 KB file. */
async function slowPdf(lines: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([420, 595]);
  const ops = Buffer.from('0 0 m 420 595 l S\n'.repeat(lines));
  const raw = pdf.context.stream(deflateSync(ops), { Filter: 'FlateDecode' });
  page.node.set(PDFName.of('Contents'), pdf.context.register(raw));
  return Buffer.from(await pdf.save());
}

test('a receipt of two pages becomes one WebP with both pages, at most 1200 px wide', async () => {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const text of ['Wave', 'page 2'])
    pdf.addPage([420, 595]).drawText(text, { x: 40, y: 540, size: 18, font });
  const webp = await pdfToWebp(Buffer.from(await pdf.save()), { refusal: 'not a PDF' });
  const meta = await sharp(webp).metadata();
  expect(meta.format).toBe('webp');
  expect(meta.width).toBeLessThanOrEqual(1200);
  expect(meta.height).toBeGreaterThan(meta.width! * 2);
});

test('a PDF that takes too long to draw is stopped at the time limit with a 400', async () => {
  const heavy = await slowPdf(2_000_000);
  const started = performance.now();
  await expect(pdfToWebp(heavy, { refusal: 'not a PDF', timeoutMs: 1500 })).rejects.toThrow(/takes too long/);
  expect(performance.now() - started).toBeLessThan(4000);
});

// Receipt uploads under abuse: `npx tsx bench/receipt-uploads.ts`.
// Makes a 16,000 × 16,000 progressive JPEG (about 2.2 MB) and a 5 MB PDF, then runs the shop in a
// child process (bench/receipt-uploads-child.ts) and prints its JSON report.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { bundleForNode, runJsonChild } from './node-child';
import { ROOT } from './shop';

/** A one-page PDF padded to `bytes` with an uncompressed stream nobody draws. */
async function paddedPdf(bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([420, 595]).drawText('Wave: 9 000 FCFA', { x: 40, y: 540, size: 18, font });
  const base = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const padding = Buffer.alloc(Math.max(0, bytes - base.length - 64), 0x20);
  const comment = Buffer.concat([Buffer.from('\n%'), padding, Buffer.from('\n')]);
  // A comment after %%EOF is ignored by readers but counted by the upload limit.
  return Buffer.concat([base, comment]).subarray(0, bytes);
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-receipt-files-'));
try {
  const jpeg = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: '#123' } })
    .jpeg({ progressive: true, quality: 10 })
    .toBuffer();
  const large = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#123' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  await writeFile(path.join(dir, 'large.jpg'), large);
  const pdf = await paddedPdf(5 * 1024 * 1024 - 1024);
  await writeFile(path.join(dir, 'huge.jpg'), jpeg);
  await writeFile(path.join(dir, 'receipt.pdf'), pdf);
  const bundle = await bundleForNode(ROOT, 'bench/receipt-uploads-child.ts');
  try {
    const report = await runJsonChild<Record<string, unknown>>(bundle.file, [
      path.join(dir, 'huge.jpg'),
      path.join(dir, 'receipt.pdf'),
      path.join(dir, 'large.jpg'),
    ]);
    console.log(JSON.stringify({ jpegBytes: jpeg.length, ...report }, null, 2));
  } finally {
    await bundle.remove();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

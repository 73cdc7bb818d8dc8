import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { pdfPageTexts } from '../../../../tests/helpers/pdf';
import { maskEmail, stampLine, stampPdf } from './stamp-pdf';

describe('maskEmail', () => {
  test.each([
    ['awa.diop@gmail.com', 'a***p@g***.com'],
    ['j@example.co.uk', 'j***@e***.uk'],
    ['jean-marc@orange.ci', 'j***c@o***.ci'],
    ['odd', 'o***d@***'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('stampLine', () => {
  const buyer = {
    firstName: 'Awa',
    lastName: ' Diop\n',
    email: 'awa.diop@gmail.com',
    orderNumber: 'GA-7K3M9Q',
  };
  test('speaks the order’s language', () => {
    expect(stampLine({ ...buyer, locale: 'fr' })).toBe(
      'Exemplaire personnel de Awa Diop · a***p@g***.com · commande GA-7K3M9Q',
    );
    expect(stampLine({ ...buyer, locale: 'en' })).toBe(
      'Personal copy of Awa Diop · a***p@g***.com · order GA-7K3M9Q',
    );
  });
});

async function pdfWithPages(rotations: number[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const rotation of rotations) pdf.addPage([420, 595]).setRotation(degrees(rotation));
  return pdf.save();
}

describe('stampPdf', () => {
  test('prints the line on every page, whatever its rotation', async () => {
    const stamped = await stampPdf(
      await pdfWithPages([0, 90, 180, 270]),
      'Personal copy of Awa Diop · GA-7K3M9Q',
    );
    const pages = await pdfPageTexts(stamped);
    expect(pages).toHaveLength(4);
    for (const text of pages) expect(text).toContain('Personal copy of Awa Diop · GA-7K3M9Q');
  });

  test('the line reads upright, centred at the foot of the page as it is displayed', async () => {
    const mupdf = await import('mupdf');
    const stamped = await stampPdf(await pdfWithPages([0, 90, 180, 270]), 'Personal copy of Awa Diop');
    const document = mupdf.Document.openDocument(stamped, 'application/pdf');
    for (let i = 0; i < 4; i++) {
      const page = document.loadPage(i);
      const [, , width, height] = page.getBounds();
      const { blocks } = JSON.parse(page.toStructuredText('preserve-whitespace').asJSON()) as {
        blocks: { lines: { bbox: { x: number; y: number; w: number; h: number } }[] }[];
      };
      const box = blocks[0]!.lines[0]!.bbox;
      expect(box.w).toBeGreaterThan(box.h);
      expect(box.y + box.h).toBeGreaterThan(height - 15);
      expect(Math.abs(box.x + box.w / 2 - width / 2)).toBeLessThan(2);
    }
  });

  test('names outside the standard font keep their letters without accents, or become ?', async () => {
    const stamped = await stampPdf(await pdfWithPages([0]), 'Łukasz Nguyễn 王芳 · GA-1');
    const [text] = await pdfPageTexts(stamped);
    expect(text).toContain('Lukasz Nguyen ?? · GA-1');
  });

  test('a line longer than the page shrinks to fit', async () => {
    const long = `Personal copy of ${'Very Long Name '.repeat(12)}· GA-1`;
    const [text] = await pdfPageTexts(await stampPdf(await pdfWithPages([0]), long));
    expect(text!.replace(/\s+/g, ' ')).toContain('GA-1');
  });
});

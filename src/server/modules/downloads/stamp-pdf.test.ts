import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { type DrawnGlyph, pdfGlyphs, pdfPageTexts } from '../../../../tests/helpers/pdf';
import { frenchOf, maskEmail, stampLine, stampPdf } from './stamp-pdf';

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
  test('a name cannot turn the rest of the line around or hide it: bidi overrides and controls are dropped', () => {
    const line = stampLine({
      firstName: 'Awa\u202E',
      lastName: '\u2067Diop\u0007\u200F',
      email: 'awa.diop@gmail.com',
      orderNumber: 'GA-1',
      locale: 'en',
    });
    expect(line).toBe('Personal copy of Awa Diop · a***p@g***.com · order GA-1');
  });

  test('a letter keeps at most three marks, as vocalised Arabic needs, so a name cannot tower over the page', () => {
    const buyer = { email: 'a@b.co', orderNumber: 'GA-1', locale: 'en' as const };
    const zalgo = stampLine({
      ...buyer,
      firstName: `Z${'\u0336\u0334\u0301'.repeat(20)}`,
      lastName: 'Nguyễn',
    });
    expect(zalgo).toBe('Personal copy of Z\u0336\u0334\u0301 Nguyễn · a***@b***.co · order GA-1');
    const vocalised = stampLine({ ...buyer, firstName: 'مُحَمَّد', lastName: 'Ňguyễn' });
    expect(vocalised).toContain('مُحَمَّد Ňguyễn');
  });

  test('a long name is cut at 80 characters, never between the two halves of one', () => {
    const line = stampLine({
      firstName: 'a'.repeat(79),
      lastName: '😀😀',
      email: 'a@b.co',
      orderNumber: 'GA-1',
      locale: 'en',
    });
    expect(line).toContain(`${'a'.repeat(79)} ·`);
    expect(line).not.toMatch(/[\uD800-\uDFFF]/u); // no half of a pair left alone
    const emoji = stampLine({
      firstName: 'a'.repeat(78),
      lastName: '😀😀',
      email: 'a@b.co',
      orderNumber: 'GA-1',
      locale: 'en',
    });
    expect(emoji).toContain(`${'a'.repeat(78)} 😀 ·`);
  });

  const buyer = {
    firstName: 'Awa',
    lastName: ' Diop\n',
    email: 'awa.diop@gmail.com',
    orderNumber: 'GA-7K3M9Q',
  };
  test('speaks the order’s language', () => {
    expect(stampLine({ ...buyer, locale: 'fr' })).toBe(
      "Exemplaire personnel d'Awa Diop · a***p@g***.com · commande GA-7K3M9Q",
    );
    expect(stampLine({ ...buyer, locale: 'en' })).toBe(
      'Personal copy of Awa Diop · a***p@g***.com · order GA-7K3M9Q',
    );
  });

  test('French elides "de" before a vowel or a mute h, never before a consonant', () => {
    expect(frenchOf('Aïssatou Koné')).toBe("d'Aïssatou Koné");
    expect(frenchOf('Émile')).toBe("d'Émile");
    expect(frenchOf('Hélène')).toBe("d'Hélène");
    expect(frenchOf('Moussa Diallo')).toBe('de Moussa Diallo');
    expect(stampLine({ ...buyer, firstName: 'Oumar', locale: 'fr' })).toMatch(
      /^Exemplaire personnel d'Oumar Diop/,
    );
    expect(stampLine({ ...buyer, firstName: 'Oumar', locale: 'en' })).toMatch(/^Personal copy of Oumar Diop/);
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

  test('any name is stamped as typed, every letter drawn from a real glyph: Vietnamese, Chinese, Arabic, Tifinagh', async () => {
    const names = ['Łukasz Ňguyễn 山田', 'محمد العلوي', 'ⵜⴰⵎⴰⵣⵉⵖⵜ Ἀθηνᾶ Жанна', 'דוד כהן ገብረ สมชาย'];
    for (const name of names) {
      const stamped = await stampPdf(await pdfWithPages([0, 90]), `Personal copy of ${name} · GA-1`);
      for (const page of [0, 1]) {
        const glyphs = await pdfGlyphs(stamped, page);
        // Arabic letters come back as their joined presentation forms: NFKC gives the letters typed.
        // A final ي is drawn as its dotless body (ى) and a separate mark for the two dots, which
        // has no character of its own (U+FFFD).
        const drawn = glyphs
          .map((g) => String.fromCodePoint(g.unicode))
          .join('')
          .normalize('NFKC')
          .replace(/ى\uFFFD|\uFFFDى/g, 'ي');
        // Every letter of the name has a glyph of its own; none is the "missing" box (glyph 0).
        expect(glyphs.filter((g) => g.glyph === 0)).toEqual([]);
        for (const letter of name.replace(/\s/g, '')) expect(drawn).toContain(letter.normalize('NFKC'));
      }
    }
  });

  test('an Arabic name is joined and set right to left inside the French sentence', async () => {
    const name = 'محمد';
    const stamped = await stampPdf(await pdfWithPages([0]), `Exemplaire personnel de ${name} · GA-1`);
    const glyphs = await pdfGlyphs(stamped, 0);
    const letter = (g: DrawnGlyph) => String.fromCodePoint(g.unicode).normalize('NFKC');
    const arabic = glyphs.filter((g) => /\p{Script=Arabic}/u.test(letter(g)));
    // Drawn from left to right on the page, the letters come last-first: the first م at the right end.
    const leftToRight = [...arabic].sort((a, b) => a.x - b.x).map(letter);
    expect(leftToRight.join('')).toBe([...name].reverse().join(''));
    // Joined: the two m's, initial and final, are different glyphs of the same letter.
    const mims = arabic.filter((g) => letter(g) === 'م');
    expect(mims).toHaveLength(2);
    expect(mims[0]!.glyph).not.toBe(mims[1]!.glyph);
    // The French words around it stay in reading order, left of the name.
    const latin = glyphs.filter((g) => /[A-Za-z]/.test(String.fromCodePoint(g.unicode)));
    expect(
      Math.max(
        ...latin.filter((g) => 'Exemplaire'.includes(String.fromCodePoint(g.unicode))).map((g) => g.x),
      ),
    ).toBeLessThan(Math.min(...arabic.map((g) => g.x)));
  });
  test('a line longer than the page shrinks to fit', async () => {
    const long = `Personal copy of ${'Very Long Name '.repeat(12)}· GA-1`;
    const [text] = await pdfPageTexts(await stampPdf(await pdfWithPages([0]), long));
    expect(text!.replace(/\s+/g, ' ')).toContain('GA-1');
  });
});

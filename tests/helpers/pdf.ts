/** The text of every page of a PDF, as a reader would extract it (mupdf renders the real layout). */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[]> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  try {
    const texts: string[] = [];
    for (let i = 0; i < document.countPages(); i++) {
      const page = document.loadPage(i);
      texts.push(page.toStructuredText('preserve-whitespace').asText());
      page.destroy();
    }
    return texts;
  } finally {
    document.destroy();
  }
}

export interface DrawnGlyph {
  unicode: number;
  glyph: number;
  font: string;
  /** Where it is drawn on the page as displayed (mupdf's coordinates, y down). */
  x: number;
  y: number;
}

/** Every glyph drawn on one page, in the order the content stream draws them. */
export async function pdfGlyphs(bytes: Uint8Array, pageIndex: number): Promise<DrawnGlyph[]> {
  const mupdf = await import('mupdf');
  const document = mupdf.Document.openDocument(bytes, 'application/pdf');
  const page = document.loadPage(pageIndex);
  const glyphs: DrawnGlyph[] = [];
  const device = new mupdf.Device({
    fillText(text, ctm) {
      text.walk({
        showGlyph(font, trm, glyph, unicode) {
          const [x, y] = mupdf.Matrix.concat(trm, ctm).slice(4) as [number, number];
          glyphs.push({ unicode, glyph, font: font.getName(), x, y });
        },
      });
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
    device.close();
    return glyphs;
  } finally {
    device.destroy();
    page.destroy();
    document.destroy();
  }
}

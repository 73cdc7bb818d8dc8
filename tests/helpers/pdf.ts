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

import { imageToWebp, loadSharp } from '../files/image-work';

/** Thrown when bytes that should be a guide PDF are not a readable PDF. */
export class InvalidPdfError extends Error {
  constructor(reason: string) {
    super(`Not a valid PDF file: ${reason}`);
    this.name = 'InvalidPdfError';
  }
}

const PDF_MAGIC = Buffer.from('%PDF-');

/** The PDF header may follow a little junk (allowed by readers), but must appear in the first kilobyte. */
function assertPdfHeader(pdf: Buffer): void {
  if (pdf.length === 0) throw new InvalidPdfError('the file is empty');
  if (pdf.subarray(0, 1024).indexOf(PDF_MAGIC) === -1) throw new InvalidPdfError('no %PDF header found');
}

export async function inspectGuidePdf(pdf: Buffer): Promise<{ pageCount: number }> {
  assertPdfHeader(pdf);
  // pdf-lib is loaded on first use, not with the server (half a second of every start).
  const { PDFDocument } = await import('pdf-lib');
  try {
    const document = await PDFDocument.load(pdf, { ignoreEncryption: true, updateMetadata: false });
    const pageCount = document.getPageCount();
    if (pageCount < 1) throw new InvalidPdfError('the document has no pages');
    return { pageCount };
  } catch (error) {
    if (error instanceof InvalidPdfError) throw error;
    throw new InvalidPdfError(error instanceof Error ? error.message : String(error));
  }
}

const TOC_HEADINGS = ['sommaire', 'table des matieres', 'table of contents', 'contents'];
/** A table of contents sits at the front of a guide; reading the text of every page of a long PDF is wasted work. */
const TOC_SEARCH_PAGES = 10;

const withoutAccents = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** True when a line of the page starts with a TOC heading, so "the contents of your bag" in body text does not count. */
export function looksLikeTocPage(pageText: string): boolean {
  return pageText
    .split('\n')
    .map((line) => withoutAccents(line).trim())
    .some((line) => TOC_HEADINGS.some((heading) => line.startsWith(heading)));
}

type Mupdf = typeof import('mupdf');
let mupdfModule: Promise<Mupdf> | undefined;
/** mupdf is a large WASM module: load it on first use, not when the server starts. */
const loadMupdf = (): Promise<Mupdf> => {
  mupdfModule ??= import('mupdf');
  return mupdfModule;
};

/**
 * Renders the guide's table-of-contents page to a WebP about `width` pixels wide: the first page
 * headed "Sommaire", "Table des matières", "Contents" or "Table of contents", else page 2, else page 1.
 */
export async function renderTocPreview(pdf: Buffer, options: { width?: number } = {}): Promise<Buffer> {
  assertPdfHeader(pdf);
  const width = options.width ?? 600;
  const mupdf = await loadMupdf();
  const sharp = await loadSharp();
  let document: InstanceType<Mupdf['Document']>;
  try {
    document = mupdf.Document.openDocument(pdf, 'application/pdf');
  } catch (error) {
    throw new InvalidPdfError(error instanceof Error ? error.message : String(error));
  }
  try {
    const pageCount = document.countPages();
    if (pageCount < 1) throw new InvalidPdfError('the document has no pages');

    let tocIndex = -1;
    for (let i = 0; i < Math.min(pageCount, TOC_SEARCH_PAGES) && tocIndex === -1; i++) {
      const page = document.loadPage(i);
      const text = page.toStructuredText('preserve-whitespace');
      if (looksLikeTocPage(text.asText())) tocIndex = i;
      text.destroy();
      page.destroy();
    }
    if (tocIndex === -1) tocIndex = pageCount >= 2 ? 1 : 0;

    const page = document.loadPage(tocIndex);
    try {
      const [x0, , x1] = page.getBounds();
      const scale = width / Math.max(1, x1 - x0);
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
      try {
        const pixelWidth = pixmap.getWidth();
        const pixelHeight = pixmap.getHeight();
        const channels = pixmap.getNumberOfComponents();
        // Copy out of the WASM heap before the pixmap is freed.
        const pixels = Buffer.from(pixmap.getPixels());
        const stride = pixmap.getStride();
        let image = sharp(pixels, {
          raw: { width: stride / channels, height: pixelHeight, channels: channels as 3 },
        });
        if (stride / channels !== pixelWidth)
          image = image.extract({ left: 0, top: 0, width: pixelWidth, height: pixelHeight });
        if (pixelWidth !== width) image = image.resize({ width });
        return await image.webp({ quality: 80 }).toBuffer();
      } finally {
        pixmap.destroy();
      }
    } finally {
      page.destroy();
    }
  } finally {
    document.destroy();
  }
}

/**
 * A cover image at one width, as WebP; a smaller original is never enlarged. Goes through the
 * shared image limits (pixel limit from the header, bounded decoding): a 400 with `refusal` for
 * bytes that are not an image. `whenBusy: 'wait'` for the shop's own images (see withImageSlot).
 */
export async function makeCoverWebp(
  image: Buffer,
  width: number,
  options: { refusal?: string; whenBusy?: 'refuse' | 'wait' } = {},
): Promise<Buffer> {
  return imageToWebp(image, {
    refusal: options.refusal ?? 'Not a readable image',
    maxWidth: width,
    quality: 78,
    whenBusy: options.whenBusy,
  });
}

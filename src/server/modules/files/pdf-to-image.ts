import { invalid } from '../../domain/errors';
import { loadSharp, withImageSlot } from './image-work';
import { runMupdfOnce } from './mupdf-worker';

/**
 * A PDF receipt is kept as a picture of its first pages: nothing the sender put in
 * the file (JavaScript, actions, embedded files, forms) survives, and the operator sees what the
 * page shows. mupdf parses and renders in a worker thread so that a PDF built to take minutes is
 * stopped after RENDER_TIMEOUT_MS (mupdf is synchronous WASM: it cannot be interrupted in place).
 */

/** Pages kept: a wallet's payment proof is one page; a bank statement two or three. */
const MAX_PAGES = 3;
/** Each page at most this wide and high, in pixels, whatever its declared size. */
const PAGE_WIDTH = 1200;
const PAGE_MAX_HEIGHT = 1800;
export const RENDER_TIMEOUT_MS = 10_000;

export class PdfRenderError extends Error {}

interface RenderedPage {
  width: number;
  height: number;
  stride: number;
  pixels: Uint8Array;
}
type WorkerAnswer = { pages: RenderedPage[] } | { refused: string };

// Plain JavaScript, run with eval: the server is bundled, so a worker file beside it would need its
// own build step. It imports mupdf by the absolute URL the main thread resolved.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const mupdf = await import(workerData.mupdfUrl);
  let document;
  try {
    document = mupdf.Document.openDocument(workerData.pdf, 'application/pdf');
  } catch (error) {
    return parentPort.postMessage({ refused: 'unreadable' });
  }
  if (document.needsPassword()) return parentPort.postMessage({ refused: 'encrypted' });
  const count = document.countPages();
  if (count < 1) return parentPort.postMessage({ refused: 'no-pages' });
  const pages = [];
  for (let i = 0; i < Math.min(count, workerData.maxPages); i++) {
    const page = document.loadPage(i);
    const [x0, y0, x1, y1] = page.getBounds();
    const scale = Math.min(workerData.width / Math.max(1, x1 - x0), workerData.maxHeight / Math.max(1, y1 - y0));
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    pages.push({
      width: pixmap.getWidth(),
      height: pixmap.getHeight(),
      stride: pixmap.getStride(),
      pixels: new Uint8Array(pixmap.getPixels()),
    });
    pixmap.destroy();
    page.destroy();
  }
  parentPort.postMessage({ pages }, pages.map((p) => p.pixels.buffer));
})().catch(() => parentPort.postMessage({ refused: 'unreadable' }));
`;

/** Parses and renders in a worker; terminated when it takes longer than `timeoutMs`. */
function renderInWorker(pdf: Buffer, timeoutMs: number): Promise<WorkerAnswer> {
  const workerData = {
    pdf: new Uint8Array(pdf),
    maxPages: MAX_PAGES,
    width: PAGE_WIDTH,
    maxHeight: PAGE_MAX_HEIGHT,
  };
  return runMupdfOnce(WORKER_SOURCE, workerData, timeoutMs, (reason) => new PdfRenderError(reason));
}

const REFUSALS: Record<string, string> = {
  'no-pages': 'This PDF has no pages. Please send the receipt itself, or a screenshot of it.',
  encrypted: 'This PDF is protected by a password. Please send a screenshot of the receipt instead.',
};

/**
 * The first pages of an untrusted PDF, one under the other, as one WebP. A PDF with no pages, a
 * protected one, one mupdf cannot read, or one that takes longer than `timeoutMs` is a 400
 * (`refusal` unless a more precise message applies). Runs in an image slot (see image-work.ts).
 */
export function pdfToWebp(pdf: Buffer, options: { refusal: string; timeoutMs?: number }): Promise<Buffer> {
  // Weighed as the largest picture it can make; mupdf's own memory is in the worker.
  return withImageSlot(
    async () => {
      let answer: WorkerAnswer;
      try {
        answer = await renderInWorker(pdf, options.timeoutMs ?? RENDER_TIMEOUT_MS);
      } catch (error) {
        if (error instanceof PdfRenderError && error.message.startsWith('took longer')) {
          throw invalid('This PDF takes too long to read. Please send a screenshot of the receipt instead.');
        }
        throw invalid(options.refusal);
      }
      if ('refused' in answer) throw invalid(REFUSALS[answer.refused] ?? options.refusal);
      const width = Math.max(...answer.pages.map((p) => p.stride / 3));
      const sharp = await loadSharp();
      const height = answer.pages.reduce((sum, p) => sum + p.height, 0);
      let top = 0;
      const layers = answer.pages.map((page) => {
        const layer = {
          input: Buffer.from(page.pixels.buffer, page.pixels.byteOffset, page.pixels.byteLength),
          raw: { width: page.stride / 3, height: page.height, channels: 3 as const },
          top,
          left: 0,
        };
        top += page.height;
        return layer;
      });
      return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
        .composite(layers)
        .webp({ quality: 85 })
        .toBuffer();
    },
    { pixels: MAX_PAGES * PAGE_WIDTH * PAGE_MAX_HEIGHT },
  );
}

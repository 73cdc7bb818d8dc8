import { runMupdfOnce } from '../files/mupdf-worker';

/**
 * A guide PDF's light edition: every photograph re-encoded as JPEG at the resolution it
 * is shown at (LIGHT_DPI of its largest placement in the document), text, fonts, vectors, links and
 * outline untouched, since only image streams are rewritten. mupdf has no image rewriter in its
 * JavaScript API, so this walks the image objects itself: a first pass over the pages records how
 * large each image is drawn, a second draws each one at the target size (mupdf's draw device
 * decodes a JPEG straight at 1/2, 1/4 or 1/8 scale, so a 16 MP photo never sits whole in memory)
 * and writes the JPEG in place of the stream.
 *
 * mupdf is synchronous WASM: it runs in a worker thread of its own per PDF, terminated after the
 * time limit, and its memory (the WASM heap grows and never shrinks) goes with the worker.
 */

export const LIGHT_DPI = 110;
export const LIGHT_JPEG_QUALITY = 60;
export const LIGHT_TIMEOUT_MS = 180_000;
/** An image is rewritten only when it comes out at most this share of its pixels, or was not a JPEG. */
const KEEP_SCALE = 0.85;

export class LightPdfError extends Error {}

export interface LightPdfResult {
  pdf: Uint8Array;
  imagesRewritten: number;
}

type WorkerAnswer = { pdf: Uint8Array; imagesRewritten: number } | { refused: string };

// Plain JavaScript, run with eval (as pdf-to-image.ts and stamp-line.ts): the server is bundled.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const mupdf = await import(workerData.mupdfUrl);
  const { dpi, quality, keepScale } = workerData;
  let document;
  try {
    document = mupdf.Document.openDocument(workerData.pdf, 'application/pdf');
  } catch {
    return parentPort.postMessage({ refused: 'unreadable' });
  }
  if (document.needsPassword()) return parentPort.postMessage({ refused: 'encrypted' });
  const pdf = document.asPDF();
  if (!pdf) return parentPort.postMessage({ refused: 'unreadable' });
  // Pass 1: the largest size, in points, each image (known by its pixel size) is drawn at.
  const shown = new Map();
  const record = (image, ctm) => {
    const key = image.getWidth() + 'x' + image.getHeight();
    const w = Math.hypot(ctm[0], ctm[1]);
    const h = Math.hypot(ctm[2], ctm[3]);
    const seen = shown.get(key) || { w: 0, h: 0 };
    shown.set(key, { w: Math.max(seen.w, w), h: Math.max(seen.h, h) });
  };
  const device = new mupdf.Device({ fillImage: record, fillImageMask: record, clipImageMask: record });
  for (let i = 0; i < document.countPages(); i++) {
    const page = document.loadPage(i);
    page.run(device, mupdf.Matrix.identity);
    page.destroy();
  }
  device.close();
  // Pass 2: each image drawn larger than needed is drawn again at the target size, as a JPEG.
  let imagesRewritten = 0;
  for (let num = 1; num < pdf.countObjects(); num++) {
    const ref = pdf.newIndirect(num);
    if (!ref.isStream() || ref.get('Subtype').toString() !== '/Image') continue;
    if (ref.get('ImageMask').valueOf() === true) continue;
    const width = ref.get('Width').valueOf();
    const height = ref.get('Height').valueOf();
    const size = shown.get(width + 'x' + height);
    if (!size || typeof width !== 'number' || typeof height !== 'number') continue;
    const scale = Math.min(1, Math.max((size.w / 72) * dpi / width, (size.h / 72) * dpi / height));
    const wasJpeg = ref.get('Filter').toString().includes('DCTDecode');
    if (wasJpeg && scale > keepScale) continue;
    const image = pdf.loadImage(ref);
    const gray = image.getColorSpace()?.isGray() === true;
    const tw = Math.max(1, Math.round(width * scale));
    const th = Math.max(1, Math.round(height * scale));
    const colorspace = gray ? mupdf.ColorSpace.DeviceGray : mupdf.ColorSpace.DeviceRGB;
    const pixmap = new mupdf.Pixmap(colorspace, [0, 0, tw, th], false);
    pixmap.clear(255);
    const draw = new mupdf.DrawDevice(mupdf.Matrix.identity, pixmap);
    draw.fillImage(image, [tw, 0, 0, th, 0, 0], 1);
    draw.close();
    const jpeg = pixmap.asJPEG(quality);
    pixmap.destroy();
    image.destroy();
    if (jpeg.length >= ref.readRawStream().asUint8Array().length) continue;
    ref.writeRawStream(jpeg);
    ref.put('Width', tw);
    ref.put('Height', th);
    ref.put('BitsPerComponent', 8);
    ref.put('ColorSpace', pdf.newName(gray ? 'DeviceGray' : 'DeviceRGB'));
    ref.put('Filter', pdf.newName('DCTDecode'));
    ref.delete('DecodeParms');
    ref.delete('Decode');
    imagesRewritten++;
  }
  const bytes = new Uint8Array(pdf.saveToBuffer('garbage=compact,compress').asUint8Array());
  parentPort.postMessage({ pdf: bytes, imagesRewritten }, [bytes.buffer]);
})().catch((error) => parentPort.postMessage({ refused: String((error && error.message) || error) }));
`;

/**
 * The light edition of a PDF, made in a worker thread ended after `timeoutMs`; LightPdfError when
 * mupdf cannot read it, it is protected, or it takes too long. The bytes are copied once into a
 * buffer moved to the worker, so a large PDF is not held twice on this side.
 */
export async function makeLightPdf(
  pdf: Uint8Array,
  options: { timeoutMs?: number } = {},
): Promise<LightPdfResult> {
  const bytes = new Uint8Array(pdf);
  const workerData = { pdf: bytes, dpi: LIGHT_DPI, quality: LIGHT_JPEG_QUALITY, keepScale: KEEP_SCALE };
  const answer = await runMupdfOnce<WorkerAnswer>(
    WORKER_SOURCE,
    workerData,
    options.timeoutMs ?? LIGHT_TIMEOUT_MS,
    (reason) => new LightPdfError(reason),
    [bytes.buffer as ArrayBuffer],
  );
  if ('refused' in answer) throw new LightPdfError(answer.refused);
  return answer;
}

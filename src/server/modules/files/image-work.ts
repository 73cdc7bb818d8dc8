import type Sharp from 'sharp';
import { invalid, unavailable } from '../../domain/errors';

/**
 * Every decode of an untrusted image goes through here: its size is read from the
 * header before any pixel is decoded, and the pixels being decoded at once in this process are
 * bounded (two images of the largest size allowed, or many small ones). A 16,000 × 16,000 JPEG of
 * 2 MB decodes to 768 MB; six at once took the process to 5 GB.
 */

/** 40 megapixels: a phone photo is 12–50 MP before we shrink it to 2000 px wide. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/**
 * Pixels decoded at once in this process: two of the largest images. Weighed by pixels rather
 * than counted, so a burst of small payment proofs does not queue behind itself (counted two at a time,
 * payment proofs waited seconds each in the 500-shopper load test, the event loop being busy).
 */
const PIXEL_BUDGET = 2 * MAX_IMAGE_PIXELS;
/**
 * Beyond this many waiting, a new image is turned away with 503. A waiting upload holds only its
 * compressed bytes (already read, at most 5 MB for a payment proof); the cap bounds the wait.
 */
export const MAX_WAITING = 64;

let sharpLoaded: Promise<typeof Sharp> | undefined;
/**
 * sharp, loaded on first use rather than with the server (its native library is a few hundred ms
 * of every start), and set up once: libvips's operation cache keeps decoded images around
 * for reuse we never make, so it is off and their memory is given back when a request ends; one
 * thread per image, so two images use both cores.
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return sharp;
  });
  return sharpLoaded;
}

let pixelsInUse = 0;
const waiting: { pixels: number; start: () => void }[] = [];

/** Starts waiting jobs, first come first served, while they fit in the budget (or nothing runs). */
function startWaiting(): void {
  for (let next = waiting[0]; next; next = waiting[0]) {
    if (pixelsInUse > 0 && pixelsInUse + next.pixels > PIXEL_BUDGET) return;
    waiting.shift();
    pixelsInUse += next.pixels;
    next.start();
  }
}

/**
 * Runs `work` once its `pixels` (default: the largest image allowed) fit in this process's budget.
 * A full queue answers 503 with Retry-After, unless `whenBusy` is 'wait': the shop's own images
 * (the seed's covers, variants of stored originals), bounded by the catalogue, wait their turn.
 */
export async function withImageSlot<T>(
  work: () => Promise<T>,
  options: { pixels?: number; whenBusy?: 'refuse' | 'wait' } = {},
): Promise<T> {
  const pixels = Math.min(Math.max(1, options.pixels ?? MAX_IMAGE_PIXELS), PIXEL_BUDGET);
  const fits = waiting.length === 0 && (pixelsInUse === 0 || pixelsInUse + pixels <= PIXEL_BUDGET);
  if (fits) {
    pixelsInUse += pixels;
  } else {
    if (waiting.length >= MAX_WAITING && options.whenBusy !== 'wait') {
      throw unavailable('Too many images are being processed right now. Please try again in a moment.', 5);
    }
    await new Promise<void>((start) => waiting.push({ pixels, start }));
  }
  try {
    return await work();
  } finally {
    pixelsInUse -= pixels;
    startWaiting();
  }
}

/**
 * Reads the image's dimensions from its header (nothing is decoded) and refuses more than
 * MAX_IMAGE_PIXELS with 400; bytes whose header does not parse are a 400 with `refusal`.
 * Returns the number of pixels, the image's weight in the decoding budget.
 */
export async function assertImageSize(data: Buffer, refusal: string): Promise<number> {
  let width: number | undefined;
  let height: number | undefined;
  const sharp = await loadSharp();
  try {
    ({ width, height } = await sharp(data).metadata());
  } catch {
    throw invalid(refusal);
  }
  if (!width || !height) throw invalid(refusal);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw invalid(
      `The image is too large: ${width} × ${height} pixels. Send an image of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (a screenshot or a photo is fine).`,
      { code: 'image_too_many_pixels' },
    );
  }
  return width * height;
}

/**
 * An untrusted image re-encoded to WebP at most `maxWidth` wide: size checked from the header,
 * decoded in a slot, and never more than MAX_IMAGE_PIXELS decoded whatever the header said.
 * Bytes that do not decode are a 400 with `refusal`.
 */
export async function imageToWebp(
  data: Buffer,
  options: { refusal: string; maxWidth: number; quality: number; whenBusy?: 'refuse' | 'wait' },
): Promise<Buffer> {
  const pixels = await assertImageSize(data, options.refusal);
  const sharp = await loadSharp();
  return withImageSlot(
    async () => {
      try {
        return await sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
          .rotate()
          .resize({ width: options.maxWidth, withoutEnlargement: true })
          .webp({ quality: options.quality })
          .toBuffer();
      } catch {
        // Image-looking bytes that do not decode.
        throw invalid(options.refusal);
      }
    },
    { pixels, whenBusy: options.whenBusy },
  );
}

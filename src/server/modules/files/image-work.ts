import sharp from 'sharp';
import { badRequest, HttpError } from '../../http/errors';

/**
 * Every decode of an untrusted image goes through here (issue 15 §2): its size is read from the
 * header before any pixel is decoded, and at most IMAGE_JOBS images are decoded at once in this
 * process. A 16,000 × 16,000 JPEG of 2 MB decodes to 768 MB; six at once took the process to 5 GB.
 */

/** 40 megapixels: a phone photo is 12–50 MP before we shrink it to 2000 px wide. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Images decoded at once in this process; the others wait their turn. */
const IMAGE_JOBS = 2;
/** Beyond this many waiting, a new image is turned away with 503 rather than held in memory. */
const MAX_WAITING = 8;

// libvips's operation cache keeps decoded images around for reuse we never make: off, so their
// memory is given back when a request ends. One thread per image: two images use both cores.
sharp.cache(false);
sharp.concurrency(1);

let running = 0;
const waiting: (() => void)[] = [];

/**
 * Runs `work` when an image slot is free. A full queue answers 503 with Retry-After, unless
 * `whenBusy` is 'wait': the shop's own images (the seed's covers, variants of stored originals),
 * whose number is bounded by the catalogue, wait their turn instead.
 */
export async function withImageSlot<T>(
  work: () => Promise<T>,
  options: { whenBusy?: 'refuse' | 'wait' } = {},
): Promise<T> {
  if (running >= IMAGE_JOBS) {
    if (waiting.length >= MAX_WAITING && options.whenBusy !== 'wait') {
      throw new HttpError(
        503,
        'Too many images are being processed right now. Please try again in a moment.',
        {
          'retry-after': '5',
        },
      );
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/**
 * Reads the image's dimensions from its header (nothing is decoded) and refuses more than
 * MAX_IMAGE_PIXELS with 400; bytes whose header does not parse are a 400 with `refusal`.
 */
export async function assertImageSize(data: Buffer, refusal: string): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(data).metadata());
  } catch {
    throw badRequest(refusal);
  }
  if (!width || !height) throw badRequest(refusal);
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badRequest(
      `The image is too large: ${width} × ${height} pixels. Send an image of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (a screenshot or a photo is fine).`,
    );
  }
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
  await assertImageSize(data, options.refusal);
  return withImageSlot(async () => {
    try {
      return await sharp(data, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: options.maxWidth, withoutEnlargement: true })
        .webp({ quality: options.quality })
        .toBuffer();
    } catch {
      // Image-looking bytes that do not decode.
      throw badRequest(options.refusal);
    }
  }, options);
}

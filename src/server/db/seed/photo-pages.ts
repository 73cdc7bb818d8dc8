import { PDFDocument, PDFName, PDFString, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

/**
 * Full-page photographs appended to a demo guide, so its light edition has something to
 * shed: a guide of text alone is already small. The pictures are made, not shot (soft noise under a
 * sky-to-ground gradient, grainy like a real photo, so JPEG cannot squeeze them flat), at a camera's
 * resolution and quality.
 */

export interface PhotoPagesInput {
  /** One page per caption. */
  captions: readonly string[];
  /** Pixels of the longer side; 2400 (3.8 MP) by default, a phone camera's frame. */
  width?: number;
  /** Changes the grain, so two guides' photos differ. */
  seed?: number;
  /** A link under each photo, kept by the light edition like every other link. */
  link?: string;
}

/** A deterministic pseudo-random byte stream (mulberry32): the same seed makes the same photo. */
function grain(length: number, seed: number): Buffer {
  const bytes = Buffer.allocUnsafe(length);
  let state = seed >>> 0;
  for (let i = 0; i < length; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes[i] = ((t ^ (t >>> 14)) >>> 0) & 255;
  }
  return bytes;
}

const HUES = [
  ['#f4a261', '#2a9d8f'],
  ['#e9c46a', '#264653'],
  ['#8ecae6', '#bc6c25'],
  ['#ffb4a2', '#386641'],
] as const;

/** The same photo is made once per process: both languages of a guide, and every seed of a test run. */
const made = new Map<string, Promise<Buffer>>();

/** One camera-sized JPEG: grain blurred a little, then tinted by a two-colour gradient. */
export function makeDemoPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const key = `${width}x${height}:${seed}`;
  let photo = made.get(key);
  if (!photo) {
    photo = drawPhoto(width, height, seed);
    photo.catch(() => made.delete(key));
    made.set(key, photo);
  }
  return photo;
}

async function drawPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  const [sky, ground] = HUES[seed % HUES.length]!;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="${ground}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)" opacity="0.8"/></svg>`,
  );
  const noise = await sharp(grain(width * height * 3, seed + 1), { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(noise)
    .composite([{ input: gradient, blend: 'over' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The PDF with `count` photo pages added at the end, each with its caption (and link). */
export async function appendPhotoPages(pdf: Uint8Array, input: PhotoPagesInput): Promise<Buffer> {
  // The guide's own dates stay (see EDITION_DATE in guide-pdf.ts): the same input makes the same bytes.
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const { width: pageWidth, height: pageHeight } =
    doc.getPageCount() > 0 ? doc.getPage(0).getSize() : { width: 420, height: 595 };
  const width = input.width ?? 2400;
  const height = Math.round((width * 2) / 3);
  for (let i = 0; i < input.captions.length; i++) {
    const photo = await doc.embedJpg(await makeDemoPhoto(width, height, (input.seed ?? 7) * 31 + i));
    const page = doc.addPage([pageWidth, pageHeight]);
    const drawWidth = pageWidth - 48;
    const drawHeight = (drawWidth * 2) / 3;
    const top = pageHeight - 48 - drawHeight;
    page.drawImage(photo, { x: 24, y: top, width: drawWidth, height: drawHeight });
    const caption = input.captions[i] ?? '';
    page.drawText(caption, { x: 24, y: top - 22, size: 11, font, color: rgb(0.13, 0.13, 0.15) });
    if (input.link) {
      page.drawText(input.link, { x: 24, y: top - 40, size: 9, font, color: rgb(0.1, 0.3, 0.7) });
      const linkWidth = font.widthOfTextAtSize(input.link, 9);
      const annotation = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [24, top - 43, 24 + linkWidth, top - 31],
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(input.link) },
      });
      page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(annotation)]));
    }
  }
  return Buffer.from(await doc.save());
}

// Synthetic guide PDFs for the purchase-flow benchmarks (bench/stamping.ts, bench/zip.ts): A5 pages of
// body text in the standard Helvetica font, with distinct JPEG "photos" (sharp, seeded noise over a
// gradient, so they compress like photographs rather than like flat colour).
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

const PAGE: [number, number] = [420, 595];
const MARGIN_X = 44;
const BODY_SIZE = 10.5;
const LEADING = 15;

const WORDS = (
  'Abidjan Plateau Cocody Treichville lagune Ebrié maquis attiéké alloco garba gbaka woro-woro ' +
  'Dakar Médina Plateau Almadies Gorée thiéboudienne yassa car rapide marché Sandaga Kermel ' +
  'Marrakech médina souk riad Jemaa el-Fna tajine hammam Atlas Essaouira taxi petit grand ' +
  'prix indicatif quartier sécurité transport logement budget saison pluie chaleur conseil ' +
  'ambassade visa vaccin fièvre jaune eau potable banque mobile money orange wave réseau SIM'
).split(' ');

/** A deterministic pseudo-random generator (mulberry32), so the fixtures are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A JPEG of width × height: a colour gradient with seeded noise (`noise` 0–255 controls the size). */
export async function photo(
  seed: number,
  width: number,
  height: number,
  options: { noise?: number; quality?: number } = {},
): Promise<Buffer> {
  const random = seeded(seed);
  const noise = options.noise ?? 40;
  const pixels = Buffer.alloc(width * height * 3);
  const [r0, g0, b0] = [random() * 200, random() * 200, random() * 200];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = (random() - 0.5) * noise;
      pixels[i] = Math.max(0, Math.min(255, r0 + (x / width) * 55 + n));
      pixels[i + 1] = Math.max(0, Math.min(255, g0 + (y / height) * 55 + n));
      pixels[i + 2] = Math.max(0, Math.min(255, b0 + ((x + y) / (width + height)) * 55 + n));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: options.quality ?? 80 })
    .toBuffer();
}

export interface GuideOptions {
  pages: number;
  /** One photo every `photoEvery` pages (the photos are used in turn); none if empty. */
  photos: Buffer[];
  photoEvery: number;
  seed?: number;
  title?: string;
}

/** A guide-like PDF: a title on the first page, then pages of text, a photo on every n-th page. */
export async function guidePdf(options: GuideOptions): Promise<Uint8Array> {
  const random = seeded(options.seed ?? 1);
  const pdf = await PDFDocument.create();
  pdf.setTitle(options.title ?? 'Guide de benchmark');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const images = await Promise.all(options.photos.map((bytes) => pdf.embedJpg(bytes)));
  const sentence = () => {
    const words = Array.from({ length: 8 + Math.floor(random() * 12) }, () => {
      return WORDS[Math.floor(random() * WORDS.length)]!;
    });
    const text = words.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  for (let n = 0; n < options.pages; n++) {
    const page = pdf.addPage(PAGE);
    let y = PAGE[1] - 56;
    const heading = n === 0 ? (options.title ?? 'Guide de benchmark') : `Chapitre ${Math.floor(n / 10) + 1}`;
    page.drawText(heading, {
      x: MARGIN_X,
      y,
      size: n === 0 ? 20 : 13,
      font: bold,
      color: rgb(0.1, 0.1, 0.2),
    });
    y -= 28;
    const image = images.length && n % options.photoEvery === 1 ? images[n % images.length] : undefined;
    if (image) {
      const width = PAGE[0] - 2 * MARGIN_X;
      const height = (width * image.height) / image.width;
      page.drawImage(image, { x: MARGIN_X, y: y - height, width, height });
      y -= height + 16;
    }
    // Body text, wrapped to the text width, down to the bottom margin.
    let line = '';
    const flush = () => {
      page.drawText(line, { x: MARGIN_X, y, size: BODY_SIZE, font, color: rgb(0.13, 0.13, 0.15) });
      y -= LEADING;
      line = '';
    };
    while (y > 70) {
      for (const word of sentence().split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(next, BODY_SIZE) > PAGE[0] - 2 * MARGIN_X) {
          flush();
          if (y <= 70) break;
          line = word;
        } else {
          line = next;
        }
      }
    }
    page.drawText(String(n + 1), { x: PAGE[0] / 2, y: 30, size: 9, font, color: rgb(0.4, 0.4, 0.4) });
  }
  return pdf.save();
}

import { degrees, PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import type { Locale } from '../../../shared/locale';

/** "awa.diop@gmail.com" → "a***p@g***.com": enough for the buyer to recognise, too little to harvest. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  const maskedLocal = local.length <= 1 ? `${local}***` : `${local[0]}***${local.at(-1)}`;
  const dot = domain.lastIndexOf('.');
  const maskedDomain = dot > 0 ? `${domain[0]}***${domain.slice(dot)}` : `${domain.slice(0, 1)}***`;
  return `${maskedLocal}@${maskedDomain}`;
}

export interface BuyerStamp {
  firstName: string;
  lastName: string;
  email: string;
  orderNumber: string;
  locale: Locale;
}

/** The footer line printed on every page of a delivered PDF, in the order's language. */
export function stampLine(buyer: BuyerStamp): string {
  const name = `${buyer.firstName} ${buyer.lastName}`.replace(/\s+/g, ' ').trim().slice(0, 80);
  const email = maskEmail(buyer.email);
  return buyer.locale === 'en'
    ? `Personal copy of ${name} · ${email} · order ${buyer.orderNumber}`
    : `Exemplaire personnel de ${name} · ${email} · commande ${buyer.orderNumber}`;
}

// Latin letters with a stroke have no Unicode decomposition to fall back on.
const STROKED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
};

/**
 * The standard Helvetica font only encodes WinAnsi: letters it lacks lose their accent or stroke
 * when they have one ("ő" → "o", "Ł" → "L") and become "?" otherwise, so any name can be stamped.
 */
function encodable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const char of text.replace(/\s+/g, ' ')) {
    const code = char.codePointAt(0)!;
    if (supported.has(code)) {
      out += char;
      continue;
    }
    const base = STROKED[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
    out += [...base].every((c) => supported.has(c.codePointAt(0)!)) && base !== '' ? base : '?';
  }
  return out;
}

const FONT_SIZE = 7;
const MARGIN = 10;

/**
 * Prints the line at the foot of every page, centred in the visible area (crop box) and turned
 * with the page's /Rotate so it reads upright at the bottom as the reader sees the page.
 */
export async function stampPdf(source: Uint8Array, line: string): Promise<Buffer> {
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = encodable(font, line);
  for (const page of pdf.getPages()) {
    const box = page.getCropBox();
    const rotation = (((page.getRotation().angle % 360) + 360) % 360) as number;
    const sideways = rotation === 90 || rotation === 270;
    const visibleWidth = sideways ? box.height : box.width;
    const naturalWidth = font.widthOfTextAtSize(text, FONT_SIZE);
    const size = Math.min(FONT_SIZE, (FONT_SIZE * (visibleWidth - 2 * MARGIN)) / naturalWidth);
    const width = font.widthOfTextAtSize(text, size);
    const offset = (visibleWidth - width) / 2;
    // Where the visible page's bottom-left corner is, and which way its "right" points, per rotation.
    const placement = {
      0: { x: box.x + offset, y: box.y + MARGIN },
      90: { x: box.x + box.width - MARGIN, y: box.y + offset },
      180: { x: box.x + box.width - offset, y: box.y + box.height - MARGIN },
      270: { x: box.x + MARGIN, y: box.y + box.height - offset },
    }[rotation] ?? { x: box.x + offset, y: box.y + MARGIN };
    page.drawText(text, {
      ...placement,
      size,
      font,
      color: rgb(0.4, 0.4, 0.4),
      rotate: degrees(rotation),
    });
  }
  return Buffer.from(await pdf.save());
}

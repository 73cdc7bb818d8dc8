import type { Locale } from '../../../shared/locale';
import { renderStampLine } from './stamp-line';

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

/**
 * Characters that would let a name rearrange or hide the rest of the line: bidi embeddings,
 * overrides and isolates (a right-to-left override would print the email and order number
 * backwards), marks, and control characters. The letters themselves are kept, whatever the script.
 */
const REARRANGING = /[\p{Cc}\p{Bidi_Control}]/gu;

/** At most this many characters of the name, counted as characters, so a pair is never cut in half. */
const NAME_MAX = 80;

/**
 * Vietnamese stacks two marks on a letter and vocalised Arabic or Hebrew three; a letter buried
 * under dozens ("Zalgo" text) would draw a tower over the page's own text.
 */
const MARK_PILE = /(\p{M}{3})\p{M}+/gu;

/**
 * Text a buyer typed, made safe to print beside the shop's own words: no characters that
 * rearrange or hide the rest, no towers of marks, one space between words, at most `max`
 * characters. The stamp line and the receipts print names through this.
 */
export function printableText(text: string, max: number): string {
  const typed = text.replace(REARRANGING, ' ').replace(MARK_PILE, '$1').replace(/\s+/g, ' ').trim();
  return Array.from(typed).slice(0, max).join('').trim();
}

/** The footer line printed on every page of a delivered PDF, in the order's language. */
export function stampLine(buyer: BuyerStamp): string {
  const name = printableText(`${buyer.firstName} ${buyer.lastName}`, NAME_MAX);
  const email = maskEmail(buyer.email);
  return buyer.locale === 'en'
    ? `Personal copy of ${name} · ${email} · order ${buyer.orderNumber}`
    : `Exemplaire personnel ${frenchOf(name)} · ${email} · commande ${buyer.orderNumber}`;
}

/** "de Moussa", "d'Aïssatou", "d'Hélène": French elides "de" before a vowel or a mute h. */
export function frenchOf(name: string): string {
  return /^[aeiouyhàâäéèêëîïôöùûüÿæœ]/i.test(name.normalize('NFC')) ? `d'${name}` : `de ${name}`;
}

/** Space between the line's box and the foot of the page, and at least on either side. */
const MARGIN = 8;

/**
 * Prints the line at the foot of every page, centred in the visible area (crop box) and turned
 * with the page's /Rotate so it reads upright at the bottom as the reader sees the page. The line
 * is set once (stamp-line.ts), embedded once, and drawn on each page, shrunk where the page is
 * narrower than the line.
 */
export async function stampPdf(source: Uint8Array, line: string): Promise<Buffer> {
  // pdf-lib is loaded on first use, not with the server (half a second of every start).
  const { degrees, PDFDocument } = await import('pdf-lib');
  const stamp = await renderStampLine(line);
  const pdf = await PDFDocument.load(source, { updateMetadata: false });
  const [embedded] = await pdf.embedPdf(stamp.pdf);
  if (!embedded) throw new Error('The stamp line came back without a page');
  for (const page of pdf.getPages()) {
    const box = page.getCropBox();
    const rotation = (((page.getRotation().angle % 360) + 360) % 360) as number;
    const sideways = rotation === 90 || rotation === 270;
    const visibleWidth = sideways ? box.height : box.width;
    // Drawn as a form clipped to the line's box: nothing of it reaches above the line.
    const scale = Math.min(1, (visibleWidth - 2 * MARGIN) / embedded.width);
    const offset = (visibleWidth - embedded.width * scale) / 2;
    // Where the visible page's bottom-left corner is, and which way its "right" points, per rotation.
    const placement = {
      0: { x: box.x + offset, y: box.y + MARGIN },
      90: { x: box.x + box.width - MARGIN, y: box.y + offset },
      180: { x: box.x + box.width - offset, y: box.y + box.height - MARGIN },
      270: { x: box.x + MARGIN, y: box.y + box.height - offset },
    }[rotation] ?? { x: box.x + offset, y: box.y + MARGIN };
    page.drawPage(embedded, { ...placement, xScale: scale, yScale: scale, rotate: degrees(rotation) });
  }
  return Buffer.from(await pdf.save());
}

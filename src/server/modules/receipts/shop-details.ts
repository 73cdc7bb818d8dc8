import type { Locale } from '../../../shared/locale';
import { SHOP_CONTACT } from '../../../shared/shop';
import type { Db } from '../../db/client';
import { readContent } from '../content/content.service';

/**
 * The seller block printed at the top of every receipt: the shop's name on the first line, then
 * its address and contact details, one per line. A plain-text content block the operator edits in
 * the Content tab like any other (French and English); the seed writes the demo shop's.
 */
export const RECEIPT_SHOP_KEY = 'receipt.shop';

const contact = `${SHOP_CONTACT.email} · WhatsApp ${SHOP_CONTACT.whatsapp}`;

/** The demo shop's details: what the seed writes, and what a receipt prints before the block exists. */
export const DEMO_SHOP_DETAILS = {
  fr: ['Guides Afrique', 'Cocody Riviera 2, Abidjan, Côte d’Ivoire', contact, 'guides-afrique.com'].join(
    '\n',
  ),
  en: ['Guides Afrique', 'Cocody Riviera 2, Abidjan, Côte d’Ivoire', contact, 'guides-afrique.com'].join(
    '\n',
  ),
} satisfies Record<Locale, string>;

/** At most this many lines of at most this many characters: a block pasted by mistake stays a header. */
const MAX_LINES = 8;
const MAX_LINE = 160;

/** The seller block's lines in the order's language (French where English is missing). */
export async function readShopDetails(db: Db, locale: Locale): Promise<string[]> {
  const block = (await readContent(db, locale, [RECEIPT_SHOP_KEY]))[RECEIPT_SHOP_KEY];
  const text = block?.value.trim() ? block.value : DEMO_SHOP_DETAILS[locale];
  return text
    .split(/\r?\n/)
    .map((line) => Array.from(line.trim()).slice(0, MAX_LINE).join(''))
    .filter(Boolean)
    .slice(0, MAX_LINES);
}

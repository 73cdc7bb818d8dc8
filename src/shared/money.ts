import type { Locale } from './locale';

/** FCFA (XOF) per euro: the fixed CFA franc peg. */
export const FCFA_PER_EURO = 655.957;

/** Parses a decimal price ("12.50", 12.5, "") into integer euro cents; anything invalid counts as 0. */
export function toCents(price: string | number | null | undefined): number {
  if (price === null || price === undefined || price === '') return 0;
  const value = typeof price === 'number' ? price : Number(String(price).trim());
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.round(value * 100);
}

/** Integer cents to the decimal string stored in numeric(10,2) columns. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function centsToFcfa(cents: number): number {
  return Math.round((cents / 100) * FCFA_PER_EURO);
}

/** How each language writes a number: "24 598" and "37,50" in French, "24,598" and "37.50" in English. */
const NUMBER_STYLE = {
  fr: { group: ' ', decimal: ',' },
  en: { group: ',', decimal: '.' },
} satisfies Record<Locale, { group: string; decimal: string }>;

// By hand rather than Intl.NumberFormat: ICU puts a narrow no-break space in French, and its
// version differs between Node and the browser, so the server's HTML and the hydrated page could disagree.
function groupThousands(n: number, locale: Locale): string {
  return String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, NUMBER_STYLE[locale].group);
}

/** "1 234,5" / "1,234.5": a number with at most `fractionDigits` decimals, written as the language does. */
export function formatDecimal(value: number, locale: Locale, fractionDigits = 0): string {
  const scale = 10 ** fractionDigits;
  const rounded = Math.round(Math.abs(value) * scale);
  const whole = groupThousands(Math.floor(rounded / scale), locale);
  const rest = String(rounded % scale)
    .padStart(fractionDigits, '0')
    .replace(/0+$/, '');
  const sign = value < 0 && rounded > 0 ? '-' : '';
  return rest ? `${sign}${whole}${NUMBER_STYLE[locale].decimal}${rest}` : `${sign}${whole}`;
}

/**
 * "24 598 FCFA" in every language: the spec writes francs with spaces between thousands ("9 839
 * FCFA"), so English pages, emails and the admin write them so too. The one way francs are written.
 */
export function formatFcfaAmount(fcfa: number): string {
  const sign = fcfa < 0 ? '-' : '';
  return `${sign}${groupThousands(Math.round(fcfa), 'fr')} FCFA`;
}

/** The euro amount at the fixed peg, rounded to the franc, written as formatFcfaAmount does. */
export function formatFcfa(cents: number, _locale?: Locale): string {
  return formatFcfaAmount(centsToFcfa(cents));
}

/**
 * "37,50 €" / "€37.50", and "20 €" / "€20" when the cents are zero: the exact amount charged,
 * never rounded to the euro.
 */
export function formatEuros(cents: number, locale: Locale): string {
  const abs = Math.abs(Math.round(cents));
  const whole = groupThousands(Math.floor(abs / 100), locale);
  const rest = abs % 100;
  const amount =
    rest === 0 ? whole : `${whole}${NUMBER_STYLE[locale].decimal}${String(rest).padStart(2, '0')}`;
  const sign = cents < 0 ? '-' : '';
  return locale === 'fr' ? `${sign}${amount} €` : `${sign}€${amount}`;
}

/**
 * "0,00 €" / "€0.00", "37,50 €" / "€37.50": always with the cents, as the checkout writes its tax
 * line (spec: storefront §2, "tax (always 0.00)").
 */
export function formatEurosWithCents(cents: number, locale: Locale): string {
  const abs = Math.abs(Math.round(cents));
  const amount = `${groupThousands(Math.floor(abs / 100), locale)}${NUMBER_STYLE[locale].decimal}${String(abs % 100).padStart(2, '0')}`;
  const sign = cents < 0 ? '-' : '';
  return locale === 'fr' ? `${sign}${amount} €` : `${sign}€${amount}`;
}

/**
 * "24 598 FCFA (37,50 €)" / "24 598 FCFA (€37.50)": the figures of a price, 0 included. Where a
 * price is shown to a person, use displayPrice, which says "Gratuit" / "Free" for nothing to pay.
 * Invalid input shows 0.
 */
export function formatPrice(price: string | number | null | undefined, locale: Locale): string {
  const cents = toCents(price);
  return `${formatFcfa(cents, locale)} (${formatEuros(cents, locale)})`;
}

const FREE = { fr: 'Gratuit', en: 'Free' } satisfies Record<Locale, string>;

/**
 * A price as a person reads it, on the site, in emails and in the admin: "Gratuit" / "Free" when
 * there is nothing to pay, otherwise formatPrice's figures.
 */
export function displayPrice(price: string | number | null | undefined, locale: Locale): string {
  return toCents(price) === 0 ? FREE[locale] : formatPrice(price, locale);
}

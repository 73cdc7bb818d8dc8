import type { Locale } from './locale';
import { formatDecimal } from './money';

const UNITS = { fr: ['o', 'Ko', 'Mo', 'Go'], en: ['B', 'KB', 'MB', 'GB'] } satisfies Record<Locale, string[]>;

/** "2,4 Mo" / "2.4 MB": file sizes as shoppers read them, one decimal under 10 of a unit. */
export function formatFileSize(bytes: number | null | undefined, locale: Locale): string {
  if (!bytes || bytes < 0 || !Number.isFinite(bytes)) return '';
  const units = UNITS[locale];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${formatDecimal(value, locale, digits)} ${units[unit]}`;
}

/** A size always written with its unit, nothing included: "0 o" / "0 B" where formatFileSize says nothing. */
export function formatBytes(bytes: number, locale: Locale): string {
  return formatFileSize(bytes, locale) || `0 ${UNITS[locale][0]}`;
}

/**
 * What stamping adds to a guide's PDF: the buyer's line, embedded once with its font, drawn on each page. Measured on
 * the shop's guides at 10–20 KB whatever their length (`npx tsx bench/stamping.ts`), so sizes shown before a download
 * are the source's plus this: what the buyer will download, never less (docs/features/light-editions.md).
 */
export const STAMP_ALLOWANCE_BYTES = 20 * 1024;

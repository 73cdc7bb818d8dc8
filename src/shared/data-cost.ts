import { COUNTRY_SLUGS, guideMatchesCountry } from './countries';
import { DATA_PRICES, type DataPriceRegion } from './data-prices';
import { formatFileSize, STAMP_ALLOWANCE_BYTES } from './file-size';

export type { DataPriceRegion } from './data-prices';

import type { Locale } from './locale';
import { formatDecimal } from './money';

/**
 * What a download costs in mobile data, said the same way on the guide page, the order
 * page, the library and the delivery email: "Version légère : 3,1 Mo ≈ 4 FCFA de données".
 */

const GB = 1024 ** 3;

/**
 * Whose data prices apply: the guide's country (the shop has no reliable way to know where the
 * shopper is; the guide's destination is where most of its buyers live or are going), else the
 * default.
 */
export function dataPriceRegion(guide: { title: string; description?: string }): DataPriceRegion {
  const fields = { title: guide.title, description: guide.description ?? '' };
  return COUNTRY_SLUGS.find((country) => guideMatchesCountry(fields, country)) ?? 'default';
}

/** "≈ 4 FCFA" / "≈ 0,2 MAD"; under the smallest amount shown, "< 1 FCFA" / "< 0,1 MAD". */
export function formatDataCost(bytes: number, region: DataPriceRegion, locale: Locale): string {
  const price = DATA_PRICES[region];
  const amount = (Math.max(0, bytes) / GB) * price.perGb;
  const smallest = 10 ** -price.digits;
  // Francs are written one way in every language, "2 000 FCFA" (money.ts formatFcfaAmount).
  const style = price.currency === 'FCFA' ? 'fr' : locale;
  if (amount < smallest) return `< ${formatDecimal(smallest, style, price.digits)} ${price.currency}`;
  return `≈ ${formatDecimal(amount, style, price.digits)} ${price.currency}`;
}

/** The size of a buyer's stamped copy of a PDF of `bytes`, as shown before the download. */
export function downloadBytes(bytes: number): number {
  return bytes > 0 ? bytes + STAMP_ALLOWANCE_BYTES : bytes;
}

const EDITION = {
  fr: { full: 'Version complète', light: 'Version légère', data: 'de données', colon: ' : ' },
  en: { full: 'Full edition', light: 'Light edition', data: 'of data', colon: ': ' },
} satisfies Record<Locale, Record<string, string>>;

/**
 * "Version légère : 3,1 Mo ≈ 4 FCFA de données" / "Light edition: 3.1 MB ≈ 4 FCFA of data", for a source PDF of
 * `bytes` (or several, as in a ZIP): the size and cost of the buyer's stamped copies.
 */
export function downloadCostLine(
  edition: 'full' | 'light',
  bytes: number | number[],
  region: DataPriceRegion,
  locale: Locale,
): string {
  const words = EDITION[locale];
  const download = [bytes].flat().reduce((sum, one) => sum + downloadBytes(one), 0);
  const size = formatFileSize(download, locale);
  return `${words[edition]}${words.colon}${size} ${formatDataCost(download, region, locale)} ${words.data}`;
}

/** A guide PDF's two sizes and what each costs, as the pages and the email show them. */
export function downloadCostLines(
  sizes: { fullBytes: number | null; lightBytes: number | null },
  region: DataPriceRegion,
  locale: Locale,
): { full?: string; light?: string } {
  return {
    ...(sizes.fullBytes ? { full: downloadCostLine('full', sizes.fullBytes, region, locale) } : {}),
    ...(sizes.lightBytes ? { light: downloadCostLine('light', sizes.lightBytes, region, locale) } : {}),
  };
}

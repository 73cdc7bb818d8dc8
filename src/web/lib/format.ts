import type { Locale } from '../../shared/locale';

/** "2,4 Mo" / "2.4 MB": file sizes as shoppers read them. */
export function formatFileSize(bytes: number | null | undefined, locale: Locale): string {
  if (!bytes || bytes < 0) return '';
  const units = locale === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB', { maximumFractionDigits: digits })} ${units[unit]}`;
}

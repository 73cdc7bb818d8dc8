export const LOCALES = ['fr', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'fr';
/** Cookie (server-readable, so the first HTML is in the right language) and localStorage key. */
export const LOCALE_STORAGE_KEY = 'lang';

export function isLocale(value: unknown): value is Locale {
  return value === 'fr' || value === 'en';
}

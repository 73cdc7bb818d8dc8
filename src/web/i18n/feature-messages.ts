import type { Locale } from '../../shared/locale';
import { typeset, useI18n } from './index';

/**
 * Messages that only a lazily loaded feature needs live beside it, so the first page a shopper
 * loads does not carry them. English must have exactly French's keys, as for the main dictionary.
 */
export function defineMessages<const F extends Record<string, string>>(messages: {
  fr: F;
  en: { readonly [K in keyof F]: string };
}) {
  return messages as Record<Locale, { readonly [K in keyof F]: string }>;
}

export function useMessages<K extends string>(messages: Record<Locale, { readonly [key in K]: string }>) {
  const { locale } = useI18n();
  const dictionary = messages[locale];
  return (key: K, vars?: Record<string, string | number>) => {
    const text = typeset(locale, dictionary[key]);
    return vars ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(vars[name] ?? match)) : text;
  };
}

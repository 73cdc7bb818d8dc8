import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from '../../shared/locale';
import type { MessageKey, Messages } from './fr';

/**
 * Each language is a chunk of its own that the browser loads before it hydrates or switches to it
 * (`loadLocale`), preloaded from the page's head, so a visitor downloads one language only: French
 * was in the entry, which English pages paid for too. The server loads them the same way.
 */
const dictionaries: Partial<Record<Locale, Messages>> = {};
const loaders: Record<Locale, () => Promise<Messages>> = {
  fr: () => import('./fr').then((module) => module.fr),
  en: () => import('./en').then((module) => module.en),
};

/** Resolves once `translator(locale)` can be called. */
export async function loadLocale(locale: Locale): Promise<void> {
  dictionaries[locale] ??= await loaders[locale]();
}

/**
 * Whether `count` takes the singular in `locale`: French says "0 guide" and "1 guide", English
 * "0 guides" and "1 guide" (CLDR's plural rules, the same on the server and in the browser).
 */
export function isSingular(locale: Locale, count: number): boolean {
  // CLDR's rule for each: French "one" is 0 ≤ n < 2, English "one" is exactly 1.
  return locale === 'fr' ? count >= 0 && count < 2 : count === 1;
}

/**
 * French typography: a no-break space before ! ? : ; and » and after «, so a sign never starts a
 * line on a phone ("Commande terminée !"). Applied to the message, before any value goes in.
 */
export function typeset(locale: Locale, text: string): string {
  return locale === 'fr' ? text.replace(/ (?=[!?:;»])/g, '\u00a0').replace(/« /g, '«\u00a0') : text;
}

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const messages = dictionaries[locale];
  if (!messages) throw new Error(`translator(${locale}) before loadLocale(${locale})`);
  return (key, vars) => {
    const text = typeset(locale, messages[key]);
    return vars ? text.replace(/\{(\w+)\}/g, (match, name: string) => String(vars[name] ?? match)) : text;
  };
}

interface I18nValue {
  locale: Locale;
  t: Translate;
  setLocale(locale: Locale): void;
}

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider(props: {
  locale: Locale;
  setLocale(locale: Locale): void;
  children: ReactNode;
}) {
  const { locale, setLocale } = props;
  const value = useMemo(() => ({ locale, t: translator(locale), setLocale }), [locale, setLocale]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useI18n must be used inside <I18nProvider>');
  return value;
}

export type { MessageKey };

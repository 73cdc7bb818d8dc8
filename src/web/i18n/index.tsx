import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Locale } from '../../shared/locale';
import type { MessageKey, Messages } from './fr';

/**
 * Each language is a chunk of its own that the browser loads before it hydrates or switches to it
 * (`loadLocale`), preloaded from the page's head, so a visitor downloads one language only: French
 * was in the entry, which English pages paid for too (issue 21). The server loads them the same way.
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

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const messages = dictionaries[locale];
  if (!messages) throw new Error(`translator(${locale}) before loadLocale(${locale})`);
  return (key, vars) => {
    const text = messages[key];
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

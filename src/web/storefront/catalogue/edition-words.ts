import type { EditionSummary } from '../../../shared/contracts/editions';
import type { Locale } from '../../../shared/locale';

const dayMonth: Record<Locale, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
};

/** "Édition 2027" and "3 mars" / "2027 edition" and "3 March": the words of an edition line. */
export function editionWords(edition: EditionSummary, locale: Locale): { label: string; date: string } {
  return {
    label: locale === 'fr' ? edition.labelFr : edition.labelEn,
    date: dayMonth[locale].format(new Date(edition.publishedAt)),
  };
}

import type { Locale } from '../../../shared/locale';
import type { ComposedEmail } from '../mail/delivery-email';
import { compose } from '../mail/email-blocks';

export interface EditionEmailInput {
  locale: Locale;
  firstName: string;
  guideTitle: string;
  label: string;
  changes: string;
  libraryUrl: string;
  /** The unsubscribe line and link at the end (docs/features/consent.md). */
  unsubscribe?: { line: string; url: string };
}

const copy = {
  fr: {
    subject: (title: string, label: string) => `Nouvelle édition : ${title} (${label})`,
    greeting: (name: string) => `Bonjour ${name},`,
    news: (title: string, label: string) =>
      `Une nouvelle édition de « ${title} » est parue : ${label}. Elle est à vous, sans frais.`,
    changed: 'Ce qui a changé :',
    where: 'Téléchargez-la depuis vos guides (l’édition que vous avez achetée y reste disponible) :',
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    subject: (title: string, label: string) => `New edition: ${title} (${label})`,
    greeting: (name: string) => `Hello ${name},`,
    news: (title: string, label: string) =>
      `A new edition of “${title}” is out: ${label}. It is yours, at no cost.`,
    changed: 'What changed:',
    where: 'Download it from your guides (the edition you bought stays available there too):',
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

/** "A new edition" to one past buyer, in the language of their latest order. */
export function composeEditionEmail(input: EditionEmailInput): ComposedEmail {
  const t = copy[input.locale];
  const name = input.firstName.replace(/\s+/g, ' ').trim();
  return compose(input.locale, t.subject(input.guideTitle, input.label), [
    t.greeting(name),
    t.news(input.guideTitle, input.label),
    t.changed,
    ...input.changes
      .split(/\n+/)
      .map((line) => line.trim())
      .filter(Boolean),
    t.where,
    { link: input.libraryUrl },
    t.signature,
    ...(input.unsubscribe ? [input.unsubscribe.line, { link: input.unsubscribe.url }] : []),
  ]);
}

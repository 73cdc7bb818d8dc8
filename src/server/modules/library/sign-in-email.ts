import type { Locale } from '../../../shared/locale';
import type { ComposedEmail } from '../mail/delivery-email';
import { compose } from '../mail/email-blocks';

const copy = {
  fr: {
    subject: 'Votre lien de connexion à « Mes guides »',
    hello: 'Bonjour,',
    intro: 'Voici votre lien pour ouvrir « Mes guides » : tous les guides achetés avec cette adresse e-mail.',
    rules:
      'Il est valable 15 minutes et ne sert qu’une fois. Ouvrez-le sur le téléphone ou l’ordinateur où vous voulez lire vos guides : vous y resterez connecté 30 jours.',
    ignore: 'Vous n’avez rien demandé ? Ignorez cet e-mail : personne ne pourra se connecter sans ce lien.',
    signature: 'L’équipe Guides Afrique',
  },
  en: {
    subject: 'Your sign-in link to "My guides"',
    hello: 'Hello,',
    intro: 'Here is your link to open "My guides": every guide bought with this email address.',
    rules:
      'It is valid for 15 minutes and works once. Open it on the phone or computer where you want to read your guides: you will stay signed in there for 30 days.',
    ignore: 'Did not ask for it? Ignore this email: no one can sign in without this link.',
    signature: 'The Guides Afrique team',
  },
} satisfies Record<Locale, unknown>;

/** The sign-in email, in the language the buyer asked in; the link is the one thing to tap. */
export function composeSignInEmail(locale: Locale, link: string): ComposedEmail {
  const t = copy[locale];
  return compose(locale, t.subject, [t.hello, t.intro, { link }, t.rules, t.ignore, t.signature]);
}

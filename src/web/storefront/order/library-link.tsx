import { Link } from 'wouter';
import { useI18n } from '../../i18n';
import { defineMessages, useMessages } from '../../i18n/feature-messages';
import { paths } from '../../lib/paths';

const messages = defineMessages({
  fr: {
    text: 'Tous vos guides, de toutes vos commandes, restent dans',
    link: 'Mes guides',
    after: ' : il suffit de votre adresse e-mail.',
  },
  en: {
    text: 'All your guides, from every order, stay in',
    link: 'My guides',
    after: ': your email address is all it takes.',
  },
});

/** The order page's way to "My guides", for a buyer who comes back without this link. */
export function LibraryLink() {
  const { locale } = useI18n();
  const t = useMessages(messages);
  return (
    <p className="mt-4 text-sm text-stone-700">
      {t('text')}{' '}
      <Link href={paths.library(locale)} className="font-semibold text-teal-800 underline">
        {t('link')}
      </Link>
      {t('after')}
    </p>
  );
}

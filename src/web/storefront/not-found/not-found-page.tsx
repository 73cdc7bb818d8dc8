import { Link } from 'wouter';
import { useI18n } from '../../i18n';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <Head title={`${t('notFound.title')} — ${t('site.name')}`} description={t('notFound.text')} noindex />
      <p className="text-6xl font-bold text-teal-800">404</p>
      <h1 className="mt-4 text-2xl font-bold">{t('notFound.heading')}</h1>
      <p className="mt-2 text-stone-600">{t('notFound.text')}</p>
      <Link
        href={paths.home()}
        className="mt-8 inline-block rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-700"
      >
        {t('notFound.back')}
      </Link>
    </section>
  );
}

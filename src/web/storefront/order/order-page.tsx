import { Link } from 'wouter';
import { paths } from '../../app/paths';
import { useI18n } from '../../i18n';
import { Head } from '../../lib/head';

/** Order confirmation; orders and downloads arrive with the purchase flow. Unknown ids show 'Order Not Found'. */
export function OrderPage() {
  const { t } = useI18n();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <Head title={t('meta.order.title')} description={t('order.notFoundText')} noindex />
      <h1 className="text-2xl font-bold">{t('order.notFound')}</h1>
      <p className="mt-2 text-stone-600">{t('order.notFoundText')}</p>
      <Link
        href={paths.home()}
        className="mt-8 inline-block rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-700"
      >
        {t('order.backHome')}
      </Link>
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'wouter';
import { formatPrice } from '../../../shared/money';
import { useApi } from '../../app/deps';
import { paths } from '../../app/paths';
import { useI18n } from '../../i18n';
import { Head } from '../../lib/head';
import { queries } from '../../lib/queries';
import { useCart } from '../cart/cart-context';
import { NotFoundPage } from '../not-found/not-found-page';

export function GuidePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const api = useApi();
  const { t } = useI18n();
  const cart = useCart();
  const guide = useQuery(queries.guide(api, slug));
  if (guide.isError) return <NotFoundPage />;
  const g = guide.data;
  if (!g) return null;
  return (
    <article className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2">
      <Head title={`${g.title} — ${t('site.name')}`} description={g.description} path={paths.guide(g.slug)} />
      {g.imageUrl ? (
        <img
          src={`${g.imageUrl}?w=640`}
          alt=""
          width={640}
          height={853}
          fetchPriority="high"
          className="w-full rounded-xl border border-stone-200 bg-stone-100"
        />
      ) : null}
      <div>
        <h1 className="text-3xl font-bold">{g.title}</h1>
        <p className="mt-3 text-xl font-semibold text-teal-800">{formatPrice(g.price)}</p>
        <p className="mt-4 text-stone-700">{g.description}</p>
        <button
          type="button"
          onClick={() =>
            cart.add({
              id: g.id,
              slug: g.slug,
              title: g.title,
              price: g.price,
              imageUrl: g.imageUrl,
              locale: g.locale,
            })
          }
          className="mt-6 h-11 rounded-md bg-amber-500 px-6 font-semibold text-stone-950 hover:bg-amber-400"
        >
          {t('guide.addToCart')}
        </button>
        {g.translations.map((tr) => (
          <p key={tr.slug} className="mt-4 text-sm">
            <Link
              href={`${paths.guide(tr.slug)}?lang=${tr.locale}`}
              hrefLang={tr.locale}
              className="text-teal-800 underline"
            >
              {tr.title} ({tr.locale.toUpperCase()})
            </Link>
          </p>
        ))}
      </div>
    </article>
  );
}

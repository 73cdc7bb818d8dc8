import { useState } from 'react';
import { Link } from 'wouter';
import type { Guide } from '../../../shared/contracts/catalogue';
import { formatPrice } from '../../../shared/money';
import { paths } from '../../app/paths';
import { useI18n } from '../../i18n';
import { useCart } from '../cart/cart-context';

export function GuideCard(props: { guide: Guide; eager?: boolean }) {
  const { guide } = props;
  const { t } = useI18n();
  const cart = useCart();
  const [imageFailed, setImageFailed] = useState(false);

  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">
      <Link
        href={paths.guide(guide.slug)}
        className="block aspect-[3/4] bg-stone-100"
        tabIndex={-1}
        aria-hidden="true"
      >
        {guide.imageUrl && !imageFailed ? (
          <img
            src={`${guide.imageUrl}?w=640`}
            srcSet={`${guide.imageUrl}?w=320 320w, ${guide.imageUrl}?w=640 640w`}
            sizes="(min-width: 1024px) 300px, (min-width: 640px) 45vw, 90vw"
            alt=""
            width={640}
            height={853}
            loading={props.eager ? 'eager' : 'lazy'}
            fetchPriority={props.eager ? 'high' : undefined}
            decoding="async"
            onError={() => setImageFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-teal-700 to-teal-900 p-4 text-center text-white">
            <span className="text-lg font-bold">{guide.title}</span>
            <span className="text-sm opacity-80">{t('guide.preview')}</span>
          </div>
        )}
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base leading-snug font-semibold">
          <Link href={paths.guide(guide.slug)} className="hover:text-teal-800">
            {guide.title}
          </Link>
        </h3>
        <p className="font-semibold text-teal-800">{formatPrice(guide.price)}</p>
        <p className="line-clamp-3 text-sm text-stone-600">{guide.description}</p>
        <button
          type="button"
          onClick={() =>
            cart.add({
              id: guide.id,
              slug: guide.slug,
              title: guide.title,
              price: guide.price,
              imageUrl: guide.imageUrl,
              locale: guide.locale,
            })
          }
          className="mt-auto h-11 rounded-md bg-amber-500 px-4 text-sm font-semibold text-stone-950 hover:bg-amber-400"
        >
          {t('guide.addToCart')}
        </button>
      </div>
    </article>
  );
}

export function GuideGrid(props: { guides: Guide[]; eagerCount?: number }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {props.guides.map((guide, index) => (
        <li key={guide.id} className="flex">
          <GuideCard guide={guide} eager={index < (props.eagerCount ?? 0)} />
        </li>
      ))}
    </ul>
  );
}

import { lazy, Suspense } from 'react';
import { Link, useParams } from 'wouter';
import type { GuideDetail } from '../../../shared/contracts/catalogue';
import type { Locale } from '../../../shared/locale';
import { displayPrice, toCents } from '../../../shared/money';
import { isSingular, useI18n } from '../../i18n';
import { useApi, useAppDeps } from '../../lib/deps';
import { formatFileSize, STAMP_ALLOWANCE_BYTES } from '../../lib/format';
import { Head, jsonLd, OG_LOCALES, socialTags } from '../../lib/head';
import { localisedPath, paths } from '../../lib/paths';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { useCart } from '../cart/cart-context';
import { toCartGuide } from '../cart/cart-rules';
import { DownloadCost } from '../downloads/download-cost';
import { NotFoundPage } from '../not-found/not-found-page';
import { editionWords } from './edition-words';
import { GuidePreview } from './guide-preview';

import { WhatsAppShareLink } from './share-link';

// The reviews are a chunk of their own, loaded only by a page that has some: the server renders them
// with the page and the browser hydrates them when the chunk arrives (docs/features/reviews.md).
const GuideReviews = lazy(() => import('./guide-reviews'));

/** The rating and the reviews the page shows, as schema.org says them (docs/features/reviews.md). */
function reviewMarkup(guide: GuideDetail) {
  // Ratings are out of 5 from 1, schema.org's defaults: no bestRating or worstRating to send.
  return guide.rating
    ? {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: guide.rating.average,
          reviewCount: guide.rating.count,
        },
        review: guide.reviews.map((review) => ({
          '@type': 'Review',
          author: { '@type': 'Person', name: review.reviewer },
          datePublished: review.createdAt.slice(0, 10),
          reviewRating: { '@type': 'Rating', ratingValue: review.rating },
          inLanguage: review.locale,
          name: review.title ?? undefined,
          reviewBody: review.text ?? undefined,
        })),
      }
    : {};
}

/**
 * Tags that make a shared link show the cover, title and price (the price, in this page's
 * language and currencies, leads the description a preview shows), and the product for search engines.
 */
function guideHeadExtra(guide: GuideDetail, origin: string, locale: Locale): string {
  const url = `${origin}${paths.guide(guide.slug)}`;
  const image = guide.imageUrl ? `${origin}${guide.imageUrl}?w=960` : undefined;
  return [
    socialTags({
      title: guide.title,
      description: `${displayPrice(guide.price, locale)} — ${guide.description}`,
      url: `${origin}${localisedPath(paths.guide(guide.slug), locale)}`,
      image,
      imageAlt: guide.title,
      price: guide.price,
      locale: OG_LOCALES[locale],
    }),
    jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: guide.title,
      description: guide.description,
      image,
      sku: guide.id,
      inLanguage: guide.locale,
      brand: { '@type': 'Brand', name: 'Guides Afrique' },
      // Exactly what the page shows: published buyers' reviews, nothing when there are none.
      ...reviewMarkup(guide),
      offers: {
        '@type': 'Offer',
        price: guide.price,
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
        url,
      },
    }),
  ].join('\n    ');
}

export function GuidePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const api = useApi();
  const { origin } = useAppDeps();
  const { t, locale } = useI18n();
  const guide = useQuery(queries.guide(api, slug));
  if (guide.isError) return <NotFoundPage />;
  const g = guide.data;
  if (!g) return <div className="min-h-[60vh]" />;
  const alternates = Object.fromEntries([
    [g.locale, paths.guide(g.slug)],
    ...g.translations.map((tr) => [tr.locale, paths.guide(tr.slug)]),
  ]);

  return (
    <article className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <Head
        title={`${g.title} — ${t('site.name')}`}
        description={g.description}
        path={paths.guide(g.slug)}
        alternates={alternates}
        // Only the server writes these tags: the browser build leaves them (and their code) out.
        extra={import.meta.env.SSR ? guideHeadExtra(g, origin, locale) : undefined}
      />
      {g.imageUrl ? (
        // On a phone the cover is a thumbnail beside the title, so that the title, the price and
        // the button are the first screen and paint with the page on 3G; beside the text
        // from 768 px up.
        <div className="grid grid-cols-[7rem_1fr] gap-4 md:grid-cols-2 md:grid-rows-[auto_1fr] md:gap-x-8">
          <img
            src={`${g.imageUrl}?w=320`}
            srcSet={`${g.imageUrl}?w=320 320w, ${g.imageUrl}?w=480 480w, ${g.imageUrl}?w=640 640w, ${g.imageUrl}?w=960 960w`}
            sizes="(min-width: 768px) 480px, 7rem"
            alt=""
            width={640}
            height={853}
            fetchPriority="high"
            className="w-full rounded-lg border border-stone-200 bg-stone-100 md:row-span-2 md:rounded-xl"
          />
          <GuideHeading guide={g} className="self-center md:col-start-2 md:self-start" />
          <GuideSummary guide={g} className="col-span-2 md:col-span-1 md:col-start-2" />
        </div>
      ) : (
        <div className="space-y-4 md:max-w-[50%]">
          <GuideHeading guide={g} />
          <GuideSummary guide={g} />
        </div>
      )}
      {g.hasPreview ? (
        <section className="mt-10" aria-labelledby="contents-heading">
          <h2 id="contents-heading" className="text-xl font-bold">
            {t('guide.contents')}
          </h2>
          <GuidePreview guideId={g.id} title={g.title} className="mt-4 max-w-md border border-stone-200" />
        </section>
      ) : null}
      {g.rating ? (
        <Suspense fallback={null}>
          <GuideReviews guide={g} />
        </Suspense>
      ) : null}
    </article>
  );
}

function GuideHeading(props: { guide: GuideDetail; className?: string }) {
  const g = props.guide;
  const { locale } = useI18n();
  return (
    <div className={props.className}>
      <h1 className="text-2xl font-bold sm:text-3xl" lang={g.locale}>
        {g.title}
      </h1>
      <p className="mt-3 text-xl font-semibold text-teal-800">{displayPrice(g.price, locale)}</p>
    </div>
  );
}

/** Description, format and size, the add-to-cart button, sharing and links to the translations. */
function GuideSummary(props: { guide: GuideDetail; className?: string }) {
  const g = props.guide;
  const { t, locale } = useI18n();
  const cart = useCart();
  return (
    <div className={props.className}>
      <p className="text-stone-700" lang={g.locale}>
        {g.description}
      </p>
      <dl className="mt-6 grid grid-cols-2 gap-3 rounded-lg border border-stone-200 bg-white p-4 text-sm">
        <div>
          <dt className="text-stone-500">{t('guide.format')}</dt>
          <dd className="font-semibold">
            {t('guide.pdf')}
            {g.fileSize ? ` · ${formatFileSize(g.fileSize + STAMP_ALLOWANCE_BYTES, locale)}` : ''}
          </dd>
        </div>
        {g.pageCount ? (
          <div>
            <dt className="text-stone-500">{t('guide.length')}</dt>
            <dd className="font-semibold">
              {t(isSingular(locale, g.pageCount) ? 'guide.pagesOne' : 'guide.pages', { count: g.pageCount })}
            </dd>
          </div>
        ) : null}
        {g.edition ? (
          <div className="col-span-2" data-testid="guide-edition">
            <dt className="text-stone-500">{t('guide.edition')}</dt>
            <dd className="font-semibold">{t('guide.editionLine', editionWords(g.edition, locale))}</dd>
          </div>
        ) : null}
      </dl>
      <DownloadCost costs={g.downloadCost} />
      <button
        type="button"
        data-tap={`add-${g.id}`}
        onClick={() => cart.add(toCartGuide(g))}
        className="mt-6 h-12 w-full rounded-md bg-amber-500 px-6 font-semibold text-stone-950 hover:bg-amber-400 sm:w-auto"
      >
        {t('guide.addToCart')}
      </button>
      <p className="mt-3 text-sm text-stone-600">
        {t(toCents(g.price) === 0 ? 'guide.instantFree' : 'guide.instant')}
      </p>
      <WhatsAppShareLink guide={g} />
      {g.translations.map((tr) => (
        <p key={tr.slug} className="mt-4 text-sm">
          {t('guide.otherLanguage', { language: t(`language.${tr.locale}`) })}:{' '}
          <Link
            href={`${paths.guide(tr.slug)}?lang=${tr.locale}`}
            hrefLang={tr.locale}
            className="text-teal-800 underline"
          >
            {tr.title}
          </Link>
        </p>
      ))}
    </div>
  );
}

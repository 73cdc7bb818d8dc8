import { useLocation } from 'wouter';
import type { PublicContentBlock } from '../../../shared/contracts/content';
import type { CountrySlug } from '../../../shared/countries';
import { COUNTRY_PAGE_SIZE, GUIDE_SORTS, type GuideSort } from '../../../shared/guide-pages';
import { type MessageKey, useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { useGuideListing } from '../catalogue/guide-listing';
import { type ListFilters, listHref } from '../catalogue/list-address';
import { LoadMoreListing } from '../catalogue/load-more';
import { NotFoundPage } from '../not-found/not-found-page';
import { ContentHtml } from '../pages/content-html';

const SORT_LABELS = {
  newest: 'sort.newest',
  oldest: 'sort.oldest',
  'price-asc': 'sort.priceAsc',
  'price-desc': 'sort.priceDesc',
  'title-asc': 'sort.titleAsc',
  'title-desc': 'sort.titleDesc',
} satisfies Record<GuideSort, MessageKey>;

export const countryContentKeys = (country: CountrySlug) => `country.${country}.*`;

/** A country's texts and its guides, 12 at a time, in the order chosen (`?sort=`). */
export function CountryPage(props: { country: CountrySlug }) {
  const { country } = props;
  const api = useApi();
  const { t, locale } = useI18n();
  const content = useQuery({
    ...queries.content(api, locale, countryContentKeys(country)),
    placeholderData: (p) => p,
  });
  const pathname = paths.country(country);
  const listing = useGuideListing({ country, size: COUNTRY_PAGE_SIZE }, pathname);
  const block = (name: string) => content.data?.[`country.${country}.${name}`];
  const countryName = t(`country.${country}`);
  if (listing.beyondLast) return <NotFoundPage />;

  return (
    <>
      <Head
        title={t('meta.country.title', { country: countryName })}
        description={t('meta.country.description', { country: countryName })}
        path={listing.head.path}
        prev={listing.head.prev}
        next={listing.head.next}
      />
      <CountryContent block={block} countryName={countryName} />
      <section className="mx-auto max-w-6xl px-4 pb-12 sm:px-6" aria-labelledby="country-guides-heading">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <h2 id="country-guides-heading" className="text-2xl font-bold">
            {t('countryPage.guides')}
          </h2>
          <SortForm pathname={pathname} filters={listing.filters} />
        </div>
        <LoadMoreListing listing={listing} empty={t('countryPage.empty', { country: countryName })} />
      </section>
    </>
  );
}

/** The country's texts from the CMS: title and intro, attractions, culture, tips and currency. */
function CountryContent(props: {
  block: (name: string) => PublicContentBlock | undefined;
  countryName: string;
}) {
  const { block, countryName } = props;
  const { t } = useI18n();
  return (
    <>
      <section className="bg-gradient-to-br from-teal-800 to-teal-950 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
          <h1 className="text-3xl font-bold sm:text-4xl">{block('title')?.value ?? countryName}</h1>
          <p className="mt-4 max-w-3xl text-teal-50">{block('intro')?.value}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="attractions-heading">
          <h2 id="attractions-heading" className="text-xl font-bold">
            {t('countryPage.attractions')}
          </h2>
          <ContentHtml html={block('attractions')?.html} />
          <h2 className="mt-8 text-xl font-bold">{t('countryPage.culture')}</h2>
          <ContentHtml html={block('culture')?.html} />
        </section>
        <aside className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-xl font-bold">{t('countryPage.tips')}</h2>
          <ContentHtml html={block('tips')?.html} />
          <h2 className="mt-6 text-lg font-bold">{t('countryPage.currency')}</h2>
          <p className="mt-2 text-sm text-stone-700">{block('currency')?.value}</p>
        </aside>
      </div>
    </>
  );
}

/**
 * The order of the list: a GET form, so that it works without JavaScript (its button shows only
 * then); in the browser a choice goes straight to the first page in that order.
 */
function SortForm(props: { pathname: string; filters: ListFilters }) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const sort = props.filters.sort ?? 'newest';
  return (
    <form method="get" action={props.pathname} className="flex items-center gap-2 text-sm">
      <label className="flex items-center gap-2">
        {t('countryPage.sort')}
        <select
          name="sort"
          value={sort}
          onChange={(event) => {
            const chosen = event.target.value as GuideSort;
            navigate(
              listHref(props.pathname, { ...props.filters, sort: chosen === 'newest' ? undefined : chosen }),
            );
          }}
          className="h-11 rounded-md border border-stone-300 bg-white px-2"
        >
          {GUIDE_SORTS.map((value) => (
            <option key={value} value={value}>
              {t(SORT_LABELS[value])}
            </option>
          ))}
        </select>
      </label>
      {/* After the order, as the page links write it: `?sort=…&lang=en`. */}
      {props.filters.lang ? <input type="hidden" name="lang" value={props.filters.lang} /> : null}
      <noscript>
        <button
          type="submit"
          className="h-11 rounded-md border border-teal-800 px-4 font-semibold text-teal-900"
        >
          {t('sort.apply')}
        </button>
      </noscript>
    </form>
  );
}

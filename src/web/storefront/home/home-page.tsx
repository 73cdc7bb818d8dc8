import { useEffect } from 'react';
import { Link, useSearchParams } from 'wouter';
import { COUNTRY_SLUGS } from '../../../shared/countries';
import { SEARCH_TEXT_MAX } from '../../../shared/search';
import { track } from '../../analytics/track';
import { isSingular, useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { GuideListing, type ListingQuery, useGuideListing } from '../catalogue/guide-listing';
import { NotFoundPage } from '../not-found/not-found-page';

export const HOME_CONTENT_KEYS = 'home.hero.*';
export const HOME_GUIDE_COUNT = 3;

/** A value with a NUL is ignored, as the server drops it before rendering (render/pages.ts). */
const usable = (value: string | null) => (value?.includes('\u0000') ? null : value);

/** spec: ?search= (or ?destination=) holds the search text; a longer one than the API takes is cut. */
export function searchTermFrom(params: URLSearchParams): string {
  const term = usable(params.get('search')) ?? usable(params.get('destination')) ?? '';
  return term.trim().slice(0, SEARCH_TEXT_MAX).trim();
}

/** The home page's latest three, or a search's or /guides' pages. */
export function homeListingQuery(term: string, showAll: boolean): ListingQuery {
  return term || showAll ? { term } : { size: HOME_GUIDE_COUNT, firstOnly: true };
}

/**
 * The home page (the latest three guides) and, on /guides or with a search, a list of guides a page
 * at a time (`?page=2`).
 */
export function HomePage(props: { showAll?: boolean }) {
  const api = useApi();
  const { t, locale } = useI18n();
  const [params] = useSearchParams();
  const term = searchTermFrom(params);
  const paged = Boolean(term || props.showAll);
  const content = useQuery({ ...queries.content(api, locale, HOME_CONTENT_KEYS), placeholderData: (p) => p });
  const pathname = props.showAll ? paths.allGuides() : paths.home();
  const listing = useGuideListing(homeListingQuery(term, Boolean(props.showAll)), pathname);
  const resultsCount = listing.data?.total;
  useEffect(() => {
    if (term && resultsCount !== undefined)
      track('action', { meta: { action: 'search', query: term.slice(0, 200), resultsCount } });
  }, [term, resultsCount]);
  if (listing.beyondLast) return <NotFoundPage />;

  return (
    <>
      <Head
        title={
          term
            ? t('meta.search.title', { term })
            : t(props.showAll ? 'meta.allGuides.title' : 'meta.home.title')
        }
        description={t('meta.home.description')}
        path={paged ? listing.head.path : pathname}
        prev={paged ? listing.head.prev : undefined}
        next={paged ? listing.head.next : undefined}
        noindex={Boolean(term)}
      />
      <HomeHero
        title={content.data?.['home.hero.title']?.value}
        description={content.data?.['home.hero.description']?.value}
        compact={Boolean(term)}
      />

      <section
        className={`mx-auto max-w-6xl px-4 sm:px-6 ${term ? 'py-6' : 'py-12'}`}
        aria-labelledby="guides-heading"
      >
        {term ? (
          <SearchHeading term={term} count={resultsCount} />
        ) : (
          <div className="mb-8 flex items-end justify-between gap-4">
            <h2 id="guides-heading" className="text-2xl font-bold">
              {props.showAll ? t('home.allGuides') : t('home.latest')}
            </h2>
          </div>
        )}
        <GuideListing
          listing={listing}
          empty={term ? t('home.noResults', { term }) : t('home.emptyCatalogue')}
          skeleton={HOME_GUIDE_COUNT}
          pageLinks={paged}
        />
        {!paged && resultsCount ? (
          <p className="mt-8 text-center">
            <Link
              href={paths.allGuides()}
              className="inline-block rounded-md border border-teal-800 px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
            >
              {t('home.viewAll')}
            </Link>
          </p>
        ) : null}
      </section>

      <ValueSection />
    </>
  );
}

/** A search's title, the page's main heading (no hero above it), and its count. */
function SearchHeading(props: { term: string; count: number | undefined }) {
  const { t, locale } = useI18n();
  const { count } = props;
  return (
    <div className="mb-8">
      <h1 id="guides-heading" className="text-2xl font-bold break-words">
        {t('home.searchTitle', { term: props.term })}
      </h1>
      {count ? (
        <p className="mt-1 text-stone-600">
          {t(isSingular(locale, count) ? 'home.searchFoundOne' : 'home.searchFound', { count })}
        </p>
      ) : null}
    </div>
  );
}

/** The hero; none during a search, so that the results are in the first screen of a phone. */
function HomeHero(props: { title?: string; description?: string; compact: boolean }) {
  const { t } = useI18n();
  if (props.compact) return null;
  return (
    <section className="bg-gradient-to-br from-teal-800 to-teal-950 text-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-20">
        <h1 className="max-w-3xl text-3xl leading-tight font-bold sm:text-5xl">{props.title}</h1>
        <p className="mt-4 max-w-2xl text-base text-teal-50 sm:text-lg">{props.description}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          {COUNTRY_SLUGS.map((slug) => (
            <Link
              key={slug}
              href={paths.country(slug)}
              className="rounded-md bg-amber-400 px-5 py-3 text-center font-semibold text-stone-950 hover:bg-amber-300"
            >
              {t('home.heroCta', { country: t(`country.${slug}`) })}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

/** Why buy here: four short promises under the guides. */
function ValueSection() {
  const { t } = useI18n();
  return (
    <section className="bg-white py-12" aria-labelledby="value-heading">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="value-heading" className="text-2xl font-bold">
          {t('home.valueTitle')}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {(['experts', 'instant', 'mobile', 'secure'] as const).map((key) => (
            <li key={key} className="rounded-lg border border-stone-200 p-5">
              <h3 className="font-semibold text-teal-900">{t(`home.value.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-stone-600">{t(`home.value.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { GuidePage } from '../../../shared/contracts/catalogue';
import type { CountrySlug } from '../../../shared/countries';
import { isLocale } from '../../../shared/locale';
import { useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { GuideGrid, GuideGridSkeleton } from './guide-card';
import { type ListFilters, listHref, pageFrom, sortFrom } from './list-address';

export interface ListingQuery {
  term?: string;
  country?: CountrySlug;
  /** Fewer guides than a page, and no page links (the home page's latest three). */
  size?: number;
}

/** What a list page asks the API for, read from its address: the same on the server and in the browser. */
export function listingQuery(query: ListingQuery, params: URLSearchParams) {
  const sort = sortFrom(params);
  return {
    ...(query.term ? { q: query.term } : {}),
    ...(query.country ? { country: query.country } : {}),
    ...(sort ? { sort } : {}),
    page: query.size ? 1 : pageFrom(params),
    ...(query.size ? { size: query.size } : {}),
  };
}

/**
 * One page of a list of guides (issue 21): the page asked for in `?page=`, its links to the others
 * as plain addresses (they work without JavaScript), and the shop's 404 page past the last one.
 */
export function useGuideListing(query: ListingQuery, pathname: string) {
  const api = useApi();
  const { locale } = useI18n();
  const [params] = useSearchParams();
  const asked = listingQuery(query, params);
  // No placeholder from another page or search: stale cards under a new heading would mislead.
  const result = useQuery(queries.guidePage(api, { locale, ...asked }));
  const lang = params.get('lang');
  const filters: ListFilters = {
    search: query.term || undefined,
    sort: asked.sort,
    lang: isLocale(lang) ? lang : undefined,
  };
  const data = result.data;
  return {
    ...result,
    page: asked.page,
    beyondLast: data !== undefined && asked.page > data.pageCount,
    filters,
    href: (page: number) => listHref(pathname, filters, page),
    /** The canonical, previous and next addresses (without the language), for the page's <head>. */
    head: {
      path: listHref(pathname, { ...filters, lang: undefined }, asked.page),
      prev:
        data && asked.page > 1
          ? listHref(pathname, { ...filters, lang: undefined }, asked.page - 1)
          : undefined,
      next:
        data && asked.page < data.pageCount
          ? listHref(pathname, { ...filters, lang: undefined }, asked.page + 1)
          : undefined,
    },
  };
}

export type GuideListingState = ReturnType<typeof useGuideListing>;

/** The cards, a "page 2 of 42" line and the page links (past the last page, the page shows its 404 instead). */
export function GuideListing(props: { listing: GuideListingState; empty: string; skeleton?: number }) {
  const { listing } = props;
  const data = listing.data;
  const top = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  // A page link followed in the browser starts the new page at its top, as a page load would.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page number is the trigger, not an input
  useEffect(() => {
    if (first.current) first.current = false;
    else top.current?.scrollIntoView({ block: 'start' });
  }, [listing.page]);
  return (
    <div ref={top} className="scroll-mt-20">
      {data === undefined ? (
        <GuideGridSkeleton count={props.skeleton ?? 3} />
      ) : data.total === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center break-words text-stone-600">
          {props.empty}
        </p>
      ) : (
        <>
          <GuideGrid guides={data.guides} eagerCount={1} />
          {data.pageCount > 1 ? <Pagination data={data} href={listing.href} /> : null}
        </>
      )}
    </div>
  );
}

/** The pages near this one, the first and the last; `null` where some are left out. */
export function pageNumbers(page: number, count: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, count])]
    .filter((p) => p >= 1 && p <= count)
    .sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1]! > 1 ? [null, p] : [p]));
}

const pageLinkClass =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

function Pagination(props: { data: GuidePage; href: (page: number) => string }) {
  const { t, locale } = useI18n();
  const { page, pageCount, pageSize, total } = props.data;
  const number = (n: number) => n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB');
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex flex-col items-center gap-4">
      <p className="text-sm text-stone-600">
        {t('pagination.status', { page: number(page), count: number(pageCount) })}
        {' · '}
        {t('pagination.showing', { from: number(from), to: number(to), total: number(total) })}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              href={props.href(page - 1)}
              rel="prev"
              className={`${pageLinkClass} border-teal-800 text-teal-900 hover:bg-teal-50`}
            >
              <span aria-hidden="true">‹</span>
              {t('pagination.previous')}
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span
                  aria-current="page"
                  className={`${pageLinkClass} border-teal-800 bg-teal-800 text-white`}
                >
                  <span className="sr-only">{t('pagination.page', { page: '' })}</span>
                  {number(p)}
                </span>
              ) : (
                <Link
                  href={props.href(p)}
                  aria-label={t('pagination.page', { page: number(p) })}
                  className={`${pageLinkClass} border-stone-300 text-stone-800 hover:bg-stone-100`}
                >
                  {number(p)}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              href={props.href(page + 1)}
              rel="next"
              className={`${pageLinkClass} border-teal-800 text-teal-900 hover:bg-teal-50`}
            >
              {t('pagination.next')}
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

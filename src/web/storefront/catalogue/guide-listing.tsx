import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';
import type { CountrySlug } from '../../../shared/countries';
import { isLocale } from '../../../shared/locale';
import { useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { GuideGrid, GuideGridSkeleton } from './guide-card';
import { type ListFilters, listHref, pageFrom, sortFrom } from './list-address';
import { Pagination } from './pagination';

export interface ListingQuery {
  term?: string;
  country?: CountrySlug;
  /** Guides a page holds, when not the API's default (a country page's 12). */
  size?: number;
  /** The first page only, whatever the address says (the home page's latest three). */
  firstOnly?: boolean;
}

/** What a list page asks the API for, read from its address: the same on the server and in the browser. */
export function listingQuery(query: ListingQuery, params: URLSearchParams) {
  const sort = sortFrom(params);
  return {
    ...(query.term ? { q: query.term } : {}),
    ...(query.country ? { country: query.country } : {}),
    ...(sort ? { sort } : {}),
    page: query.firstOnly ? 1 : pageFrom(params),
    ...(query.size ? { size: query.size } : {}),
  };
}

/**
 * One page of a list of guides: the page asked for in `?page=`, its links to the others
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
    /** What the API was asked for, less the language: the next page is the same with `page` + 1. */
    asked,
    beyondLast: data !== undefined && asked.page > data.pageCount,
    filters,
    href: (page: number) => listHref(pathname, filters, page),
    /**
     * The canonical, previous and next addresses (without the language), for the page's <head>. A
     * sorted list names the unsorted one, at the same page, as canonical: one indexed copy per list.
     */
    head: {
      path: listHref(pathname, { ...filters, sort: undefined, lang: undefined }, asked.page),
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
export function GuideListing(props: {
  listing: GuideListingState;
  empty: string;
  skeleton?: number;
  /** Without them, the first page only (the home page's latest three). */
  pageLinks?: boolean;
}) {
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
          {props.pageLinks !== false && data.pageCount > 1 ? (
            <Pagination data={data} href={listing.href} />
          ) : null}
        </>
      )}
    </div>
  );
}

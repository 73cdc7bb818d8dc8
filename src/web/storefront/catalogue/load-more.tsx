import { type MouseEvent, useState } from 'react';
import { Link } from 'wouter';
import type { GuideCard } from '../../../shared/contracts/catalogue';
import { isSingular, useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { queries } from '../../lib/queries';
import { useQueryClient } from '../../lib/use-query';
import { GuideGrid, GuideGridSkeleton } from './guide-card';
import type { GuideListingState } from './guide-listing';

interface Appended {
  /** The list these pages belong to: another order, country or language starts again. */
  list: string;
  guides: GuideCard[];
  lastPage: number;
}

/**
 * A country's guides as the spec has them: "Showing X of Y guides" and "Load More", 12 then 12 more.
 * "Load More" is the address of the next page (rel=next), so it works without JavaScript; with it,
 * the next page's guides are added under these and the count follows. See docs/features/country-load-more.md.
 */
export function LoadMoreListing(props: { listing: GuideListingState; empty: string }) {
  const { listing } = props;
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const list = JSON.stringify([locale, listing.asked]);
  const [appended, setAppended] = useState<Appended | null>(null);
  const [loading, setLoading] = useState(false);
  const data = listing.data;
  if (data === undefined) return <GuideGridSkeleton count={3} />;
  if (data.total === 0)
    return (
      <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center break-words text-stone-600">
        {props.empty}
      </p>
    );

  const more = appended?.list === list ? appended : null;
  const guides = more ? [...data.guides, ...more.guides] : data.guides;
  const lastPage = more?.lastPage ?? listing.page;
  const nextPage = lastPage < data.pageCount ? lastPage + 1 : null;

  const loadMore = async (event: MouseEvent<HTMLAnchorElement>, page: number) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      const next = await queryClient.fetchQuery(queries.guidePage(api, { locale, ...listing.asked, page }));
      setAppended({ list, guides: [...(more?.guides ?? []), ...next.guides], lastPage: page });
    } catch {
      // The link's own address still works: go there as a page load would.
      window.location.assign(listing.href(page));
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <GuideGrid guides={guides} eagerCount={1} />
      <div className="mt-8 flex flex-col items-center gap-4">
        <p className="text-sm text-stone-600" aria-live="polite">
          {t(isSingular(locale, data.total) ? 'countryPage.showingOne' : 'countryPage.showing', {
            shown: guides.length,
            total: data.total,
          })}
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          {listing.page > 1 ? (
            <Link
              href={listing.href(listing.page - 1)}
              rel="prev"
              className="inline-flex h-11 items-center rounded-md border border-stone-300 px-4 font-semibold text-stone-800 hover:bg-stone-100"
            >
              {t('pagination.previous')}
            </Link>
          ) : null}
          {nextPage ? (
            <a
              href={listing.href(nextPage)}
              rel="next"
              aria-busy={loading}
              onClick={(event) => loadMore(event, nextPage)}
              className="inline-flex h-11 items-center rounded-md border border-teal-800 px-5 font-semibold text-teal-900 hover:bg-teal-50 aria-busy:opacity-60"
            >
              {t('countryPage.loadMore')}
            </a>
          ) : null}
        </div>
      </div>
    </>
  );
}

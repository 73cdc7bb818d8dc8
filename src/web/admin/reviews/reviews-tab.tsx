import { useState } from 'react';
import * as adminReviews from '../../../shared/contracts/endpoints/admin-reviews';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  type AdminReviewListQuery,
  type AdminReviewPage,
} from '../../../shared/contracts/endpoints/admin-reviews.schemas';
import { AsyncState, EmptyBox } from '../../components/ui/async-state';
import { Pager } from '../mobile-money/order-finder';
import { useAdminData } from '../shell/use-admin-data';
import { ReviewCard } from './review-card';

type Filters = { guideId: string; stars: string; show: AdminReviewListQuery['show'] };
const NO_FILTERS: Filters = { guideId: '', stars: '', show: 'all' };
const SHOW_LABELS: Record<Filters['show'], string> = {
  all: 'All reviews',
  published: 'Shown on the site',
  hidden: 'Hidden (by you, a refund or a revoked access)',
  low: '2 stars or fewer',
};

/** The admin Reviews tab (docs/features/reviews.md): buyers' reviews, newest first; hide, show, reply. */
export function ReviewsTab() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = {
    ...(filters.guideId ? { guideId: filters.guideId } : {}),
    ...(filters.stars ? { stars: Number(filters.stars) } : {}),
    show: filters.show,
    page,
  };
  const list = useAdminData(adminReviews.listReviews, { query });
  const data = list.data;
  const change = (next: Partial<Filters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
  };
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-lg font-semibold">Buyers’ reviews</h3>
        <p className="text-xs text-stone-600">
          Only buyers of a completed order can review. Hiding or showing a review asks for a reason, kept in
          the Activity tab; a reply shows under the review on the guide’s page.
        </p>
        {data ? (
          <p className="mt-2 text-sm font-semibold text-amber-800" data-testid="reviews-need-you">
            {data.needsYou === 0
              ? 'No low review waits for a reply.'
              : `${data.needsYou} ${data.needsYou === 1 ? 'review' : 'reviews'} of 2 stars or fewer without a reply`}
          </p>
        ) : null}
      </div>
      <ReviewFilters filters={filters} guides={data?.guides ?? []} onChange={change} />
      <AsyncState
        state={{ ...list, data: data?.reviews }}
        empty={<EmptyBox>No reviews{filters === NO_FILTERS ? ' yet' : ' for these filters'}</EmptyBox>}
        isEmpty={(rows) => rows.length === 0}
      >
        {(rows) => (
          <ul className="space-y-3">
            {rows.map((review) => (
              <ReviewCard key={review.id} review={review} onChanged={() => void list.reload()} />
            ))}
          </ul>
        )}
      </AsyncState>
      {data ? (
        <Pager page={page} pageSize={ADMIN_REVIEWS_PAGE_SIZE} total={data.total} onPage={setPage} />
      ) : null}
    </div>
  );
}

/** Guide, stars and visibility: the tab's filters. */
function ReviewFilters(props: {
  filters: Filters;
  guides: AdminReviewPage['guides'];
  onChange(change: Partial<Filters>): void;
}) {
  const select = 'mt-1 min-h-11 w-full rounded-md border border-stone-300 px-3 text-sm';
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="text-sm font-semibold">
        <label htmlFor="reviews-guide">Guide</label>
        <select
          id="reviews-guide"
          value={props.filters.guideId}
          onChange={(e) => props.onChange({ guideId: e.target.value })}
          className={select}
        >
          <option value="">All guides</option>
          {props.guides.map((g) => (
            <option key={g.id} value={g.id}>
              {g.title} ({g.locale.toUpperCase()})
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm font-semibold">
        <label htmlFor="reviews-stars">Stars</label>
        <select
          id="reviews-stars"
          value={props.filters.stars}
          onChange={(e) => props.onChange({ stars: e.target.value })}
          className={select}
        >
          <option value="">Any</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={n}>
              {'★'.repeat(n)} ({n})
            </option>
          ))}
        </select>
      </div>
      <div className="text-sm font-semibold">
        <label htmlFor="reviews-show">Show</label>
        <select
          id="reviews-show"
          value={props.filters.show}
          onChange={(e) => props.onChange({ show: e.target.value as Filters['show'] })}
          className={select}
        >
          {Object.entries(SHOW_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

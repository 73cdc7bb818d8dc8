import { useState } from 'react';
import type { GuideDetail } from '../../../shared/contracts/catalogue';
import * as reviewEndpoints from '../../../shared/contracts/endpoints/reviews';
import type { PublicReview } from '../../../shared/contracts/reviews';
import type { Locale } from '../../../shared/locale';
import { useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { averageText, Stars } from './review-stars';

const longDate: Record<Locale, Intl.DateTimeFormat> = {
  fr: new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * The guide's published reviews (docs/features/reviews.md): the average and count, then the latest,
 * the guide's language first, more on demand. Nothing at all when there are none.
 */
export function GuideReviews({ guide }: { guide: GuideDetail }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const [more, setMore] = useState<{ reviews: PublicReview[]; page: number; hasMore: boolean }>({
    reviews: [],
    page: 1,
    hasMore: guide.reviewsHasMore,
  });
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  if (!guide.rating) return null;
  const { average, count } = guide.rating;
  const loadMore = async () => {
    setState('loading');
    try {
      const page = more.page + 1;
      const next = await api.call(reviewEndpoints.guideReviews, {
        params: { id: guide.id },
        query: { page },
      });
      const seen = new Set([...guide.reviews, ...more.reviews].map((review) => review.id));
      setMore({
        reviews: [...more.reviews, ...next.reviews.filter((review) => !seen.has(review.id))],
        page,
        hasMore: next.hasMore,
      });
      setState('idle');
    } catch {
      setState('error');
    }
  };
  return (
    <section className="mt-10" aria-labelledby="reviews-heading" id="reviews" data-testid="guide-reviews">
      <h2 id="reviews-heading" className="text-xl font-bold">
        {t('reviews.title')}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Stars
          filled={Number(average)}
          label={t('reviews.average', { average: averageText(average, locale) })}
        />
        <span className="text-lg font-bold" data-testid="rating-average">
          {t('reviews.average', { average: averageText(average, locale) })}
        </span>
        <span className="text-stone-600" data-testid="rating-count">
          {count === 1 ? t('reviews.countOne') : t('reviews.count', { count })}
        </span>
      </p>
      <ul className="mt-4 space-y-4">
        {[...guide.reviews, ...more.reviews].map((review) => (
          <ReviewItem key={review.id} review={review} />
        ))}
      </ul>
      {more.hasMore ? (
        <div className="mt-4">
          <button
            type="button"
            onClick={() => void loadMore()}
            disabled={state === 'loading'}
            className="h-11 rounded-md border border-stone-300 px-5 font-semibold hover:bg-stone-50 disabled:opacity-60"
          >
            {t('reviews.more')}
          </button>
          {state === 'error' ? (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {t('reviews.moreError')}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

function ReviewItem({ review }: { review: PublicReview }) {
  const { t, locale } = useI18n();
  const edition = review.edition ? review.edition[locale] : null;
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4" data-testid="review">
      <Stars filled={review.rating} label={t('reviews.rating', { count: review.rating })} />
      {review.title ? (
        <p className="mt-1 font-semibold break-words" lang={review.locale}>
          {review.title}
        </p>
      ) : null}
      {review.text ? (
        <p className="mt-1 whitespace-pre-line break-words text-stone-800" lang={review.locale}>
          {review.text}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-stone-600">
        <span className="font-semibold text-stone-800">{review.reviewer}</span>
        {' · '}
        <span className="text-teal-800">✓ {t('reviews.verified')}</span>
        {edition ? ` · ${edition}` : ''}
        {' · '}
        <time dateTime={review.createdAt}>{longDate[locale].format(new Date(review.createdAt))}</time>
      </p>
      {review.reply ? (
        <div className="mt-3 border-l-4 border-teal-700 bg-teal-50 p-3 text-sm">
          <p className="font-semibold">{t('reviews.reply')}</p>
          <p className="mt-1 whitespace-pre-line break-words">{review.reply}</p>
        </div>
      ) : null}
    </li>
  );
}

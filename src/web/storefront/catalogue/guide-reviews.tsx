import type { GuideDetail } from '../../../shared/contracts/catalogue';
import type { PublicReview } from '../../../shared/contracts/reviews';
import type { Locale } from '../../../shared/locale';
import { REVIEWS_SHOWN_FIRST } from '../../../shared/review-limits';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { guideReviewMessages } from './guide-review-messages';

const averageText = (average: string, locale: Locale) =>
  locale === 'fr' ? average.replace('.', ',') : average;

/** Five stars, `filled` of them (rounded) coloured; the words are for screen readers. */
function Stars(props: { filled: number; label: string }) {
  const full = Math.round(props.filled);
  return (
    <span role="img" aria-label={props.label}>
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(full)}
      </span>
      <span aria-hidden="true" className="text-stone-300">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}

/**
 * The guide's published reviews (docs/features/reviews.md): the average and count, the latest (the
 * guide's language first), more on demand in a disclosure that needs no script. Nothing at all when
 * there are none. No state and no call: the page's first load stays within its budget.
 */
export default function GuideReviews({ guide }: { guide: GuideDetail }) {
  const { locale } = useI18n();
  const t = useMessages(guideReviewMessages);
  if (!guide.rating) return null;
  const { average, count } = guide.rating;
  const shown = averageText(average, locale);
  const rest = guide.reviews.slice(REVIEWS_SHOWN_FIRST);
  return (
    <section className="mt-10" aria-labelledby="reviews-heading" id="reviews" data-testid="guide-reviews">
      <h2 id="reviews-heading" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <Stars filled={Number(average)} label={t('average', { average: shown })} />
        <span className="text-lg font-bold" data-testid="rating-average">
          {t('average', { average: shown })}
        </span>
        <span className="text-stone-600" data-testid="rating-count">
          {count === 1 ? t('countOne') : t('count', { count })}
        </span>
      </p>
      <ReviewList reviews={guide.reviews.slice(0, REVIEWS_SHOWN_FIRST)} />
      {rest.length > 0 ? (
        <details className="mt-4">
          <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-md border border-stone-300 px-5 font-semibold hover:bg-stone-50">
            {t('more')}
          </summary>
          <ReviewList reviews={rest} />
        </details>
      ) : null}
    </section>
  );
}

function ReviewList({ reviews }: { reviews: PublicReview[] }) {
  const { locale } = useI18n();
  const t = useMessages(guideReviewMessages);
  return (
    <ul className="mt-4 space-y-4">
      {reviews.map((review) => (
        <li key={review.id} className="rounded-lg border border-stone-200 bg-white p-4" data-testid="review">
          <Stars filled={review.rating} label={t('rating', { count: review.rating })} />
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
            <b className="text-stone-800">{review.reviewer}</b> ·{' '}
            <span className="text-teal-800">✓ {t('verified')}</span>
            {review.edition ? ` · ${review.edition[locale]}` : ''} ·{' '}
            <time dateTime={review.createdAt}>
              {new Date(review.createdAt).toLocaleDateString(locale === 'fr' ? 'fr-FR' : 'en-GB', {
                day: 'numeric',
                month: 'long',
                year: 'numeric',
                timeZone: 'UTC',
              })}
            </time>
          </p>
          {review.reply ? (
            <div className="mt-3 border-l-4 border-teal-700 bg-teal-50 p-3 text-sm">
              <p className="font-semibold">{t('reply')}</p>
              <p className="mt-1 whitespace-pre-line break-words">{review.reply}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

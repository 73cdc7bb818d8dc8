import type { RatingSummary } from '../../../shared/contracts/reviews';
import type { Locale } from '../../../shared/locale';
import { useI18n } from '../../i18n';

/** "4,5" / "4.5": an average as the shopper's language writes it. */
export const averageText = (average: string, locale: Locale) =>
  locale === 'fr' ? average.replace('.', ',') : average;

/** Five stars, `filled` of them (rounded) coloured; the words are for screen readers. */
export function Stars(props: { filled: number; label: string; className?: string }) {
  const full = Math.round(props.filled);
  return (
    <span className={props.className} role="img" aria-label={props.label}>
      <span aria-hidden="true" className="text-amber-500">
        {'★'.repeat(full)}
      </span>
      <span aria-hidden="true" className="text-stone-300">
        {'★'.repeat(5 - full)}
      </span>
    </span>
  );
}

/** "★★★★☆ 4,5 (3)": a guide's average and count, as its card and its page head show them. */
export function RatingLine(props: { rating: RatingSummary; className?: string }) {
  const { t, locale } = useI18n();
  const { average, count } = props.rating;
  const words = `${t('reviews.average', { average: averageText(average, locale) })} · ${
    count === 1 ? t('reviews.countOne') : t('reviews.count', { count })
  }`;
  return (
    <p className={`flex items-center gap-1.5 text-sm ${props.className ?? ''}`} data-testid="rating-line">
      <Stars filled={Number(average)} label={words} />
      <span aria-hidden="true" className="font-semibold">
        {averageText(average, locale)}
      </span>
      <span aria-hidden="true" className="text-stone-600">
        ({count})
      </span>
    </p>
  );
}

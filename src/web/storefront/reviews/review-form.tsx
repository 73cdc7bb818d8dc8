import { type FormEvent, useId, useState } from 'react';
import * as reviewEndpoints from '../../../shared/contracts/endpoints/reviews';
import type { BuyerReview, ReviewBody } from '../../../shared/contracts/reviews';
import type { Locale } from '../../../shared/locale';
import { REVIEW_TEXT_MAX, REVIEW_TITLE_MAX } from '../../../shared/review-limits';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { reviewMessages } from './review-messages';
import { useOrderReview } from './use-order-reviews';

/** What the buyer reads when a save or a deletion is refused. */
function refusal(t: (key: keyof (typeof reviewMessages)['fr']) => string, error: unknown): string {
  if (!(error instanceof ApiError)) return t('error');
  if (error.status === 429) return t('limit');
  if (error.status === 403) return t('notAllowed');
  if (error.field === 'title' || error.field === 'text') return t('tooLong');
  return t('error');
}

type Status = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done' | 'error'; text: string };

/**
 * A buyer's review of one guide of an order (docs/features/reviews.md): the stars save on the tap;
 * a title and text can follow, be changed, and the whole review deleted. Nothing shows for an order
 * that does not let its buyer review (refunded, revoked).
 */
export function ReviewForm(props: { orderId: string; guideId: string; title: string }) {
  const t = useMessages(reviewMessages);
  const { locale } = useI18n();
  const api = useApi();
  const { state, remember } = useOrderReview(props.orderId, props.guideId);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [writing, setWriting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!state?.canReview) return null;
  const review = state.review;
  const params = { orderId: props.orderId, guideId: props.guideId };

  const save = async (body: ReviewBody, done: string) => {
    setStatus({ kind: 'busy' });
    try {
      remember(await api.call(reviewEndpoints.saveOrderReview, { params, body }));
      setStatus({ kind: 'done', text: done });
      return true;
    } catch (error) {
      setStatus({ kind: 'error', text: refusal(t, error) });
      return false;
    }
  };
  const remove = async () => {
    setStatus({ kind: 'busy' });
    try {
      await api.call(reviewEndpoints.deleteOrderReview, { params });
      remember(null);
      setConfirming(false);
      setWriting(false);
      setStatus({ kind: 'done', text: t('deleted') });
    } catch (error) {
      setStatus({ kind: 'error', text: refusal(t, error) });
    }
  };
  const reviewLocale: Locale = review?.locale ?? locale;

  return (
    <div className="space-y-2" data-testid="review-form" data-guide-id={props.guideId}>
      <StarButtons
        title={props.title}
        rating={review?.rating}
        busy={status.kind === 'busy'}
        onRate={(stars) => void save({ rating: stars, locale: reviewLocale }, t('saved'))}
      />
      <p
        role="status"
        className={`min-h-5 text-sm ${status.kind === 'error' ? 'text-red-700' : 'text-teal-800'}`}
      >
        {status.kind === 'done' || status.kind === 'error' ? status.text : ''}
      </p>
      {review ? <ReviewShown review={review} words={!writing} /> : null}
      {review && writing ? (
        <ReviewWords
          initial={{ title: review.title ?? '', text: review.text ?? '', locale: reviewLocale }}
          busy={status.kind === 'busy'}
          onCancel={() => setWriting(false)}
          onSave={async (words) => {
            if (await save({ rating: review.rating, ...words }, t('textSaved'))) setWriting(false);
          }}
        />
      ) : null}
      {review && !writing ? (
        <ReviewActions
          hasWords={Boolean(review.title || review.text)}
          confirming={confirming}
          busy={status.kind === 'busy'}
          onWrite={() => setWriting(true)}
          onDelete={() => (confirming ? void remove() : setConfirming(true))}
        />
      ) : null}
    </div>
  );
}

/** The title, text and language of a review, saved together. */
function ReviewWords(props: {
  initial: { title: string; text: string; locale: Locale };
  busy: boolean;
  onCancel(): void;
  onSave(words: { title: string; text: string; locale: Locale }): Promise<void>;
}) {
  const t = useMessages(reviewMessages);
  const [words, setWords] = useState(props.initial);
  const languageId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void props.onSave(words);
  };
  const field = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-base';
  return (
    <form onSubmit={submit} className="space-y-3">
      <label className="block text-sm font-semibold">
        {t('title')}
        <input
          value={words.title}
          maxLength={REVIEW_TITLE_MAX}
          onChange={(event) => setWords({ ...words, title: event.target.value })}
          className={field}
        />
      </label>
      <label className="block text-sm font-semibold">
        {t('text')}
        <textarea
          value={words.text}
          maxLength={REVIEW_TEXT_MAX}
          rows={4}
          onChange={(event) => setWords({ ...words, text: event.target.value })}
          className={field}
        />
      </label>
      <div className="text-sm font-semibold">
        <label htmlFor={languageId}>{t('language')}</label>
        <select
          id={languageId}
          value={words.locale}
          onChange={(event) => setWords({ ...words, locale: event.target.value === 'en' ? 'en' : 'fr' })}
          className={field}
        >
          <option value="fr">{t('language.fr')}</option>
          <option value="en">{t('language.en')}</option>
        </select>
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={props.busy}
          className="h-11 rounded-md bg-amber-500 px-5 font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-60"
        >
          {t('save')}
        </button>
        <button
          type="button"
          onClick={props.onCancel}
          className="h-11 rounded-md px-4 font-semibold hover:bg-stone-50"
        >
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** Five buttons: a tap on one saves that many stars. */
function StarButtons(props: {
  title: string;
  rating: number | undefined;
  busy: boolean;
  onRate(stars: number): void;
}) {
  const t = useMessages(reviewMessages);
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{t('yourRating', { title: props.title })}</legend>
      <div className="mt-1 flex gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <button
            key={stars}
            type="button"
            aria-label={t('star', { count: stars })}
            aria-pressed={props.rating === stars}
            disabled={props.busy}
            onClick={() => props.onRate(stars)}
            className={`h-11 w-11 rounded-md text-2xl leading-none hover:bg-amber-50 ${
              props.rating !== undefined && stars <= props.rating ? 'text-amber-500' : 'text-stone-300'
            }`}
          >
            <span aria-hidden="true">★</span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** What the buyer wrote, whether the shop hid it, and the shop's reply. */
function ReviewShown({ review, words }: { review: BuyerReview; words: boolean }) {
  const t = useMessages(reviewMessages);
  return (
    <>
      {review.hidden ? <p className="text-sm text-stone-600">{t('hidden')}</p> : null}
      {words && (review.title || review.text) ? (
        <div className="rounded-md bg-stone-50 p-3 text-sm" lang={review.locale}>
          {review.title ? <p className="font-semibold break-words">{review.title}</p> : null}
          {review.text ? <p className="whitespace-pre-line break-words">{review.text}</p> : null}
        </div>
      ) : null}
      {review.reply ? (
        <div className="border-l-4 border-teal-700 bg-teal-50 p-3 text-sm">
          <p className="font-semibold">{t('reply')}</p>
          <p className="whitespace-pre-line break-words">{review.reply}</p>
        </div>
      ) : null}
    </>
  );
}

/** Change the words, or delete the review (a second tap confirms). */
function ReviewActions(props: {
  hasWords: boolean;
  confirming: boolean;
  busy: boolean;
  onWrite(): void;
  onDelete(): void;
}) {
  const t = useMessages(reviewMessages);
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        onClick={props.onWrite}
        className="h-11 rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50"
      >
        {props.hasWords ? t('editWords') : t('addWords')}
      </button>
      <button
        type="button"
        disabled={props.busy}
        onClick={props.onDelete}
        className="h-11 rounded-md px-4 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        {props.confirming ? t('confirmDelete') : t('delete')}
      </button>
    </div>
  );
}

import { useId, useState } from 'react';
import * as adminReviews from '../../../shared/contracts/endpoints/admin-reviews';
import type { AdminReview } from '../../../shared/contracts/endpoints/admin-reviews.schemas';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { formatAdminDate } from '../shell/table-cells';

type Editing = 'none' | 'visibility' | 'reply';
const BUTTON = 'min-h-11 rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50';
const PRIMARY = `${BUTTON} bg-teal-800 text-white hover:bg-teal-700`;
const FIELD = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm';

/** One review with its state and the operator's actions: hide or show (with a reason), reply. */
export function ReviewCard(props: { review: AdminReview; onChanged(): void }) {
  const r = props.review;
  const [editing, setEditing] = useState<Editing>('none');
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      setEditing('none');
      props.onChanged();
    } catch (error) {
      showAdminError(error);
    } finally {
      setBusy(false);
    }
  };
  const params = { id: r.id };
  const close = () => setEditing('none');
  return (
    <li
      className="rounded-lg border border-stone-200 bg-white p-4 text-sm"
      data-testid="admin-review"
      data-review-id={r.id}
      data-hidden={r.hidden}
    >
      <ReviewSummary review={r} showReply={editing !== 'reply'} />
      {editing === 'visibility' ? (
        <TextForm
          label={`Reason (${r.hidden ? 'showing' : 'hiding'}, kept in the activity log)`}
          initial=""
          required
          max={500}
          submit={r.hidden ? 'Show review' : 'Hide review'}
          busy={busy}
          onCancel={close}
          onSave={(reason) =>
            run(() =>
              adminCall(adminReviews.setReviewVisibility, { params, body: { hidden: !r.hidden, reason } }),
            )
          }
        />
      ) : null}
      {editing === 'reply' ? (
        <TextForm
          label="Public reply (shown under the review; empty removes it)"
          initial={r.reply ?? ''}
          multiline
          max={2000}
          submit="Save reply"
          busy={busy}
          onCancel={close}
          onSave={(text) =>
            run(() =>
              adminCall(adminReviews.replyToReview, {
                params,
                body: { reply: text.trim() === '' ? null : text },
              }),
            )
          }
        />
      ) : null}
      {editing === 'none' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={BUTTON} onClick={() => setEditing('visibility')}>
            {r.hidden ? 'Show…' : 'Hide…'}
          </button>
          <button type="button" className={BUTTON} onClick={() => setEditing('reply')}>
            {r.reply ? 'Edit reply' : 'Reply'}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** The stars, guide, badges, words, buyer and reply of a review. */
function ReviewSummary({ review: r, showReply }: { review: AdminReview; showReply: boolean }) {
  const badge = 'rounded-full px-2 py-0.5 text-xs font-semibold';
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base text-amber-500" role="img" aria-label={`${r.rating} out of 5`}>
          {'★'.repeat(r.rating)}
          <span className="text-stone-300">{'★'.repeat(5 - r.rating)}</span>
        </span>
        <span className="font-semibold">{r.guideTitle}</span>
        {r.hidden ? <span className={`${badge} bg-stone-200`}>Hidden: {r.hiddenReason}</span> : null}
        {r.withdrawn ? (
          <span className={`${badge} bg-red-100 text-red-900`}>
            Not shown: order refunded or access revoked
          </span>
        ) : null}
        {r.demo ? <span className={`${badge} bg-sky-100`}>Demo</span> : null}
      </div>
      {r.title ? <p className="mt-2 font-semibold break-words">{r.title}</p> : null}
      {r.text ? <p className="mt-1 whitespace-pre-line break-words">{r.text}</p> : null}
      <p className="mt-2 text-xs text-stone-600 break-words">
        {r.reviewer} · {r.email} · order {r.orderNumber} · {r.locale.toUpperCase()} ·{' '}
        {formatAdminDate(r.createdAt)}
      </p>
      {r.reply && showReply ? (
        <div className="mt-2 border-l-4 border-teal-700 bg-teal-50 p-2">
          <p className="text-xs font-semibold">Your public reply</p>
          <p className="whitespace-pre-line break-words">{r.reply}</p>
        </div>
      ) : null}
    </>
  );
}

/** One text (a reason, a reply) with its submit and cancel buttons. */
function TextForm(props: {
  label: string;
  initial: string;
  required?: boolean;
  multiline?: boolean;
  max: number;
  submit: string;
  busy: boolean;
  onCancel(): void;
  onSave(text: string): Promise<void>;
}) {
  const [text, setText] = useState(props.initial);
  const id = useId();
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(event) => {
        event.preventDefault();
        void props.onSave(text);
      }}
    >
      <label htmlFor={id} className="block font-semibold">
        {props.label}
      </label>
      {props.multiline ? (
        <textarea
          value={text}
          rows={3}
          maxLength={props.max}
          onChange={(e) => setText(e.target.value)}
          className={FIELD}
        />
      ) : (
        <input
          id={id}
          value={text}
          required={props.required}
          maxLength={props.max}
          onChange={(e) => setText(e.target.value)}
          className={FIELD}
        />
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={props.busy} className={PRIMARY}>
          {props.submit}
        </button>
        <button type="button" onClick={props.onCancel} className={BUTTON}>
          Cancel
        </button>
      </div>
    </form>
  );
}

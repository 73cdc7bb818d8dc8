import { useState } from 'react';
import type { AdminReview } from '../../../shared/contracts/admin/reviews';
import * as adminReviews from '../../../shared/contracts/endpoints/admin-reviews';
import { adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { formatAdminDate } from '../shell/table-cells';

type Editing = { kind: 'none' } | { kind: 'visibility'; reason: string } | { kind: 'reply'; text: string };

/** One review with its state and the operator's actions: hide or show (with a reason), reply. */
export function ReviewCard(props: { review: AdminReview; onChanged(): void }) {
  const r = props.review;
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
      setEditing({ kind: 'none' });
      props.onChanged();
    } catch (error) {
      showAdminError(error);
    } finally {
      setBusy(false);
    }
  };
  const params = { id: r.id };
  const button = 'min-h-11 rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50';
  const field = 'mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm';
  return (
    <li
      className="rounded-lg border border-stone-200 bg-white p-4 text-sm"
      data-testid="admin-review"
      data-review-id={r.id}
      data-hidden={r.hidden}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-base text-amber-500" role="img" aria-label={`${r.rating} out of 5`}>
          {'★'.repeat(r.rating)}
          <span className="text-stone-300">{'★'.repeat(5 - r.rating)}</span>
        </span>
        <span className="font-semibold">{r.guideTitle}</span>
        {r.hidden ? (
          <span className="rounded-full bg-stone-200 px-2 py-0.5 text-xs font-semibold">
            Hidden: {r.hiddenReason}
          </span>
        ) : null}
        {r.withdrawn ? (
          <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
            Not shown: order refunded or access revoked
          </span>
        ) : null}
        {r.demo ? (
          <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold">Demo</span>
        ) : null}
      </div>
      {r.title ? <p className="mt-2 font-semibold break-words">{r.title}</p> : null}
      {r.text ? <p className="mt-1 whitespace-pre-line break-words">{r.text}</p> : null}
      <p className="mt-2 text-xs text-stone-600 break-words">
        {r.reviewer} · {r.email} · order {r.orderNumber} · {r.locale.toUpperCase()} ·{' '}
        {formatAdminDate(r.createdAt)}
      </p>
      {r.reply && editing.kind !== 'reply' ? (
        <div className="mt-2 border-l-4 border-teal-700 bg-teal-50 p-2">
          <p className="text-xs font-semibold">Your public reply</p>
          <p className="whitespace-pre-line break-words">{r.reply}</p>
        </div>
      ) : null}
      {editing.kind === 'visibility' ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() =>
              adminCall(adminReviews.setReviewVisibility, {
                params,
                body: { hidden: !r.hidden, reason: editing.reason },
              }),
            );
          }}
        >
          <label className="block font-semibold">
            Reason ({r.hidden ? 'showing' : 'hiding'}, kept in the activity log)
            <input
              value={editing.reason}
              required
              maxLength={500}
              onChange={(e) => setEditing({ kind: 'visibility', reason: e.target.value })}
              className={field}
            />
          </label>
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={busy}
              className={`${button} bg-teal-800 text-white hover:bg-teal-700`}
            >
              {r.hidden ? 'Show review' : 'Hide review'}
            </button>
            <button type="button" onClick={() => setEditing({ kind: 'none' })} className={button}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {editing.kind === 'reply' ? (
        <form
          className="mt-3 space-y-2"
          onSubmit={(event) => {
            event.preventDefault();
            const reply = editing.text.trim() === '' ? null : editing.text;
            void run(() => adminCall(adminReviews.replyToReview, { params, body: { reply } }));
          }}
        >
          <label className="block font-semibold">
            Public reply (shown under the review; empty removes it)
            <textarea
              value={editing.text}
              rows={3}
              maxLength={2000}
              onChange={(e) => setEditing({ kind: 'reply', text: e.target.value })}
              className={field}
            />
          </label>
          <div className="flex gap-2">
            <button
              type="submit"
              disabled={busy}
              className={`${button} bg-teal-800 text-white hover:bg-teal-700`}
            >
              Save reply
            </button>
            <button type="button" onClick={() => setEditing({ kind: 'none' })} className={button}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      {editing.kind === 'none' ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            className={button}
            onClick={() => setEditing({ kind: 'visibility', reason: '' })}
          >
            {r.hidden ? 'Show…' : 'Hide…'}
          </button>
          <button
            type="button"
            className={button}
            onClick={() => setEditing({ kind: 'reply', text: r.reply ?? '' })}
          >
            {r.reply ? 'Edit reply' : 'Reply'}
          </button>
        </div>
      ) : null}
    </li>
  );
}

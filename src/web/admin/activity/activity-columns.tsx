import { Link } from 'wouter';
import type { ActivityEntry } from '../../../shared/contracts/endpoints/admin-activity.schemas';
import { paths } from '../../lib/paths';
import type { Column } from '../shell/admin-table';
import { formatAdminDate } from '../shell/table-cells';
import { actionWords, activityDetail, subjectWords } from './activity-words';

/** The order's page over the Orders tab (orders-tab.tsx reads ?order=<id>). */
const orderHref = (id: string) => `${paths.admin('orders')}?${new URLSearchParams({ order: id })}`;

const LONGEST = 160;

/** A recorded value as text: none is a dash, text as written, anything else as JSON; long ones cut. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}

/** The fields a change touched, each as "field: before → after". */
function Changes({ entry }: { entry: ActivityEntry }) {
  if (entry.changes.length === 0) return <span className="text-stone-500">No field changed</span>;
  return (
    <dl className="space-y-1" data-testid="activity-changes">
      {entry.changes.map((change) => (
        <div key={change.field} className="break-words" data-field={change.field}>
          <dt className="inline font-semibold">{change.field}: </dt>
          <dd className="inline">
            <del className="bg-red-50 text-red-800" data-testid="before">
              {shownValue(change.before)}
            </del>
            <span aria-hidden="true"> → </span>
            <span className="sr-only"> became </span>
            <ins className="bg-teal-50 text-teal-900 no-underline" data-testid="after">
              {shownValue(change.after)}
            </ins>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The Activity tab's columns; under 640 px each row becomes a card. */
export function activityColumns(): Column<ActivityEntry>[] {
  return [
    { header: 'When', className: 'whitespace-nowrap', cell: (e) => formatAdminDate(e.createdAt) },
    {
      header: 'By',
      cell: (e) => (
        <span className="text-xs" title={e.actor}>
          Operator
        </span>
      ),
    },
    {
      header: 'What',
      cell: (e) => (
        <>
          <p className="font-semibold" data-testid="activity-what" title={e.action}>
            {actionWords(e.action)}{' '}
            {e.subjectType === 'order' && e.subjectId ? (
              <Link href={orderHref(e.subjectId)} className="text-teal-800 underline">
                {subjectWords(e)}
              </Link>
            ) : (
              <span>{subjectWords(e)}</span>
            )}
          </p>
          {activityDetail(e) ? <p className="text-xs text-stone-700">{activityDetail(e)}</p> : null}
        </>
      ),
    },
    { header: 'Changes', className: 'sm:w-1/2', cell: (e) => <Changes entry={e} /> },
  ];
}

import type { ActivityEntry } from '../../../shared/contracts/endpoints/admin-activity.schemas';
import type { Column } from '../shell/admin-table';
import { formatAdminDate } from '../shell/table-cells';

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
    { header: 'Key', cell: (e) => <span className="font-mono text-xs">{e.actor}</span> },
    {
      header: 'What',
      cell: (e) => (
        <>
          <p className="font-semibold">{e.action}</p>
          <p className="break-all text-xs text-stone-600">
            {e.subjectType}
            {e.subjectId ? ` ${e.subjectId}` : ''}
          </p>
        </>
      ),
    },
    { header: 'Changes', className: 'sm:w-1/2', cell: (e) => <Changes entry={e} /> },
  ];
}

import * as editions from '../../../shared/contracts/endpoints/editions';
import { mailingLine } from '../guides/guide-editions';
import { useAdminData } from '../shell/use-admin-data';

/** The Emails tab's line per new edition whose past buyers are being told: "412 of 1,280 sent". */
export function EditionMailings() {
  const mailings = useAdminData(editions.editionMailings);
  const rows = mailings.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="edition-mailings-title">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h4 id="edition-mailings-title" className="font-semibold">
          New editions: buyers told
        </h4>
        <button
          type="button"
          onClick={() => void mailings.reload()}
          className="rounded-md border border-stone-300 px-3 py-1 text-sm hover:bg-stone-50"
        >
          Refresh
        </button>
      </div>
      <ul className="space-y-1 text-sm">
        {rows.map((row) => (
          <li
            key={row.editionId}
            data-testid="edition-mailing-row"
            className="rounded-md border border-stone-200 bg-white p-2"
          >
            <span className="font-medium">{row.guideTitle}</span> — {row.labelEn}:{' '}
            <span className={row.failed > 0 ? 'text-red-700' : 'text-teal-900'}>{mailingLine(row)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { createContext, useContext } from 'react';
import { Link } from 'wouter';
import type { Need } from '../../../shared/contracts/endpoints/admin-needs-you.schemas';
import { ADMIN_TABS, type AdminTab, paths } from '../../lib/paths';

/** The "Needs you" counts the dashboard frame fetched, for the tabs and the Analytics tab's list. */
export const NeedsYouContext = createContext<Need[] | undefined>(undefined);

const isTab = (tab: string): tab is AdminTab => (ADMIN_TABS as readonly string[]).includes(tab);

/** What waits in each tab: the sum of its kinds' counts. */
export function countsByTab(needs: Need[] | undefined): Partial<Record<AdminTab, number>> {
  const counts: Partial<Record<AdminTab, number>> = {};
  for (const need of needs ?? []) {
    if (need.count > 0 && isTab(need.tab)) counts[need.tab] = (counts[need.tab] ?? 0) + need.count;
  }
  return counts;
}

/** "3 payment proofs to check", "1 payment proof to check". */
export const needWords = (need: Need) => `${need.count} ${need.count === 1 ? need.one : need.other}`;

/** A tab's count beside its name; nothing when nothing waits there. */
export function TabCount({ count, active }: { count: number | undefined; active: boolean }) {
  if (!count) return null;
  return (
    <span
      className={`ml-1.5 inline-flex min-w-5 justify-center rounded-full px-1.5 text-xs font-bold ${active ? 'bg-white text-teal-900' : 'bg-amber-500 text-stone-950'}`}
    >
      {count}
      <span className="sr-only"> waiting</span>
    </span>
  );
}

/** The top of the Analytics tab: what waits for the operator, each line linking to its tab. */
export function NeedsYouList() {
  const needs = useContext(NeedsYouContext);
  if (!needs) return null;
  const waiting = needs.filter((need) => need.count > 0 && isTab(need.tab));
  return (
    <section
      aria-labelledby="needs-you-title"
      data-testid="needs-you"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="needs-you-title" className="font-semibold">
        Needs you
      </h3>
      {waiting.length === 0 ? (
        <p className="mt-1 text-sm text-stone-700">Nothing is waiting for you.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {waiting.map((need) => (
            <li key={need.key}>
              <Link
                href={paths.admin(need.tab as AdminTab)}
                className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline sm:min-h-0"
              >
                {needWords(need)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

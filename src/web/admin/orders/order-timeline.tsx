import type { TimelineEntry } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { formatAdminDate } from '../shell/table-cells';

const ACTOR_NAMES: Record<string, string> = {
  buyer: 'Buyer',
  system: 'Shop',
  stripe: 'Stripe',
  cinetpay: 'CinetPay',
  wave: 'Wave',
  whatsapp: 'WhatsApp',
};
/** Every admin key and the dashboard's "admin" are the one operator; the key's id stays in the tooltip. */
const actorName = (actor: string | null) => (actor ? (ACTOR_NAMES[actor] ?? 'Operator') : '');

/** Everything that happened to the order, newest first. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol className="space-y-3 border-l-2 border-stone-200 pl-4" data-testid="order-timeline">
      {entries.map((entry) => (
        <li key={entry.id} data-kind={entry.kind} className="text-sm">
          <p className="font-medium break-words">{entry.summary}</p>
          {entry.detail ? (
            <p
              className={`mt-0.5 break-words whitespace-pre-wrap ${entry.kind === 'email' || entry.kind === 'whatsapp' ? 'text-red-700' : 'text-stone-700'}`}
            >
              {entry.detail}
            </p>
          ) : null}
          <p className="text-xs text-stone-500">
            {formatAdminDate(entry.at)} ·{' '}
            <span title={entry.actor && !ACTOR_NAMES[entry.actor] ? entry.actor : undefined}>
              {actorName(entry.actor)}
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}

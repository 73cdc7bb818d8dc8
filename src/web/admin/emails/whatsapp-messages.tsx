import { Link } from 'wouter';
import * as whatsapp from '../../../shared/contracts/endpoints/whatsapp';
import type { WhatsAppMessageEntry } from '../../../shared/contracts/endpoints/whatsapp.schemas';
import { EmptyBox } from '../../components/ui/async-state';
import { paths } from '../../lib/paths';
import { AdminTable, type Column } from '../shell/admin-table';
import { formatAdminDate } from '../shell/table-cells';
import { useAdminData } from '../shell/use-admin-data';

const MESSAGE_KINDS: Record<string, string> = {
  'order-paid': 'Guides ready (order link)',
  'mobile-money-placed': 'How to pay (reference, link)',
};

const STATUS_STYLE: Record<WhatsAppMessageEntry['status'], string> = {
  queued: 'bg-stone-100 text-stone-800',
  sent: 'bg-sky-100 text-sky-900',
  delivered: 'bg-teal-100 text-teal-900',
  read: 'bg-teal-200 text-teal-950',
  failed: 'bg-red-100 text-red-800',
};

/** When the message reached its current status: the latest time Meta reported. */
const statusTime = (m: WhatsAppMessageEntry) =>
  m.failedAt ?? m.readAt ?? m.deliveredAt ?? m.sentAt ?? m.createdAt;

const columns: Column<WhatsAppMessageEntry>[] = [
  {
    header: 'Order',
    cell: (m) =>
      m.orderNumber ? (
        <Link href={paths.adminOrdersMatching(m.orderNumber)} className="font-medium text-teal-800 underline">
          {m.orderNumber}
        </Link>
      ) : (
        '—'
      ),
  },
  {
    header: 'WhatsApp',
    cell: (m) => (
      <>
        <p>+{m.toNumber}</p>
        <p className="text-xs text-stone-500">
          {MESSAGE_KINDS[m.kind] ?? m.kind} · {m.template} ({m.locale})
        </p>
      </>
    ),
  },
  {
    header: 'Status',
    cell: (m) => (
      <>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLE[m.status]}`}
          data-testid="whatsapp-status"
        >
          {m.status}
        </span>
        {m.lastError ? (
          <span className="mt-1 block max-w-[16rem] text-xs text-red-800">
            {m.errorCode !== null ? `#${m.errorCode} ` : ''}
            {m.lastError}
          </span>
        ) : null}
      </>
    ),
  },
  { header: 'Attempts', cell: (m) => String(m.attempts) },
  { header: 'Updated', cell: (m) => formatAdminDate(statusTime(m)) },
];

/** The WhatsApp messages beside the emails: each send and what Meta reported. */
export function WhatsAppMessages() {
  const messages = useAdminData(whatsapp.listMessages);
  if (messages.data && !messages.data.configured && messages.data.messages.length === 0) return null;
  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h4 className="font-semibold">WhatsApp Messages</h4>
        <button
          type="button"
          onClick={() => messages.reload()}
          className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold hover:bg-stone-50"
        >
          Refresh
        </button>
      </div>
      <AdminTable
        state={{ ...messages, data: messages.data?.messages }}
        columns={columns}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ 'data-testid': 'whatsapp-row', 'data-status': m.status })}
        empty={<EmptyBox>No WhatsApp messages sent yet</EmptyBox>}
        minWidth="sm:min-w-[720px]"
        tableClassName="[&_td]:px-2 [&_th]:px-2"
      />
    </div>
  );
}

import { Link } from 'wouter';
import type { OrderListRow } from '../../../shared/contracts/admin/orders';
import type { Column } from '../shell/admin-table';
import { formatAdminDate } from '../shell/table-cells';
import { METHOD_LABELS } from './order-query';

export const STATUS_TONE: Record<OrderListRow['status'], string> = {
  completed: 'bg-teal-50 text-teal-900',
  pending: 'bg-amber-50 text-amber-900',
  pending_verification: 'bg-amber-50 text-amber-900',
  rejected: 'bg-red-50 text-red-800',
  expired: 'bg-stone-100 text-stone-700',
};

export function StatusBadge({ status, revoked }: { status: OrderListRow['status']; revoked?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>
        {status.replace('_', ' ')}
      </span>
      {revoked ? (
        <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
          access revoked
        </span>
      ) : null}
    </span>
  );
}

/** The list's columns; the order number opens the order's page (an address of its own). */
export function orderColumns(hrefOf: (order: OrderListRow) => string): Column<OrderListRow>[] {
  return [
    {
      header: 'Order',
      cell: (o) => (
        <Link href={hrefOf(o)} className="font-mono font-semibold text-teal-800 underline">
          {o.orderNumber}
        </Link>
      ),
    },
    { header: 'Date', cell: (o) => formatAdminDate(o.createdAt) },
    {
      header: 'Buyer',
      cell: (o) => (
        <span className="block min-w-0 break-words">
          {o.name}
          <span className="block text-xs text-stone-600">{o.email}</span>
        </span>
      ),
    },
    { header: 'Guides', cell: (o) => <span className="break-words">{o.guides.join(', ')}</span> },
    {
      header: 'Total',
      cell: (o) => (
        <span>
          €{o.total}
          <span className="block text-xs text-stone-600">{o.totalFcfa.toLocaleString('fr-FR')} FCFA</span>
        </span>
      ),
    },
    {
      header: 'Method',
      cell: (o) =>
        `${METHOD_LABELS[o.method]}${o.paymentProvider && o.method === 'mobile_money' ? ` (${o.paymentProvider})` : ''}`,
    },
    { header: 'Status', cell: (o) => <StatusBadge status={o.status} revoked={o.accessRevoked} /> },
  ];
}

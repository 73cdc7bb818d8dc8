import { Link } from 'wouter';
import type {
  OrderListRow,
  OrderStatusFilter,
} from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { formatFcfaAmount } from '../../../shared/money';
import { orderStatusWord, refundStateOf } from '../../../shared/refund-state';
import type { Column } from '../shell/admin-table';
import { formatAdminDate, formatAdminEuros } from '../shell/table-cells';
import { METHOD_LABELS } from './order-query';

export const STATUS_TONE: Record<OrderStatusFilter, string> = {
  completed: 'bg-teal-50 text-teal-900',
  pending: 'bg-amber-50 text-amber-900',
  pending_verification: 'bg-amber-50 text-amber-900',
  rejected: 'bg-red-50 text-red-800',
  expired: 'bg-stone-100 text-stone-700',
  refunded: 'bg-violet-100 text-violet-900',
  partially_refunded: 'bg-violet-50 text-violet-900',
};

/**
 * The order's status in words; a completed order that was refunded reads "Refunded" or
 * "Partially refunded" with the amount, and "access revoked" beside it when it was.
 */
export function StatusBadge({
  order,
  revoked,
}: {
  order: { status: OrderListRow['status']; total: string; refundedAmount: string };
  revoked?: boolean;
}) {
  const refund = order.status === 'completed' ? refundStateOf(order) : 'none';
  const tone = STATUS_TONE[refund === 'none' ? order.status : refund];
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="order-status">
      <span className={`rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>
        {orderStatusWord(order)}
        {refund === 'partially_refunded' ? ` · ${formatAdminEuros(order.refundedAmount)}` : ''}
      </span>
      {revoked && refund !== 'refunded' ? (
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
          {formatAdminEuros(o.total)}
          <span className="block text-xs text-stone-600">{formatFcfaAmount(o.totalFcfa)}</span>
        </span>
      ),
    },
    {
      header: 'Method',
      cell: (o) =>
        `${METHOD_LABELS[o.method]}${o.paymentProvider && o.method === 'mobile_money' ? ` (${o.paymentProvider})` : ''}`,
    },
    { header: 'Status', cell: (o) => <StatusBadge order={o} revoked={o.accessRevoked} /> },
  ];
}

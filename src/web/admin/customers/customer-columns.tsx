import { Link } from 'wouter';
import type { Customer } from '../../../shared/contracts/endpoints/admin-customers.schemas';
import { formatPrice, toCents } from '../../../shared/money';
import { refundStateOf } from '../../../shared/refund-state';
import { paths } from '../../lib/paths';
import type { Column } from '../shell/admin-table';
import { EmailText } from '../shell/email-text';
import { formatAdminDate, formatAdminEuros } from '../shell/table-cells';
import { CustomerDataActions } from './customer-data-actions';

const LANGUAGES: Record<Customer['locale'], string> = { fr: 'French', en: 'English' };

/**
 * What a customer paid, in words that cannot mislead: real payments, then test-mode card payments
 * and orders not paid yet, each marked; "Free" only when their orders cost nothing.
 */
export function paidLines(c: Customer): string[] {
  const lines: string[] = [];
  if (toCents(c.totalPaid) > 0) lines.push(formatPrice(c.totalPaid, 'en'));
  if (toCents(c.testModeTotal) > 0) lines.push(`${formatAdminEuros(c.testModeTotal)} test mode`);
  if (toCents(c.unpaidTotal) > 0) lines.push(`${formatAdminEuros(c.unpaidTotal)} unpaid`);
  if (lines.length === 0) lines.push(c.freeOrders > 0 ? 'Free' : '—');
  return lines;
}

/** "Refunded €12.50" when every real payment came back, "Partially refunded €5" otherwise. */
export function refundLine(c: Customer): string {
  const state = refundStateOf({ total: c.totalPaid, refundedAmount: c.refunded });
  if (state === 'none') return '—';
  return `${state === 'refunded' ? 'Refunded' : 'Partially refunded'} ${formatAdminEuros(c.refunded)}`;
}

/** The Customers tab's columns; under 640 px each row becomes a card. */
export function customerColumns(onErased: () => void = () => {}): Column<Customer>[] {
  return [
    {
      header: 'Customer',
      cell: (c) => (
        <>
          <p className="font-medium">{c.name || '—'}</p>
          <p className="text-stone-600">
            <EmailText email={c.email} />
          </p>
        </>
      ),
    },
    {
      header: 'Orders',
      cell: (c) => (
        <span title={`${c.paidOrders} paid of ${c.orders}`}>
          {c.paidOrders} paid{c.orders > c.paidOrders ? ` / ${c.orders}` : ''}
        </span>
      ),
    },
    { header: 'Guides', cell: (c) => c.guides },
    {
      header: 'Total paid',
      className: 'whitespace-nowrap font-semibold',
      cell: (c) => (
        <span className="block" data-testid="customer-paid">
          {paidLines(c).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </span>
      ),
    },
    {
      header: 'Refunded',
      className: 'whitespace-nowrap',
      cell: (c) => refundLine(c),
    },
    { header: 'First order', className: 'whitespace-nowrap', cell: (c) => formatAdminDate(c.firstOrderAt) },
    { header: 'Last order', className: 'whitespace-nowrap', cell: (c) => formatAdminDate(c.lastOrderAt) },
    { header: 'Language', cell: (c) => LANGUAGES[c.locale] },
    {
      header: <span className="sr-only">Orders</span>,
      label: 'Open',
      cell: (c) => (
        <Link
          href={paths.adminOrdersMatching(c.email)}
          className="inline-flex min-h-11 items-center font-semibold text-teal-800 underline"
          data-testid="customer-orders-link"
        >
          View orders
        </Link>
      ),
    },
    {
      header: <span className="sr-only">Data</span>,
      label: 'Data',
      cell: (c) => <CustomerDataActions customer={c} onErased={onErased} />,
    },
  ];
}

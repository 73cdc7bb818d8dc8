import { Link } from 'wouter';
import type { Customer } from '../../../shared/contracts/endpoints/admin-customers.schemas';
import { displayPrice } from '../../../shared/money';
import { paths } from '../../lib/paths';
import type { Column } from '../shell/admin-table';
import { EmailText } from '../shell/email-text';
import { formatAdminDate } from '../shell/table-cells';

const LANGUAGES: Record<Customer['locale'], string> = { fr: 'French', en: 'English' };

/** The Customers tab's columns; under 640 px each row becomes a card. */
export function customerColumns(): Column<Customer>[] {
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
      cell: (c) => displayPrice(c.totalPaid, 'en'),
    },
    {
      header: 'Refunded',
      className: 'whitespace-nowrap',
      cell: (c) => (Number(c.refunded) > 0 ? displayPrice(c.refunded, 'en') : '—'),
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
  ];
}

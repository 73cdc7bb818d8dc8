import type { ReactNode } from 'react';
import { Link } from 'wouter';
import * as adminOrders from '../../../shared/contracts/endpoints/admin-orders';
import type { OrderDetail } from '../../../shared/contracts/endpoints/admin-orders.schemas';
import * as receipts from '../../../shared/contracts/endpoints/receipts';
import { AsyncState } from '../../components/ui/async-state';
import { urlOf } from '../../lib/api';
import { formatAdminDate, formatAdminMoney } from '../shell/table-cells';
import { useAdminData } from '../shell/use-admin-data';
import { AdminInvoiceLink } from './admin-invoice-link';
import { OrderActions } from './order-actions';
import { StatusBadge } from './order-columns';
import { METHOD_LABELS } from './order-query';
import { OrderTimeline } from './order-timeline';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An order's page: what was bought and paid, who bought it, what can be done, and everything that happened. */
export function OrderPage({ id, backHref }: { id: string; backHref: string }) {
  const valid = UUID.test(id);
  const detail = useAdminData(adminOrders.orderDetail, { params: { id: valid ? id : '0' } });
  return (
    <div className="space-y-4" data-testid="order-page">
      <Link
        href={backHref}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-800 underline"
      >
        ← Back to orders
      </Link>
      {valid ? (
        <AsyncState state={detail} empty={null} isEmpty={() => false}>
          {(order) => <OrderView order={order} reload={detail.reload} />}
        </AsyncState>
      ) : (
        <p role="alert">This address does not name an order.</p>
      )}
    </div>
  );
}

function OrderView({ order, reload }: { order: OrderDetail; reload(): Promise<void> }) {
  return (
    <article className="space-y-5">
      <header className="flex flex-wrap items-center gap-3">
        <h3 className="font-mono text-lg font-bold">{order.orderNumber}</h3>
        <StatusBadge
          order={{
            status: order.status,
            total: order.amounts.total.euros,
            refundedAmount: order.amounts.refunded.euros,
          }}
          revoked={order.access.revokedAt !== null}
        />
        <span className="text-sm text-stone-600">Placed {formatAdminDate(order.createdAt)}</span>
        {order.status === 'completed' ? (
          // The buyer's own receipt, in the order's language, as it stands now (refunds included).
          <a
            href={urlOf(receipts.orderReceipt, { params: { id: order.publicId } })}
            download
            className="inline-flex min-h-11 items-center text-sm font-semibold text-teal-800 underline"
          >
            Receipt (PDF)
          </a>
        ) : null}
        {order.status === 'completed' && order.amounts.total.euros !== '0.00' ? (
          <AdminInvoiceLink orderId={order.id} />
        ) : null}
      </header>
      {order.access.revokedAt ? (
        <p className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          Access revoked on {formatAdminDate(order.access.revokedAt)}: the buyer’s page and links say so.
        </p>
      ) : null}
      <OrderActions order={order} onDone={reload} />
      <div className="grid gap-4 md:grid-cols-2">
        <Panel title="Guides and amounts">
          <Amounts order={order} />
        </Panel>
        <div className="space-y-4">
          <Panel title="Buyer">
            <Facts
              rows={[
                ['Name', `${order.buyer.firstName} ${order.buyer.lastName}`],
                [
                  'Email',
                  <span key="email" data-testid="buyer-email">
                    {order.buyer.email}
                  </span>,
                ],
                ['Phone', order.buyer.phone],
                ['Language', order.locale === 'fr' ? 'French' : 'English'],
              ]}
            />
          </Panel>
          <Panel title="Payment">
            <Facts
              rows={[
                ['Method', METHOD_LABELS[order.payment.method]],
                ['Provider', order.payment.provider ?? '—'],
                [
                  'Payment id',
                  <span key="id" className="font-mono break-all">
                    {order.payment.providerId ?? '—'}
                  </span>,
                ],
                ['Reference', order.payment.mobileMoneyReference ?? '—'],
                ['Provider status', order.payment.providerStatus ?? '—'],
                ['Test mode', order.payment.testMode ? 'Yes: no real money' : 'No'],
              ]}
            />
          </Panel>
        </div>
      </div>
      <Panel title="Timeline">
        <OrderTimeline entries={order.timeline} />
      </Panel>
    </article>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-4">
      <h4 className="mb-3 font-semibold">{title}</h4>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[7rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const both = formatAdminMoney;

function Amounts({ order }: { order: OrderDetail }) {
  const { amounts } = order;
  return (
    <div className="space-y-3 text-sm">
      <ul className="divide-y divide-stone-100">
        {order.items.map((item) => (
          <li key={item.guideId} className="flex flex-wrap justify-between gap-2 py-1.5">
            <span className="min-w-0 break-words">
              {item.title}
              {item.quantity > 1 ? ` × ${item.quantity}` : ''}
            </span>
            <span className="text-stone-700">{both(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <Facts
        rows={[
          ['Subtotal', both(amounts.subtotal)],
          ['Discount', amounts.discountCode ? `−${both(amounts.discount)} (${amounts.discountCode})` : '—'],
          ['Total', <strong key="total">{both(amounts.total)}</strong>],
          ['Refunded', amounts.refunded.euros === '0.00' ? '—' : both(amounts.refunded)],
        ]}
      />
    </div>
  );
}

import { Link, useSearchParams } from 'wouter';
import * as adminOrders from '../../../shared/contracts/endpoints/admin-orders';
import {
  ORDERS_PAGE_SIZE,
  type OrderListRow,
} from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { EmptyBox } from '../../components/ui/async-state';
import { paths } from '../../lib/paths';
import { AdminTable } from '../shell/admin-table';
import { useAdminData } from '../shell/use-admin-data';
import { orderColumns } from './order-columns';
import { OrderFilterBar } from './order-filter-bar';
import { OrderPage } from './order-page';
import { listQueryOf, withParams } from './order-query';
import { OrdersTotal } from './orders-total';

/**
 * The Orders tab: every order, newest first, found by one search box and five filters,
 * all kept in the address; `?order=<id>` opens an order's page over the same list.
 */
export function OrdersTab() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  if (orderId) {
    return (
      <OrderPage
        id={orderId}
        backHref={`${paths.admin('orders')}${withParams(params, { order: undefined })}`}
      />
    );
  }
  return <OrderList params={params} />;
}

function OrderList({ params }: { params: URLSearchParams }) {
  const query = listQueryOf(params);
  const list = useAdminData(adminOrders.listOrders, { query: { ...query, limit: ORDERS_PAGE_SIZE } });
  const here = paths.admin('orders');
  const filtered = Object.entries(query).some(([key, value]) => key !== 'cursor' && value);
  return (
    <div className="space-y-4">
      <OrderFilterBar params={params} query={query} />
      {list.data ? <OrdersTotal list={list.data} filtered={filtered} /> : null}
      <AdminTable<OrderListRow>
        state={{ ...list, data: list.data?.orders }}
        columns={orderColumns((order) => `${here}${withParams(params, { order: order.id })}`)}
        rowKey={(order) => order.id}
        rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-number': order.orderNumber })}
        empty={<EmptyBox>{filtered ? 'No order matches these filters' : 'No orders yet'}</EmptyBox>}
        minWidth="sm:min-w-[900px]"
      />
      <nav aria-label="Pages" className="flex flex-wrap justify-between gap-2">
        {query.cursor ? (
          <Link
            href={`${here}${withParams(params, { cursor: undefined })}`}
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50"
          >
            Newest orders
          </Link>
        ) : (
          <span />
        )}
        {list.data?.nextCursor ? (
          <Link
            href={`${here}${withParams(params, { cursor: list.data.nextCursor })}`}
            onClick={() => window.scrollTo({ top: 0 })}
            className="inline-flex min-h-11 items-center rounded-md border border-stone-300 px-4 text-sm font-semibold hover:bg-stone-50"
          >
            Older orders
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

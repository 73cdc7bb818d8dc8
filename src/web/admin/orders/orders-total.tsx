import {
  ORDER_COUNT_CAP,
  ORDER_COUNT_CAP_GUIDE_AND_MORE,
  type OrderList,
} from '../../../shared/contracts/endpoints/admin-orders.schemas';

/** How many match; past the cap "1,000+", or "100+" where a guide and another filter cap it sooner. */
export function OrdersTotal({
  list,
  filtered,
}: {
  list: Pick<OrderList, 'total' | 'totalIsAtLeast'>;
  filtered: boolean;
}) {
  const cappedSooner = list.totalIsAtLeast && list.total < ORDER_COUNT_CAP;
  return (
    <p className="text-sm text-stone-600" data-testid="orders-total">
      {list.total.toLocaleString('en-GB')}
      {list.totalIsAtLeast ? '+' : ''} {list.total === 1 ? 'order' : 'orders'}
      {filtered ? ' matching' : ''}
      {cappedSooner
        ? ` (with a guide and another filter, counting stops at ${ORDER_COUNT_CAP_GUIDE_AND_MORE})`
        : ''}
    </p>
  );
}

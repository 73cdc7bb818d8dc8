import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';

/**
 * A paid order, as the dashboard counts revenue (analytics-dashboard.service.ts): completed and not
 * made through the test-mode card gateway.
 */
export const isPaid = sql`(${orders.status} = 'completed' and not ${orders.testMode})`;
export const customerKey = sql<string>`lower(${orders.email})`;
const latest = (column: SQL | typeof orders.email) =>
  sql<string>`(array_agg(${column} order by ${orders.createdAt} desc, ${orders.id} desc))[1]`;

/**
 * One row per email (ignoring case), aggregated from orders alone so the grouping can walk the
 * lower(email) index; guides come from order_items afterwards, for the rows kept (guidesBought).
 */
export const customerColumns = {
  key: customerKey,
  email: latest(orders.email),
  name: latest(sql`trim(${orders.firstName} || ' ' || ${orders.lastName})`),
  locale: latest(sql`${orders.locale}::text`),
  orders: sql<number>`count(*)::int`,
  paidOrders: sql<number>`(count(*) filter (where ${isPaid}))::int`,
  totalPaid: sql<string>`(coalesce(sum(${orders.total}) filter (where ${isPaid}), 0))::numeric(14,2)::text`,
  refunded: sql<string>`(coalesce(sum(${orders.refundedAmount}) filter (where ${isPaid}), 0))::numeric(14,2)::text`,
  firstOrderAt: sql<Date | string>`min(${orders.createdAt})`,
  lastOrderAt: sql<Date | string>`max(${orders.createdAt})`,
};

/** Distinct guides bought in paid orders, per customer key, for the keys given. */
export async function guidesBought(db: Db, keys: string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({ key: customerKey, guides: sql<number>`count(distinct ${orderItems.guideId})::int` })
    .from(orders)
    .innerJoin(orderItems, sql`${orderItems.orderId} = ${orders.id}`)
    .where(and(inArray(customerKey, keys), isPaid))
    .groupBy(customerKey);
  return new Map(rows.map((r) => [r.key, r.guides]));
}

export const isoDate = (value: Date | string) => new Date(value).toISOString();

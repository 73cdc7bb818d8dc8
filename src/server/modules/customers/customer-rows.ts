import { and, desc, inArray, sql } from 'drizzle-orm';
import type { Customer } from '../../../shared/contracts/endpoints/admin-customers.schemas';
import { isLocale } from '../../../shared/locale';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { ERASED_EMAIL } from '../data-rights/person';

/**
 * A paid order, as the dashboard counts revenue (analytics-dashboard.service.ts): completed and not
 * made through the test-mode card gateway.
 */
export const isPaid = sql`(${orders.status} = 'completed' and not ${orders.testMode})`;
const isTestMode = sql`(${orders.status} = 'completed' and ${orders.testMode})`;
const isUnpaid = sql`(${orders.status} in ('pending', 'pending_verification'))`;
export const customerKey = sql<string>`lower(${orders.email})`;
/** Erased orders carry one placeholder address: they are nobody's, and the list leaves them out. */
export const notErased = sql`${customerKey} <> ${ERASED_EMAIL}`;

/**
 * One row per email (ignoring case): only sums, counts and extremes, so the grouping is one cheap
 * pass over orders. What needs a row of its own (the latest name, language and spelling of the
 * email, the guides) is read afterwards for the rows kept only (customerDetails).
 */
export const customerColumns = {
  key: customerKey,
  orders: sql<number>`count(*)::int`,
  paidOrders: sql<number>`(count(*) filter (where ${isPaid}))::int`,
  totalPaid: sql<string>`(coalesce(sum(${orders.total}) filter (where ${isPaid}), 0.00))::text`,
  refunded: sql<string>`(coalesce(sum(${orders.refundedAmount}) filter (where ${isPaid}), 0.00))::text`,
  testModeTotal: sql<string>`(coalesce(sum(${orders.total}) filter (where ${isTestMode}), 0.00))::text`,
  unpaidTotal: sql<string>`(coalesce(sum(${orders.total}) filter (where ${isUnpaid}), 0.00))::text`,
  freeOrders: sql<number>`(count(*) filter (where ${orders.status} = 'completed' and ${orders.paymentMethod} = 'free'))::int`,
  firstOrderAt: sql<Date | string>`min(${orders.createdAt})`,
  lastOrderAt: sql<Date | string>`max(${orders.createdAt})`,
};

export interface CustomerFigures {
  key: string;
  orders: number;
  paidOrders: number;
  totalPaid: string;
  refunded: string;
  testModeTotal: string;
  unpaidTotal: string;
  freeOrders: number;
  firstOrderAt: Date | string;
  lastOrderAt: Date | string;
}

/** The latest order's email, name and language, and the distinct guides bought, per customer key. */
async function detailsOf(db: Db, keys: string[]) {
  const [latest, guides] = await Promise.all([
    db
      .selectDistinctOn([customerKey], {
        key: customerKey,
        email: orders.email,
        name: sql<string>`trim(${orders.firstName} || ' ' || ${orders.lastName})`,
        locale: orders.locale,
      })
      .from(orders)
      .where(inArray(customerKey, keys))
      .orderBy(customerKey, desc(orders.createdAt), desc(orders.id)),
    db
      .select({ key: customerKey, guides: sql<number>`count(distinct ${orderItems.guideId})::int` })
      .from(orders)
      .innerJoin(orderItems, sql`${orderItems.orderId} = ${orders.id}`)
      .where(and(inArray(customerKey, keys), isPaid))
      .groupBy(customerKey),
  ]);
  return {
    latest: new Map(latest.map((row) => [row.key, row])),
    guides: new Map(guides.map((row) => [row.key, row.guides])),
  };
}

const isoDate = (value: Date | string) => new Date(value).toISOString();

/** The customers of a page (or an export batch) from their figures, with their details added. */
export async function customersOf(db: Db, rows: CustomerFigures[]): Promise<Customer[]> {
  if (rows.length === 0) return [];
  const details = await detailsOf(
    db,
    rows.map((r) => r.key),
  );
  return rows.map((row) => {
    const latest = details.latest.get(row.key);
    return {
      email: latest?.email ?? row.key,
      name: latest?.name ?? '',
      locale: latest && isLocale(latest.locale) ? latest.locale : 'fr',
      orders: row.orders,
      paidOrders: row.paidOrders,
      guides: details.guides.get(row.key) ?? 0,
      totalPaid: row.totalPaid,
      refunded: row.refunded,
      testModeTotal: row.testModeTotal,
      unpaidTotal: row.unpaidTotal,
      freeOrders: row.freeOrders,
      firstOrderAt: isoDate(row.firstOrderAt),
      lastOrderAt: isoDate(row.lastOrderAt),
    };
  });
}

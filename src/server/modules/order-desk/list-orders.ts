import { and, asc, desc, inArray, type SQL, sql } from 'drizzle-orm';
import {
  ORDER_COUNT_CAP,
  ORDER_COUNT_CAP_GUIDE_AND_MORE,
  type OrderFilters,
  type OrderList,
  type OrderListRow,
} from '../../../shared/contracts/endpoints/admin-orders.schemas';
import { centsToFcfa, toCents } from '../../../shared/money';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { invalid } from '../../domain/errors';
import { methodOf, orderWhere } from './order-filters';

/** Where a page ended: the last order's creation time (as PostgreSQL wrote it, to the microsecond) and id. */
export interface Cursor {
  createdAt: string;
  id: string;
}

const encodeCursor = (cursor: Cursor) =>
  Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');

function decodeCursor(value: string): Cursor {
  const [createdAt, id, ...rest] = Buffer.from(value, 'base64url').toString('utf8').split('|');
  const valid =
    rest.length === 0 &&
    id !== undefined &&
    /^[0-9a-f-]{36}$/.test(id) &&
    createdAt !== undefined &&
    !Number.isNaN(Date.parse(createdAt));
  if (!valid) throw invalid('cursor must be the nextCursor of a previous answer', { field: 'cursor' });
  return { createdAt, id };
}

const PAGE_COLUMNS = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentProvider: orders.paymentProvider,
  paymentIntentId: orders.paymentIntentId,
  providerTransactionId: orders.providerTransactionId,
  mobileMoneyReference: orders.mobileMoneyReference,
  email: orders.email,
  firstName: orders.firstName,
  lastName: orders.lastName,
  phoneNumber: orders.phoneNumber,
  locale: orders.locale,
  total: orders.total,
  discountCode: orders.discountCode,
  discountAmount: orders.discountAmount,
  refundedAmount: orders.refundedAmount,
  accessRevokedAt: orders.accessRevokedAt,
  createdAt: orders.createdAt,
};

/** Orders matching, newest first, after a cursor: one page of the list, or one batch of the export. */
export async function selectOrderPage(
  db: Db,
  where: SQL | undefined,
  after: Cursor | undefined,
  limit: number,
) {
  return db
    .select({ order: PAGE_COLUMNS, createdAtText: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(
      and(
        where,
        after
          ? sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}
export type PagedOrder = Awaited<ReturnType<typeof selectOrderPage>>[number]['order'];

/**
 * Every order, newest first, a page at a time after a keyset cursor (the same speed on the last
 * page as on the first), with how many match counted up to ORDER_COUNT_CAP: a count of a million
 * rows would cost more than the page.
 */
export async function listOrders(
  db: Db,
  query: OrderFilters & { cursor?: string | undefined; limit: number },
): Promise<OrderList> {
  const where = orderWhere(query);
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const cap = countCapOf(query);
  const matched = db
    .select({ one: sql`1` })
    .from(orders)
    .where(where)
    .limit(cap + 1)
    .as('matched');
  // The page and the count are independent: on PostgreSQL they run side by side on two connections.
  const [rows, [counted]] = await Promise.all([
    selectOrderPage(db, where, after, query.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(matched),
  ]);
  const page = rows.slice(0, query.limit);
  const total = Number(counted?.n ?? 0);
  const titles = await guideTitles(
    db,
    page.map((r) => r.order.id),
  );
  const last = page.at(-1);
  return {
    orders: page.map(({ order }) => listRow(order, titles.get(order.id) ?? [])),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ createdAt: last.createdAtText, id: last.order.id })
        : null,
    total: Math.min(total, cap),
    totalIsAtLeast: total > cap,
  };
}

/** The guide filter probes each candidate's items: with anything else set, the count stops sooner. */
function countCapOf(filters: OrderFilters): number {
  const { q, status, method, locale, from, to } = filters;
  const more = [q, status, method, locale, from, to].some(Boolean);
  return filters.guide && more ? ORDER_COUNT_CAP_GUIDE_AND_MORE : ORDER_COUNT_CAP;
}

export async function guideTitles(db: Db, orderIds: string[]): Promise<Map<string, string[]>> {
  const titles = new Map<string, string[]>();
  if (orderIds.length === 0) return titles;
  const items = await db
    .select({ orderId: orderItems.orderId, title: orderItems.title })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.title));
  for (const item of items) titles.set(item.orderId, [...(titles.get(item.orderId) ?? []), item.title]);
  return titles;
}

function listRow(order: PagedOrder, guides: string[]): OrderListRow {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    method: methodOf(order),
    paymentProvider: order.paymentProvider,
    email: order.email,
    name: `${order.firstName} ${order.lastName}`.trim(),
    phone: order.phoneNumber,
    locale: order.locale,
    total: order.total,
    totalFcfa: centsToFcfa(toCents(order.total)),
    discountAmount: order.discountAmount,
    refundedAmount: order.refundedAmount,
    accessRevoked: order.accessRevokedAt !== null,
    guides,
  };
}

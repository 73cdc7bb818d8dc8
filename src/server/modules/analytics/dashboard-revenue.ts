import { sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import type { Db } from '../../db/client';
import type { RangeBounds } from './dashboard-format';
import { type DashboardQuery, orderTime, rows, ts } from './dashboard-sql';

/**
 * The dashboard's money: what completed orders brought in, before and after their
 * discounts, less the refunds made in the range. A refund counts on the day it was made, not on its
 * order's day, so a closed period's figures never change afterwards (docs/DEVIATIONS.md). Test-mode
 * orders and their refunds stay out, counted apart as before.
 */
export interface RevenueFigures {
  /** Completed orders of the range: count, paid (after discounts), discounts given. */
  orders: number;
  paidCents: number;
  discountCents: number;
  /** Refunds made in the range, whatever their order's date. */
  refundedCents: number;
  /** The same for the period before, for the growth figures. */
  previous: { orders: number; netCents: number };
  /** Test-mode orders of the range and what they brought in, less their refunds: shown apart. */
  testMode: { orders: number; netCents: number };
}

export async function revenueFigures(db: Db, b: RangeBounds): Promise<RevenueFigures> {
  const inRange = sql`${orderTime} >= ${ts(b.start)}`;
  const [o] = await rows<Record<'orders' | 'prev_orders' | 'test_orders', number> & Record<string, string>>(
    db,
    sql`select
        count(*) filter (where ${inRange} and not test_mode)::int as orders,
        coalesce(sum(total) filter (where ${inRange} and not test_mode), 0)::text as paid,
        coalesce(sum(discount_amount) filter (where ${inRange} and not test_mode), 0)::text as discounts,
        count(*) filter (where not ${inRange} and not test_mode)::int as prev_orders,
        coalesce(sum(total) filter (where not ${inRange} and not test_mode), 0)::text as prev_paid,
        count(*) filter (where ${inRange} and test_mode)::int as test_orders,
        coalesce(sum(total) filter (where ${inRange} and test_mode), 0)::text as test_paid
      from orders
      where status = 'completed' and ${orderTime} >= ${ts(b.previousStart)} and ${orderTime} < ${ts(b.end)}`,
  );
  const current = sql`r.created_at >= ${ts(b.start)}`;
  const [r] = await rows<{ refunded: string; prev_refunded: string; test_refunded: string }>(
    db,
    sql`select
        coalesce(sum(r.amount) filter (where ${current} and not o.test_mode), 0)::text as refunded,
        coalesce(sum(r.amount) filter (where not ${current} and not o.test_mode), 0)::text as prev_refunded,
        coalesce(sum(r.amount) filter (where ${current} and o.test_mode), 0)::text as test_refunded
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'succeeded' and r.created_at >= ${ts(b.previousStart)} and r.created_at < ${ts(b.end)}`,
  );
  return {
    orders: o?.orders ?? 0,
    paidCents: toCents(o?.paid ?? '0'),
    discountCents: toCents(o?.discounts ?? '0'),
    refundedCents: toCents(r?.refunded ?? '0'),
    previous: {
      orders: o?.prev_orders ?? 0,
      netCents: toCents(o?.prev_paid ?? '0') - toCents(r?.prev_refunded ?? '0'),
    },
    testMode: {
      orders: o?.test_orders ?? 0,
      netCents: toCents(o?.test_paid ?? '0') - toCents(r?.test_refunded ?? '0'),
    },
  };
}

/** Refunds made each day of the range (UTC), in cents: the daily revenue's deduction. */
export async function refundsByDay(q: DashboardQuery, b: RangeBounds): Promise<Map<string, number>> {
  const found = await rows<{ day: string; refunded: string }>(
    q.db,
    sql`select to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(r.amount)::text as refunded
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'succeeded' and not o.test_mode
        and r.created_at >= ${ts(b.start)} and r.created_at < ${ts(b.end)}
      group by 1`,
  );
  return new Map(found.map((row) => [row.day, toCents(row.refunded)]));
}

/** Uses of each discount code by the range's completed orders, most used first (the top 20). */
export async function discountCodeUses(
  db: Db,
  b: RangeBounds,
): Promise<{ code: string; uses: number; discountCents: number }[]> {
  const found = await rows<{ code: string; uses: number; discount: string }>(
    db,
    sql`select c.code, count(*)::int as uses, coalesce(sum(o.discount_amount), 0)::text as discount
      from discount_redemptions d
        join discount_codes c on c.id = d.code_id
        join orders o on o.id = d.order_id
      where d.status = 'used' and o.status = 'completed' and not o.test_mode
        and coalesce(o.completed_at, o.created_at) >= ${ts(b.start)}
        and coalesce(o.completed_at, o.created_at) < ${ts(b.end)}
      group by c.code order by uses desc, c.code limit 20`,
  );
  return found.map((row) => ({ code: row.code, uses: row.uses, discountCents: toCents(row.discount) }));
}

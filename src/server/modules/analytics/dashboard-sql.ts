import { type SQL, sql } from 'drizzle-orm';
import type { AnalyticsRange } from '../../../shared/contracts/endpoints/analytics.schemas';
import type { Db } from '../../db/client';
import { type RangeBounds, rangeBounds } from './dashboard-format';

/** What every answer of the admin Analytics tab is built from: the range, the SQL helpers. */

export interface DashboardQuery {
  db: Db;
  range: AnalyticsRange;
  now?: Date;
}

/**
 * Runs an answer's queries in one read-only transaction with enough work_mem for the hash
 * aggregates of a 90-day range (PostgreSQL's 4 MB default sends them to disk).
 */
export async function withDashboardTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx as unknown as Db);
  });
}

export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
export const day = (d: Date) => sql`${d.toISOString().slice(0, 10)}::date`;
/** When an order counts: its completion, else its creation. */
export const orderTime = sql`coalesce(completed_at, created_at)`;

export function bounds(q: DashboardQuery): RangeBounds {
  return rangeBounds(q.range, q.now ?? new Date());
}

/**
 * Visitors with a session in the range: their last session day falls in it, since every range
 * ends today (analytics_visitors). With a clock pinned in the past (tests), a visitor who came
 * back after the range is not counted in it.
 */
export async function uniqueVisitors(db: Db, b: RangeBounds): Promise<number> {
  const [r] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from analytics_visitors
      where last_day >= ${day(b.start)} and last_day < ${day(b.end)}`,
  );
  return r?.n ?? 0;
}

export const utcDay = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

import { and, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '../../../shared/payment-methods';
import type { Tx } from '../../db/client';
import { orders } from '../../db/schema';
import { tooMany } from '../../domain/errors';

const DAY_SECONDS = 24 * 3600;

/**
 * Refuses a new free or mobile-money order once this email already has `max` of them from the last
 * 24 hours: every such order emails its address, so this bounds what the shop sends to one inbox
 * whatever addresses the requests come from. Counted in the database (so it holds across
 * processes) under a lock on the email, so racing requests cannot both take the last place.
 * Runs inside the order's transaction, after the repeat check: a double submit is not a new order.
 */
export async function refuseBeyondDailyOrders(
  tx: Tx,
  limit: { method: PaymentMethod; email: string; max: number; refusal: string },
): Promise<void> {
  const email = limit.email.trim().toLowerCase();
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`daily-orders:${limit.method}:${email}`}, 0))`,
  );
  const [row] = await tx
    .select({
      placed: sql<number>`count(*)`.mapWith(Number),
      // Seconds until the oldest of them is a day old, when a place frees up.
      wait: sql<
        number | null
      >`extract(epoch from (min(${orders.createdAt}) + interval '24 hours' - now()))`.mapWith(Number),
    })
    .from(orders)
    .where(
      and(
        sql`lower(${orders.email}) = ${email}`,
        eq(orders.paymentMethod, limit.method),
        sql`${orders.createdAt} > now() - interval '24 hours'`,
      ),
    );
  if (row && row.placed >= limit.max) {
    throw tooMany(limit.refusal, Math.min(DAY_SECONDS, Math.max(1, row.wait ?? DAY_SECONDS)));
  }
}

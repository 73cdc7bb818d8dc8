import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminAuthFailures } from '../../db/schema';

export const ADMIN_FAILURE_LIMIT = 10;
export const ADMIN_FAILURE_WINDOW_MS = 15 * 60_000;

export type AdminAttempt =
  | { outcome: 'accepted' }
  | { outcome: 'refused' }
  | { outcome: 'locked'; until: Date };

/**
 * Checks one admin key attempt from `ip` against the failure counter in the database, shared by
 * every instance. The right key is accepted before the counter is looked at, so nobody can lock the
 * operator out by failing from the operator's address (a carrier's NAT, a café): the lock only ever
 * refuses wrong keys (decision 004). A wrong key counts as a failure (an upsert that locks the
 * address's row) and is judged while that lock is held, so a burst of parallel guesses from one
 * address gets exactly ADMIN_FAILURE_LIMIT answered 401 and the rest 429.
 *
 * The window is fixed: it starts at the first failure and the address is free again 15 minutes
 * later. A right key neither adds to nor resets the count (a guesser sharing the operator's address
 * does not get fresh attempts each time the operator signs in).
 */
export async function judgeAdminAttempt(
  db: Db,
  ip: string,
  now: Date,
  keyIsRight: () => boolean,
): Promise<AdminAttempt> {
  if (keyIsRight()) return { outcome: 'accepted' };
  const windowOpensAfter = new Date(now.getTime() - ADMIN_FAILURE_WINDOW_MS).toISOString();
  const expired = sql`"admin_auth_failures"."window_start" <= ${windowOpensAfter}::timestamptz`;
  let verdict: AdminAttempt = { outcome: 'refused' };
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(adminAuthFailures)
        .values({ ip, windowStart: now, count: 1 })
        .onConflictDoUpdate({
          target: adminAuthFailures.ip,
          set: {
            windowStart: sql`case when ${expired} then excluded.window_start else "admin_auth_failures"."window_start" end`,
            count: sql`case when ${expired} then 1 else "admin_auth_failures"."count" + 1 end`,
          },
        })
        .returning({ count: adminAuthFailures.count, windowStart: adminAuthFailures.windowStart });
      if (!row) throw new Error('The admin failure counter returned no row');
      if (row.count > ADMIN_FAILURE_LIMIT) {
        // Locked until the window ends: nothing more to count, so roll back instead of writing.
        verdict = { outcome: 'locked', until: new Date(row.windowStart.getTime() + ADMIN_FAILURE_WINDOW_MS) };
        tx.rollback();
      }
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (verdict.outcome === 'refused') await pruneAdminFailures(db, now);
  return verdict;
}

/** Forgets windows that have ended, so the table holds only addresses with recent failures. */
export async function pruneAdminFailures(db: Db, now: Date): Promise<void> {
  const windowOpensAfter = new Date(now.getTime() - ADMIN_FAILURE_WINDOW_MS).toISOString();
  await db.execute(
    sql`delete from admin_auth_failures where window_start <= ${windowOpensAfter}::timestamptz`,
  );
}

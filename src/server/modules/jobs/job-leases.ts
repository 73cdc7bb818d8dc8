import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

/** The jobs table as one worker sees it: the kinds it handles and how long its claims last. */
export interface JobQueue {
  db: Db;
  log: FastifyBaseLogger;
  kinds: string[];
  leaseMs: number;
  maxAttempts: number;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  payload: unknown;
  attempts: number;
  /** The claim's token; only this claim may extend, finish or reschedule the job. */
  lockedBy: string | null;
}

export const msFromNow = (ms: number): SQL =>
  sql`now() + (${Math.round(ms)}::integer * interval '1 millisecond')`;

/** Claims the next due job, or one whose worker died, with a fresh lease and token. */
export async function claimNextJob({
  db,
  kinds,
  leaseMs,
  maxAttempts,
}: JobQueue): Promise<ClaimedJob | undefined> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(
          and(eq(jobs.status, 'pending'), lte(jobs.runAfter, sql`now()`)),
          // A running job whose lease passed belonged to a worker that died: take it over.
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`), lt(jobs.attempts, maxAttempts)),
        ),
      ),
    )
    .orderBy(jobs.runAfter)
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: randomUUID(),
      lockedUntil: msFromNow(leaseMs),
    })
    .where(sql`${jobs.id} = (${due})`)
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      lockedBy: jobs.lockedBy,
    });
  return job;
}

/** Jobs abandoned by a crash on their last allowed attempt are not retried again: they fail. */
export async function failAbandonedJobs({ db, kinds, maxAttempts }: JobQueue): Promise<void> {
  await db
    .update(jobs)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      lockedBy: null,
      lockedUntil: null,
      lastError: sql`coalesce(${jobs.lastError} || ' / ', '') || 'the worker stopped during the last attempt'`,
    })
    .where(
      and(
        inArray(jobs.kind, kinds),
        eq(jobs.status, 'running'),
        lt(jobs.lockedUntil, sql`now()`),
        sql`${jobs.attempts} >= ${maxAttempts}`,
      ),
    );
}

/**
 * Extends the claim's lease every third of it while the handler runs; aborts `lease` when the
 * token no longer matches (another worker took the job over). Returns the timer to clear.
 */
export function holdLease(
  { db, log, leaseMs }: JobQueue,
  job: ClaimedJob,
  held: SQL | undefined,
  lease: AbortController,
): NodeJS.Timeout {
  const heartbeat = setInterval(
    () => {
      db.update(jobs)
        .set({ lockedUntil: msFromNow(leaseMs) })
        .where(held)
        .returning({ id: jobs.id })
        .then(
          (rows) => {
            if (rows.length === 0) lease.abort(new Error('The job lease was lost to another worker'));
          },
          (error: unknown) => log.warn({ err: error, jobId: job.id }, 'job heartbeat failed'),
        );
    },
    Math.max(1_000, Math.floor(leaseMs / 3)),
  );
  heartbeat.unref();
  return heartbeat;
}

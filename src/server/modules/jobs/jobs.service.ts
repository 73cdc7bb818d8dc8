import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';

/** A database handle or an open transaction: jobs are enqueued in the same transaction as their cause. */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'execute'>;

export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  /** The same logical job is only ever queued once: a second enqueue with this key does nothing. */
  dedupeKey: string;
  runAfter?: Date;
}

/** Queues work that must survive a crash (the outbox). Returns false when it was already queued. */
export async function enqueueJob(db: DbOrTx, job: JobInput): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      dedupeKey: job.dedupeKey,
      runAfter: job.runAfter ?? sql`now()`,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** Delivering an order: stamp its PDFs, then send the delivery email. Exactly once per order. */
export const DELIVER_ORDER_JOB = 'deliver-order';
export const deliverOrderJob = (orderId: string): JobInput => ({
  kind: DELIVER_ORDER_JOB,
  payload: { orderId },
  dedupeKey: `${DELIVER_ORDER_JOB}:${orderId}`,
});

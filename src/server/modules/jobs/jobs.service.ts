import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { jobs } from '../../db/schema';

/** A job to queue. The kinds and their payloads are declared by the modules that own them (registry.ts). */
export interface JobInput {
  kind: string;
  payload: Record<string, unknown>;
  /** The same logical job is only ever queued once: a second enqueue with this key does nothing. */
  dedupeKey: string;
  runAfter?: Date;
}

/**
 * In-process hint that work was queued, so this process's worker looks sooner than its next poll.
 * Only a hint: the row is the truth, and other processes find it by polling.
 */
export const jobQueueSignal = new EventEmitter().setMaxListeners(0);

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
  if (inserted.length > 0) jobQueueSignal.emit('enqueued');
  return inserted.length > 0;
}

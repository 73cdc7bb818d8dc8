import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import {
  type ClaimedJob,
  claimNextJob,
  failAbandonedJobs,
  holdLease,
  type JobQueue,
  msFromNow,
} from './job-leases';
import { jobQueueSignal } from './jobs.service';

/** A failure retrying cannot fix (a malformed payload, an order that does not exist): no more attempts. */
export class PermanentJobError extends Error {}

export interface JobContext {
  jobId: string;
  /** 1 on the first attempt. */
  attempt: number;
  /** Aborted when this worker lost the job's lease: stop before any side effect that is not idempotent. */
  signal: AbortSignal;
}

/** Runs one job. Must be idempotent: a job can run again after a crash at any point. */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface WorkerOptions {
  /** How often the loop looks for due jobs. */
  pollIntervalMs?: number;
  /** How long a claim lasts without a heartbeat; a crashed worker's job is claimed again after it. */
  leaseMs?: number;
  /** After this many attempts a failing job is marked failed and left for the operator. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
}

/** How long after an in-process enqueue the idle loop looks (the enqueuing transaction commits first). */
const NUDGE_DELAY_MS = 50;

const DEFAULTS: Required<WorkerOptions> = {
  pollIntervalMs: 400,
  leaseMs: 120_000,
  maxAttempts: 12,
  backoffBaseMs: 10_000,
  backoffCapMs: 3_600_000,
};

/** Exponential backoff with ±20 % jitter, so jobs that failed together (an SMTP outage) spread out. */
export function retryDelayMs(
  attempt: number,
  options: Pick<Required<WorkerOptions>, 'backoffBaseMs' | 'backoffCapMs'>,
  random: () => number = Math.random,
): number {
  const exponential = Math.min(options.backoffCapMs, options.backoffBaseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

export interface JobWorker {
  /** Starts the polling loop (and listens for in-process enqueue nudges). */
  start(): void;
  /** Stops the loop; resolves once the job in hand (if any) has finished and been recorded. */
  stop(): Promise<void>;
  /** Claims and runs due jobs one by one until none is due; returns how many ran. Safe to call concurrently. */
  runDueJobs(options?: { limit?: number }): Promise<number>;
}

/** Runs a claimed job under its lease, then records it done, to retry later, or failed for good. */
async function runJob(
  queue: JobQueue,
  settings: Required<WorkerOptions>,
  handler: JobHandler,
  job: ClaimedJob,
): Promise<void> {
  const { db } = queue;
  const token = job.lockedBy!;
  const held = and(eq(jobs.id, job.id), eq(jobs.lockedBy, token));
  const lease = new AbortController();
  const heartbeat = holdLease(queue, job, held, lease);

  try {
    await handler(job.payload, { jobId: job.id, attempt: job.attempts, signal: lease.signal });
  } catch (error) {
    clearInterval(heartbeat);
    await recordFailure(queue, settings, job, held, error);
    return;
  }
  clearInterval(heartbeat);
  await db
    .update(jobs)
    .set({ status: 'done', finishedAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(held);
}

/** A failed attempt: retried after a backoff, or failed for good when permanent or the last allowed. */
async function recordFailure(
  { db, log }: JobQueue,
  settings: Required<WorkerOptions>,
  job: ClaimedJob,
  held: SQL | undefined,
  error: unknown,
): Promise<void> {
  const permanent = error instanceof PermanentJobError || job.attempts >= settings.maxAttempts;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const delay = retryDelayMs(job.attempts, settings);
  await db
    .update(jobs)
    .set(
      permanent
        ? {
            status: 'failed',
            lastError: message,
            finishedAt: sql`now()`,
            lockedBy: null,
            lockedUntil: null,
          }
        : {
            status: 'pending',
            lastError: message,
            runAfter: msFromNow(delay),
            lockedBy: null,
            lockedUntil: null,
          },
    )
    .where(held);
  log[permanent ? 'error' : 'warn'](
    { err: error, jobId: job.id, kind: job.kind, attempt: job.attempts },
    permanent ? 'job failed for good' : `job failed; retrying in ${Math.round(delay / 1000)} s`,
  );
}

/** Claims and runs due jobs one at a time until none is due, `limit` ran, or the worker stops. */
async function runUntilIdle(
  queue: JobQueue,
  settings: Required<WorkerOptions>,
  handlers: Record<string, JobHandler>,
  limit: number,
  stopping: () => boolean,
): Promise<number> {
  await failAbandonedJobs(queue);
  let ran = 0;
  while (ran < limit && !stopping()) {
    const job = await claimNextJob(queue);
    if (!job) break;
    await runJob(queue, settings, handlers[job.kind]!, job);
    ran++;
  }
  return ran;
}

/**
 * The outbox worker. Several may run at once, in one process or many on one PostgreSQL: a job is
 * claimed by one UPDATE whose subquery takes the row with FOR UPDATE SKIP LOCKED, so two workers
 * never claim the same row, and the claim carries a lease (locked_until) and a token (locked_by).
 * A heartbeat extends the lease while the handler runs; a job whose lease passed (its worker
 * crashed) is due again. Finishing or rescheduling only applies while the token still matches.
 */
export function createJobWorker(
  deps: { db: Db; log: FastifyBaseLogger },
  handlers: Record<string, JobHandler>,
  options: WorkerOptions = {},
): JobWorker {
  const settings = { ...DEFAULTS, ...options };
  const kinds = Object.keys(handlers);
  const { log } = deps;
  const queue: JobQueue = { ...deps, kinds, leaseMs: settings.leaseMs, maxAttempts: settings.maxAttempts };

  let looping = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let loopRun: Promise<void> | undefined;
  let runAgain = false;
  /** A nudge's pass is already scheduled. */
  let nudged = false;
  const inFlight = new Set<Promise<number>>();

  function runDueJobs(runOptions: { limit?: number } = {}): Promise<number> {
    const run = runUntilIdle(queue, settings, handlers, runOptions.limit ?? 100, () => stopping);
    inFlight.add(run);
    const forget = () => inFlight.delete(run);
    run.then(forget, forget);
    return run;
  }

  function schedule(delayMs: number): void {
    if (!looping) return;
    clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick(): void {
    timer = undefined;
    nudged = false;
    runAgain = false;
    loopRun = runDueJobs()
      .then(
        () => undefined,
        (error: unknown) => log.error({ err: error }, 'job worker pass failed'),
      )
      .finally(() => {
        loopRun = undefined;
        schedule(runAgain ? 0 : settings.pollIntervalMs);
      });
  }

  // The nudge comes from enqueueJob, usually inside a transaction not yet committed: look a moment
  // later. Further nudges meanwhile keep that moment (re-arming it each time would let a steady
  // stream of enqueues put the pass off indefinitely).
  const onEnqueued = () => {
    if (!looping) return;
    if (loopRun) runAgain = true;
    else if (!nudged) {
      nudged = true;
      schedule(NUDGE_DELAY_MS);
    }
  };

  return {
    start() {
      if (looping) return;
      looping = true;
      stopping = false;
      jobQueueSignal.on('enqueued', onEnqueued);
      schedule(0);
    },
    async stop() {
      looping = false;
      stopping = true;
      jobQueueSignal.off('enqueued', onEnqueued);
      clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([loopRun, ...inFlight]);
    },
    runDueJobs,
  };
}

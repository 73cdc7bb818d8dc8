import type { FastifyBaseLogger } from 'fastify';
import type { PendingEvent } from './ingest-rows';

/** Most events written by one statement set. */
export const MAX_WRITE_BATCH = 5000;

export interface EventBufferOptions {
  write: (events: PendingEvent[]) => Promise<void>;
  /** Flush at least this often while events wait. */
  flushIntervalMs: number;
  /** Flush as soon as this many events wait. */
  flushMaxEvents: number;
  /** Refuse events beyond this many waiting (the database is down or too slow): the browser retries. */
  maxBufferedEvents: number;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

export interface EventBuffer {
  /** False when the buffer is full and the events were not taken. */
  add(events: PendingEvent[]): boolean;
  /** Writes everything waiting, in batches; resolves when written (or put back after a failure). */
  flush(): Promise<void>;
  /** Stops the timer and writes everything, retrying a failed write a few times. */
  close(): Promise<void>;
  readonly waiting: number;
}

/**
 * Events wait in memory and are written in batches (write-events.ts), one batch at a time per
 * process. A failed write puts its events back in front; close() drains the buffer, so app.close()
 * on SIGTERM loses nothing that was accepted.
 */
export function createEventBuffer(options: EventBufferOptions): EventBuffer {
  let pending: PendingEvent[] = [];
  let running: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let closed = false;

  const writeOnce = async (): Promise<boolean> => {
    flushQueued = false;
    if (pending.length === 0) return true;
    // Bounded statements: a backlog is written as several batches, one after the other.
    const batch = pending.splice(0, MAX_WRITE_BATCH);
    try {
      await options.write(batch);
      if (pending.length >= options.flushMaxEvents && !closed) void flush();
      return true;
    } catch (error) {
      options.log.error(
        { err: error, events: batch.length },
        'analytics events could not be written; kept for the next flush',
      );
      pending = batch.concat(pending).slice(0, options.maxBufferedEvents);
      return false;
    }
  };

  const flush = (): Promise<void> => {
    if (flushQueued) return running;
    flushQueued = true;
    running = running.then(async () => {
      await writeOnce();
    });
    return running;
  };

  const timer = setInterval(() => {
    if (pending.length > 0) void flush();
  }, options.flushIntervalMs);
  timer.unref();

  return {
    add(events) {
      if (closed || pending.length + events.length > options.maxBufferedEvents) {
        options.log.warn({ waiting: pending.length }, 'analytics buffer full: events refused');
        return false;
      }
      pending.push(...events);
      if (pending.length >= options.flushMaxEvents) void flush();
      return true;
    },
    async flush() {
      // Until nothing waits, or a write fails (its events stay for the next try).
      let ok = true;
      while (ok && pending.length > 0) {
        running = running.then(async () => {
          ok = await writeOnce();
        });
        await running;
      }
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      let failures = 0;
      while (pending.length > 0 && failures < 3) {
        running = running.then(async () => {
          if (!(await writeOnce())) failures++;
        });
        await running;
      }
      if (pending.length > 0) options.log.error({ events: pending.length }, 'analytics events lost on close');
    },
    get waiting() {
      return pending.length;
    },
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { isDataRefusal } from '../../http/errors';
import { boundText } from '../../http/log-limits';
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
  /** The database refused these events' data (not the connection): default isDataRefusal. */
  isRefused?: (error: unknown) => boolean;
}

export interface EventBufferHealth {
  /** False from a failed write until the next one succeeds (the events wait in the buffer). */
  writing: boolean;
  waiting: number;
  /** Events the database refused, left out so that the others are written. */
  setAside: number;
}

export interface EventBuffer {
  /** False when the buffer is full and the events were not taken. */
  add(events: PendingEvent[]): boolean;
  /** Writes everything waiting, in batches; resolves when written (or put back after a failure). */
  flush(): Promise<void>;
  /** Stops the timer and writes everything, retrying a failed write a few times. */
  close(): Promise<void>;
  readonly waiting: number;
  health(): EventBufferHealth;
}

/** The innermost error's code and message, short: what a set-aside event's log line says. */
function refusalReason(error: unknown): string {
  let inner = error;
  for (let depth = 0; depth < 4 && (inner as { cause?: unknown })?.cause; depth++) {
    inner = (inner as { cause: unknown }).cause;
  }
  const { code, message } = (inner ?? {}) as { code?: unknown; message?: unknown };
  return boundText(`${typeof code === 'string' ? `${code} ` : ''}${String(message ?? inner)}`, 200);
}

type WriteOutcome = { failed: false } | { failed: true; unwritten: PendingEvent[] };

/**
 * Writes a batch, halving it around the events whose data the database refuses: those are set
 * aside (counted, one short line each). A failure of another kind keeps back what was not written.
 */
function createSplittingWriter(options: EventBufferOptions) {
  const isRefused = options.isRefused ?? isDataRefusal;
  let setAside = 0;

  /** Writes what it can of `events`; what is left is what a failure other than the data kept out. */
  const writeSplitting = async (
    events: PendingEvent[],
  ): Promise<{ failed: false } | { failed: true; unwritten: PendingEvent[]; error: unknown }> => {
    try {
      await options.write(events);
      return { failed: false };
    } catch (error) {
      if (!isRefused(error)) return { failed: true, unwritten: events, error };
      if (events.length === 1) {
        setAside++;
        options.log.warn(
          { reason: refusalReason(error), setAside },
          'an analytics event the database refused was set aside',
        );
        return { failed: false };
      }
      // Each half is its own transaction; session counts add up, so halves may land separately.
      const middle = Math.ceil(events.length / 2);
      const first = await writeSplitting(events.slice(0, middle));
      if (first.failed) return { ...first, unwritten: first.unwritten.concat(events.slice(middle)) };
      return writeSplitting(events.slice(middle));
    }
  };

  return {
    async write(events: PendingEvent[]): Promise<WriteOutcome> {
      const result = await writeSplitting(events);
      if (result.failed) {
        options.log.error(
          { err: result.error, events: result.unwritten.length },
          'analytics events could not be written; kept for the next flush',
        );
      }
      return result;
    },
    get setAside() {
      return setAside;
    },
  };
}

/**
 * Events wait in memory and are written in batches (write-events.ts), one batch at a time per
 * process. A batch whose data the database refuses is halved until the refused events are alone,
 * and those are set aside (counted, one short line each): one bad event never holds back the
 * others. A batch that fails otherwise (database down) is put back in front and the
 * buffer reports itself not writing; close() drains the buffer, so app.close() on SIGTERM loses
 * nothing that was accepted.
 */
export function createEventBuffer(options: EventBufferOptions): EventBuffer {
  const writer = createSplittingWriter(options);
  let pending: PendingEvent[] = [];
  let running: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let closed = false;
  let failing = false;

  const writeOnce = async (): Promise<boolean> => {
    flushQueued = false;
    if (pending.length === 0) return true;
    // Bounded statements: a backlog is written as several batches, one after the other.
    const result = await writer.write(pending.splice(0, MAX_WRITE_BATCH));
    if (!result.failed) {
      failing = false;
      if (pending.length >= options.flushMaxEvents && !closed) void flush();
      return true;
    }
    failing = true;
    pending = result.unwritten.concat(pending).slice(0, options.maxBufferedEvents);
    return false;
  };

  const flush = (): Promise<void> => {
    if (flushQueued) return running;
    flushQueued = true;
    running = running.then(async () => {
      await writeOnce();
    });
    return running;
  };

  /** Writes batch after batch until nothing waits or `failuresAllowed` writes have failed. */
  const drain = async (failuresAllowed: number): Promise<void> => {
    let failures = 0;
    while (pending.length > 0 && failures < failuresAllowed) {
      running = running.then(async () => {
        if (!(await writeOnce())) failures++;
      });
      await running;
    }
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
      await drain(1);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
      await drain(3);
      if (pending.length > 0) options.log.error({ events: pending.length }, 'analytics events lost on close');
    },
    get waiting() {
      return pending.length;
    },
    health() {
      return { writing: !failing, waiting: pending.length, setAside: writer.setAside };
    },
  };
}

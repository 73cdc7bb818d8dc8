import { describe, expect, test } from 'vitest';
import { createEventBuffer, MAX_WRITE_BATCH } from './event-buffer';
import { type PendingEvent, toPendingEvents } from './ingest-rows';

const NOW = Date.UTC(2026, 2, 15, 12);
const events = (n: number): PendingEvent[] =>
  toPendingEvents(
    Array.from({ length: n }, (_, i) => ({
      type: 'page_view' as const,
      visitorId: `visitor_${i}_1`,
      timestamp: NOW,
    })),
    { country: null, region: null },
    NOW,
  );
const quiet = { error: () => {}, warn: () => {} };

function buffer(
  write: (batch: PendingEvent[]) => Promise<void>,
  overrides: { flushMaxEvents?: number; maxBufferedEvents?: number } = {},
) {
  return createEventBuffer({
    write,
    flushIntervalMs: 60_000,
    flushMaxEvents: overrides.flushMaxEvents ?? 1000,
    maxBufferedEvents: overrides.maxBufferedEvents ?? 100_000,
    log: quiet,
  });
}

describe('event buffer', () => {
  test('events wait until M are waiting, then are written in one batch', async () => {
    const written: number[] = [];
    const b = buffer(async (batch) => void written.push(batch.length), { flushMaxEvents: 5 });
    b.add(events(3));
    expect(written).toEqual([]);
    b.add(events(2));
    await b.flush();
    expect(written).toEqual([5]);
    await b.close();
  });

  test('a backlog is written in batches of at most MAX_WRITE_BATCH', async () => {
    const written: number[] = [];
    const b = buffer(async (batch) => void written.push(batch.length), { flushMaxEvents: 100_000 });
    b.add(events(MAX_WRITE_BATCH + 7));
    await b.flush();
    expect(written).toEqual([MAX_WRITE_BATCH, 7]);
    await b.close();
  });

  test('a failed write keeps its events for the next flush', async () => {
    let fail = true;
    const written: number[] = [];
    const b = buffer(async (batch) => {
      if (fail) throw new Error('database down');
      written.push(batch.length);
    });
    b.add(events(4));
    await b.flush();
    expect(b.waiting).toBe(4);
    fail = false;
    await b.flush();
    expect(written).toEqual([4]);
    expect(b.waiting).toBe(0);
    await b.close();
  });

  test('a full buffer refuses events; close() writes what waits and refuses more', async () => {
    const written: number[] = [];
    const b = buffer(async (batch) => void written.push(batch.length), { maxBufferedEvents: 100 });
    expect(b.add(events(100))).toBe(true);
    expect(b.add(events(1))).toBe(false);
    await b.close();
    expect(written).toEqual([100]);
    expect(b.add(events(1))).toBe(false);
  });

  /** What PostgreSQL answers for a lone surrogate in JSON: SQLSTATE 22P02, wrapped by drizzle. */
  const refused = () =>
    Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('bad'), { code: '22P02' }) });
  const writerRefusing = (bad: Set<string>, written: string[]) => async (batch: PendingEvent[]) => {
    if (batch.some((e) => bad.has(e.visitorId))) throw refused();
    written.push(...batch.map((e) => e.visitorId));
  };

  test('a batch the database refuses is split: the others are written, the refused event set aside', async () => {
    const written: string[] = [];
    const warnings: unknown[] = [];
    const b = createEventBuffer({
      write: writerRefusing(new Set(['visitor_3_1', 'visitor_70_1']), written),
      flushIntervalMs: 60_000,
      flushMaxEvents: 1000,
      maxBufferedEvents: 100_000,
      log: { error: () => {}, warn: (o: unknown) => void warnings.push(o) },
    });
    b.add(events(100));
    await b.flush();
    expect(written).toHaveLength(98);
    expect(written).not.toContain('visitor_3_1');
    expect(b.health()).toEqual({ writing: true, waiting: 0, setAside: 2 });
    expect(warnings).toHaveLength(2);
    await b.close();
  });

  test('close() writes the good events of a batch that holds a refused one', async () => {
    const written: string[] = [];
    const b = buffer(writerRefusing(new Set(['visitor_0_1']), written));
    b.add(events(10));
    await b.close();
    expect(written).toHaveLength(9);
  });

  test('a failure that is not about the data keeps every event and reports the writer failing', async () => {
    let down = true;
    const written: string[] = [];
    const b = buffer(async (batch) => {
      if (down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      written.push(...batch.map((e) => e.visitorId));
    });
    b.add(events(10));
    await b.flush();
    expect(b.health()).toEqual({ writing: false, waiting: 10, setAside: 0 });
    down = false;
    await b.flush();
    expect(b.health()).toEqual({ writing: true, waiting: 0, setAside: 0 });
    expect(written).toHaveLength(10);
    await b.close();
  });
});

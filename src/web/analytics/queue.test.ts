import { describe, expect, test } from 'vitest';
import type { AnalyticsEvent } from '../../shared/contracts/analytics';
import { createAnalyticsQueue, MAX_QUEUED_EVENTS, QUEUE_KEY, type QueueDeps } from './queue';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const event = (n: number): AnalyticsEvent => ({
  type: 'page_view',
  page: `/page-${n}`,
  visitorId: 'visitor_1_1',
  timestamp: 1_000 + n,
});

/** A queue over `storage` whose every post succeeds and is kept, raw, in `posted`. */
function acceptingQueue(storage: QueueDeps['storage']) {
  const posted: string[] = [];
  const queue = createAnalyticsQueue({
    storage,
    post: async (body) => {
      posted.push(body);
      return { ok: true, status: 202 };
    },
    beacon: () => true,
    online: () => true,
    warn: () => {},
  });
  return { queue, posted };
}

/** A queue over fakes: the network answers from `answers` (or fails), the beacon from `beaconAnswers`. */
function setup(options: { online?: boolean; answers?: Array<number | 'network-error'> } = {}) {
  const storage = memoryStorage();
  const posted: AnalyticsEvent[][] = [];
  const beacons: AnalyticsEvent[][] = [];
  const warnings: string[] = [];
  const answers = [...(options.answers ?? [])];
  let beaconAccepts = true;
  let online = options.online ?? true;
  const deps: QueueDeps = {
    storage,
    post: async (body) => {
      const answer = answers.shift() ?? 204;
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      posted.push(JSON.parse(body) as AnalyticsEvent[]);
      return { ok: answer < 300, status: answer };
    },
    beacon: (body) => {
      if (beaconAccepts) beacons.push(JSON.parse(body) as AnalyticsEvent[]);
      return beaconAccepts;
    },
    online: () => online,
    warn: (message) => void warnings.push(message),
  };
  const queue = createAnalyticsQueue(deps);
  return {
    queue,
    storage,
    posted,
    beacons,
    warnings,
    setOnline: (value: boolean) => {
      online = value;
    },
    refuseBeacons: () => {
      beaconAccepts = false;
    },
  };
}

describe('the analytics queue', () => {
  test('sends what is queued as one batch, in order, and empties the queue', async () => {
    const { queue, posted, storage } = setup();
    queue.add(event(1));
    queue.add(event(2));
    await queue.flush();
    expect(posted).toEqual([[event(1), event(2)]]);
    expect(queue.pending()).toEqual([]);
    expect(storage.items.get(QUEUE_KEY)).toBe('[]');
  });

  test('offline, nothing is sent and the events wait in localStorage; back online they all arrive', async () => {
    const t = setup({ online: false });
    t.queue.add(event(1));
    t.queue.add(event(2));
    await t.queue.flush();
    expect(t.posted).toEqual([]);
    expect(JSON.parse(t.storage.items.get(QUEUE_KEY)!)).toEqual([event(1), event(2)]);
    t.setOnline(true);
    await t.queue.flush();
    expect(t.posted).toEqual([[event(1), event(2)]]);
  });

  test('a queue written by an earlier page is picked up by a new one', async () => {
    const first = setup({ online: false });
    first.queue.add(event(1));
    const storage = first.storage;
    const { queue: second, posted } = acceptingQueue(storage);
    await second.flush();
    expect(posted.map((b) => JSON.parse(b))).toEqual([[event(1)]]);
  });

  test('a network failure warns, stops the flush and puts the batch back in front, losing nothing', async () => {
    const t = setup({ answers: ['network-error'] });
    t.queue.add(event(1));
    t.queue.add(event(2));
    await t.queue.flush();
    expect(t.posted).toEqual([]);
    expect(t.warnings).toEqual(['Analytics: send failed, events kept for later']);
    t.queue.add(event(3));
    expect(t.queue.pending()).toEqual([event(1), event(2), event(3)]);
    await t.queue.flush();
    expect(t.posted).toEqual([[event(1), event(2), event(3)]]);
    expect(t.queue.pending()).toEqual([]);
  });

  test('a server error (5xx) is a failure too: requeued for the next flush', async () => {
    const t = setup({ answers: [503] });
    t.queue.add(event(1));
    await t.queue.flush();
    expect(t.queue.pending()).toEqual([event(1)]);
    expect(t.warnings).toHaveLength(1);
  });

  test('a batch the server rejects as invalid (400) is dropped with a warning so it blocks nothing', async () => {
    const t = setup({ answers: [400] });
    t.queue.add(event(1));
    await t.queue.flush();
    expect(t.queue.pending()).toEqual([]);
    expect(t.warnings[0]).toMatch(/400/);
  });

  test('a failure in the middle of a long flush keeps the unsent batches, and the sent ones are not resent', async () => {
    const t = setup({ answers: [202, 'network-error'] });
    for (let n = 0; n < 120; n++) t.queue.add(event(n));
    await t.queue.flush();
    expect(t.posted).toHaveLength(1);
    expect(t.posted[0]).toHaveLength(50);
    expect(t.queue.pending().map((e) => e.page)).toEqual(
      Array.from({ length: 70 }, (_, i) => `/page-${i + 50}`),
    );
    await t.queue.flush();
    expect(t.posted.map((b) => b.length)).toEqual([50, 50, 20]);
  });

  test('batches hold at most 50 events and stay under the 64 KB body limit', async () => {
    const t = setup();
    const big = (n: number): AnalyticsEvent => ({ ...event(n), meta: { text: 'x'.repeat(480), n } });
    for (let n = 0; n < 150; n++) t.queue.add(big(n));
    await t.queue.flush();
    for (const batch of t.posted) {
      expect(batch.length).toBeLessThanOrEqual(50);
      expect(JSON.stringify(batch).length).toBeLessThan(64 * 1024);
    }
    expect(t.posted.flat()).toHaveLength(150);
  });

  test('the stored queue is bounded: the oldest events go first', () => {
    const t = setup({ online: false });
    for (let n = 0; n < MAX_QUEUED_EVENTS + 10; n++) t.queue.add(event(n));
    const pending = t.queue.pending();
    expect(pending).toHaveLength(MAX_QUEUED_EVENTS);
    expect(pending[0]).toEqual(event(10));
  });

  test('on page hide everything queued leaves by beacon', () => {
    const t = setup();
    t.queue.add(event(1));
    t.queue.add(event(2));
    t.queue.beaconAll();
    expect(t.beacons).toEqual([[event(1), event(2)]]);
    expect(t.queue.pending()).toEqual([]);
  });

  test('a refused beacon, or a page hidden while offline, keeps the events for the next visit', () => {
    const t = setup();
    t.queue.add(event(1));
    t.refuseBeacons();
    t.queue.beaconAll();
    expect(t.queue.pending()).toEqual([event(1)]);
    const offline = setup({ online: false });
    offline.queue.add(event(2));
    offline.queue.beaconAll();
    expect(offline.beacons).toEqual([]);
    expect(offline.queue.pending()).toEqual([event(2)]);
  });

  test('without storage (private mode) the queue still works in memory', async () => {
    const { queue, posted } = acceptingQueue(null);
    queue.add(event(1));
    await queue.flush();
    expect(posted).toHaveLength(1);
  });
});

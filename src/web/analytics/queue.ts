/**
 * The analytics outbox (spec storefront §4 "Analytics offline queue", §8): every event is written to
 * localStorage first, sent in batches when online, kept while offline or after a failed send, and
 * sent with a beacon when the page is hidden. A failed flush stops and puts the batch back in front.
 */
import type { AnalyticsEvent } from '../../shared/contracts/analytics';
import * as analytics from '../../shared/contracts/endpoints/analytics';

export const QUEUE_KEY = 'analytics-queue';
/** The oldest events are dropped beyond this: a phone offline for days must not fill its storage. */
export const MAX_QUEUED_EVENTS = 200;
/** The contract's ANALYTICS_MAX_BATCH and, with room to spare, its 64 KB body limit (also the beacon's). */
const MAX_BATCH = 50;
const MAX_BATCH_CHARS = 60_000;
export const ANALYTICS_ENDPOINT = analytics.analyticsEvent.path;

export interface QueueDeps {
  /** null when the browser refuses storage (private mode): the queue then lives in memory. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** POSTs one JSON batch; resolves with the answer's status, rejects when the network fails. */
  post(body: string): Promise<{ ok: boolean; status: number }>;
  /** navigator.sendBeacon with a text/plain body; false when the browser would not queue it. */
  beacon(body: string): boolean;
  online(): boolean;
  warn(message: string, detail?: unknown): void;
}

export interface AnalyticsQueue {
  add(event: AnalyticsEvent): void;
  /** Sends everything queued, batch by batch, stopping at the first failure. */
  flush(): Promise<void>;
  /** On page hide: hands everything queued to the browser's beacon. */
  beaconAll(): void;
  /** What is waiting to be sent. */
  pending(): AnalyticsEvent[];
}

/** How many events from the front fit one request. */
function batchLength(events: AnalyticsEvent[]): number {
  let chars = 2;
  let n = 0;
  while (n < events.length && n < MAX_BATCH) {
    chars += JSON.stringify(events[n]).length + 1;
    if (n > 0 && chars > MAX_BATCH_CHARS) break;
    n++;
  }
  return n;
}

/** A 400, 413 or 422 will never be accepted: retrying it would block every event behind it. */
const isRejected = (status: number) => status === 400 || status === 413 || status === 422;

export function createAnalyticsQueue(deps: QueueDeps): AnalyticsQueue {
  let memory: AnalyticsEvent[] = [];
  let inMemory = !deps.storage;
  let flushing = false;

  const load = (): AnalyticsEvent[] => {
    if (inMemory) return memory;
    try {
      const stored = JSON.parse(deps.storage!.getItem(QUEUE_KEY) ?? '[]') as unknown;
      return Array.isArray(stored) ? stored : [];
    } catch {
      return [];
    }
  };
  const save = (events: AnalyticsEvent[]) => {
    memory = events.slice(-MAX_QUEUED_EVENTS);
    if (inMemory) return;
    try {
      deps.storage!.setItem(QUEUE_KEY, JSON.stringify(memory));
    } catch {
      inMemory = true;
    }
  };

  const flush = async () => {
    if (flushing || !deps.online()) return;
    flushing = true;
    try {
      for (let queued = load(); queued.length > 0; queued = load()) {
        const n = batchLength(queued);
        const batch = queued.slice(0, n);
        // Taken out while in flight, so that a beacon on page hide does not send it twice.
        save(queued.slice(n));
        let failure: unknown = null;
        try {
          const answer = await deps.post(JSON.stringify(batch));
          if (!answer.ok) {
            if (isRejected(answer.status)) deps.warn(`Analytics: ${answer.status}, ${n} event(s) dropped`);
            else failure = answer.status;
          }
        } catch (error) {
          failure = error;
        }
        if (failure !== null) {
          deps.warn('Analytics: send failed, events kept for later', failure);
          save([...batch, ...load()]);
          return;
        }
      }
    } finally {
      flushing = false;
    }
  };

  const beaconAll = () => {
    if (!deps.online()) return;
    let queued = load();
    while (queued.length > 0) {
      const n = batchLength(queued);
      if (!deps.beacon(JSON.stringify(queued.slice(0, n)))) break;
      queued = queued.slice(n);
    }
    save(queued);
  };

  return {
    add: (event) => save([...load(), event]),
    flush,
    beaconAll,
    pending: load,
  };
}

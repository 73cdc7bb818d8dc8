/**
 * The browser's query cache, for the storefront and the admin: what the pages used of TanStack Query
 * (keyed answers, fresh for a while, fetched once however many ask, kept from the server's render into
 * the browser's), in about 1 KB gzip instead of ~10 KB of the first load (decision 007).
 * Names follow TanStack's (`queryOptions`, `fetchQuery`, `ensureQueryData`, `invalidateQueries`).
 */
export type QueryKey = readonly unknown[];
export type QueryStatus = 'pending' | 'success' | 'error';

export interface QueryState<T = unknown> {
  status: QueryStatus;
  data: T | undefined;
  error: unknown;
  /**
   * The last ask failed without an answer from the shop (no network: the service worker served the
   * page's shell). An answer that is an error (an ApiError, such as a 404) is not; nor is a failure
   * the server's render handed over, which carries no error object.
   */
  networkError: boolean;
  /** When the data was last received (ms since the epoch); 0 before. */
  updatedAt: number;
  fetching: boolean;
  /** Marked stale by `invalidateQueries`. */
  invalidated: boolean;
}

export interface QueryOptions<T> {
  queryKey: QueryKey;
  queryFn: () => Promise<T>;
  /** How long an answer counts as fresh (ms); the client's default otherwise. */
  staleTime?: number;
  /** Attempts after a failure, 1 s apart doubling; none by default (spec §7). */
  retry?: number | false;
  /** False: a query that failed (an unknown guide's 404, rendered by the server) is not asked again on mount. */
  retryOnMount?: boolean;
  enabled?: boolean;
  refetchInterval?: number | false | ((query: { state: QueryState<T> }) => number | false);
  refetchOnWindowFocus?: boolean;
  /** What to show while a new key's first answer is on its way, e.g. the previous key's data. */
  placeholderData?: (previous: T | undefined) => T | undefined;
}

/** Types a query's options (TanStack's name, so that call sites read alike). */
export const queryOptions = <T>(options: QueryOptions<T>): QueryOptions<T> => options;

export interface DehydratedQuery {
  queryKey: QueryKey;
  state: Pick<QueryState, 'status' | 'data' | 'updatedAt'>;
}

const PENDING: QueryState = {
  status: 'pending',
  data: undefined,
  error: null,
  networkError: false,
  updatedAt: 0,
  fetching: false,
  invalidated: false,
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** One string per key, whatever the order of an object's properties (as TanStack hashes). */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((name) => [name, value[name]]),
        )
      : value,
  );
}

const startsWith = (key: QueryKey, prefix: QueryKey) =>
  prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));

interface Entry {
  queryKey: QueryKey;
  state: QueryState;
  /** Each component showing the key, with how to ask for it (also for a key the server's render filled). */
  listeners: Map<() => void, () => QueryOptions<unknown>>;
  promise?: Promise<unknown>;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class QueryClient {
  // Declared, not defined: the bundle's target (es2020) would add helpers for class fields (first-load budget).
  /** Also read by dehydrateQueries below, kept out of the class so the browser's first script skips it. */
  declare readonly entries: Map<string, Entry>;
  declare private readonly staleTime: number;
  declare private readonly isAnswer: (error: unknown) => boolean;

  /**
   * `isAnswer` tells a failure the shop answered (an error reply) from one with no answer at all
   * (`networkError`); the app passes `instanceof ApiError`. (Importing `api.ts` here instead moves
   * the bundler's chunk boundaries and costs ~1 KB of the first load.)
   */
  constructor(defaults: { staleTime: number; isAnswer?: (error: unknown) => boolean }) {
    this.entries = new Map();
    this.staleTime = defaults.staleTime;
    this.isAnswer = defaults.isAnswer ?? (() => false);
  }

  private entry(queryKey: QueryKey): Entry {
    const hash = hashKey(queryKey);
    let entry = this.entries.get(hash);
    if (!entry) {
      entry = { queryKey, state: PENDING, listeners: new Map() };
      this.entries.set(hash, entry);
    }
    return entry;
  }

  private set(entry: Entry, change: Partial<QueryState>) {
    entry.state = { ...entry.state, ...change };
    for (const listener of entry.listeners.keys()) listener();
  }

  /** The state of a key, the same object until it changes (a store snapshot for React). */
  stateOf<T>(queryKey: QueryKey): QueryState<T> {
    return (this.entries.get(hashKey(queryKey))?.state ?? PENDING) as QueryState<T>;
  }

  subscribe<T>(queryKey: QueryKey, listener: () => void, options: () => QueryOptions<T>): () => void {
    const entry = this.entry(queryKey);
    // The data type does not matter to a refetch: the answer goes back to the same key.
    entry.listeners.set(listener, options as () => QueryOptions<unknown>);
    return () => entry.listeners.delete(listener);
  }

  isStale(options: Pick<QueryOptions<unknown>, 'queryKey' | 'staleTime'>): boolean {
    const { state } = this.entry(options.queryKey);
    return (
      state.invalidated ||
      state.status !== 'success' ||
      Date.now() - state.updatedAt >= (options.staleTime ?? this.staleTime)
    );
  }

  /** Asks the server now, unless the same key is already being asked: then that answer. */
  fetch<T>(options: QueryOptions<T>): Promise<T> {
    const entry = this.entry(options.queryKey);
    if (entry.promise) return entry.promise as Promise<T>;
    const attempt = async (): Promise<T> => {
      for (let failures = 0; ; failures++) {
        try {
          return await options.queryFn();
        } catch (error) {
          if (failures >= (options.retry || 0)) throw error;
          await wait(Math.min(1000 * 2 ** failures, 30_000));
        }
      }
    };
    this.set(entry, { fetching: true });
    const promise = attempt().then(
      (data) => {
        entry.promise = undefined;
        this.set(entry, {
          status: 'success',
          data,
          error: null,
          networkError: false,
          updatedAt: Date.now(),
          fetching: false,
          invalidated: false,
        });
        return data;
      },
      (error: unknown) => {
        entry.promise = undefined;
        this.set(entry, {
          status: 'error',
          error,
          networkError: !this.isAnswer(error),
          fetching: false,
        });
        throw error;
      },
    );
    entry.promise = promise;
    return promise;
  }

  /** The data if fresh, else a fetch; rejects when the fetch fails. */
  async fetchQuery<T>(options: QueryOptions<T>): Promise<T> {
    return this.isStale(options) ? this.fetch(options) : (this.stateOf<T>(options.queryKey).data as T);
  }

  /** The data if there is any, fresh or not, else a fetch. */
  async ensureQueryData<T>(options: QueryOptions<T>): Promise<T> {
    const { data } = this.stateOf<T>(options.queryKey);
    return data !== undefined ? data : this.fetch(options);
  }

  /** Marks every key starting with `queryKey` stale, and asks again for those on screen. */
  async invalidateQueries(filter: { queryKey: QueryKey }): Promise<void> {
    const refetches: Array<Promise<unknown>> = [];
    for (const entry of this.entries.values()) {
      if (!startsWith(entry.queryKey, filter.queryKey)) continue;
      this.set(entry, { invalidated: true });
      const shown = entry.listeners.values().next();
      if (!shown.done) refetches.push(this.fetch(shown.value()).catch(() => {}));
    }
    await Promise.all(refetches);
  }

  /** Forgets every key starting with `queryKey` (the admin's answers, at logout); those on screen become pending. */
  removeQueries(filter: { queryKey: QueryKey }): void {
    for (const [hash, entry] of this.entries) {
      if (!startsWith(entry.queryKey, filter.queryKey)) continue;
      this.entries.delete(hash);
      entry.state = PENDING;
      for (const listener of entry.listeners.keys()) listener();
    }
  }

  hydrate(queries: DehydratedQuery[]): void {
    for (const { queryKey, state } of queries) {
      this.entry(queryKey).state = { ...PENDING, ...state };
    }
  }
}

/** The answers (and failures, so the browser shows the same 404) the server hands to the browser. */
export function dehydrateQueries(client: QueryClient): DehydratedQuery[] {
  return [...client.entries.values()]
    .filter((entry) => entry.state.status !== 'pending')
    .map(({ queryKey, state }) => ({
      queryKey,
      state: { status: state.status, data: state.data, updatedAt: state.updatedAt },
    }));
}

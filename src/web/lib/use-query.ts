import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useAppDeps } from './deps';
import type { QueryClient, QueryOptions, QueryState, QueryStatus } from './query-client';

export interface QueryResult<T> {
  data: T | undefined;
  error: unknown;
  status: QueryStatus;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** The last ask got no answer from the shop (see QueryState.networkError). */
  isNetworkError: boolean;
  refetch(): Promise<unknown>;
}

export const useQueryClient = (): QueryClient => useAppDeps().queryClient;

/**
 * A query's state, kept current: asked on mount when missing, stale or failed (unless
 * `retryOnMount: false`), again every `refetchInterval` and, if asked, when the tab comes back.
 * On the server and while hydrating it reads what the server's render had in the cache.
 */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const { queryKey } = options;
  const key = JSON.stringify(queryKey);
  const latest = useRef(options);
  latest.current = options;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for queryKey's content
  const subscribe = useCallback(
    (listener: () => void) => client.subscribe(queryKey, listener, () => latest.current),
    [client, key],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const snapshot = useCallback(() => client.stateOf<T>(queryKey), [client, key]);
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const enabled = options.enabled !== false;
  const refetch = useCallback(() => client.fetch(latest.current).catch(() => undefined), [client]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is what asks again
  useEffect(() => {
    if (!enabled) return;
    const current = client.stateOf<T>(latest.current.queryKey);
    if (current.status === 'error' && latest.current.retryOnMount === false) return;
    if (client.isStale(latest.current)) void refetch();
  }, [client, key, enabled, refetch]);

  useRefetchInterval(state, enabled, latest, refetch);
  useRefetchOnFocus(enabled && options.refetchOnWindowFocus === true, latest, client, refetch);

  const previous = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (state.data !== undefined) previous.current = state.data;
  }, [state.data]);
  let { data, status } = state;
  if (data === undefined && status === 'pending' && options.placeholderData) {
    data = options.placeholderData(previous.current);
    if (data !== undefined) status = 'success';
  }
  return {
    data,
    error: state.error,
    status,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
    isNetworkError: state.networkError,
    refetch,
  };
}

function useRefetchInterval<T>(
  state: QueryState<T>,
  enabled: boolean,
  latest: { current: QueryOptions<T> },
  refetch: () => Promise<unknown>,
) {
  useEffect(() => {
    const every = latest.current.refetchInterval;
    const ms = typeof every === 'function' ? every({ state }) : every;
    if (!enabled || state.fetching || !ms) return;
    const timer = setTimeout(refetch, ms);
    return () => clearTimeout(timer);
  }, [state, enabled, latest, refetch]);
}

function useRefetchOnFocus<T>(
  on: boolean,
  latest: { current: QueryOptions<T> },
  client: QueryClient,
  refetch: () => Promise<unknown>,
) {
  useEffect(() => {
    if (!on) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible' && client.isStale(latest.current)) void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [on, latest, client, refetch]);
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParamsOf, QueryOf, ResponseOf, Route } from '../../../shared/contracts/endpoints/define';
import { urlOf } from '../../lib/api';
import { useQuery, useQueryClient } from '../../lib/use-query';
import { adminOpen, adminSession } from '../auth/admin-session';

export interface AdminData<T> {
  data: T | undefined;
  error: Error | null;
  pending: boolean;
  /** Fetches again, keeping the current data on screen meanwhile. */
  reload(): Promise<void>;
}

/** What a declared GET is asked with: its path's params and its query. */
export interface AdminQuery<E> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
}

/** The first part of every admin answer's key in the query cache. */
const ADMIN_KEY = 'admin';

/**
 * A declared admin GET, with the key, through the browser's one query cache (decision 007): asked on
 * mount and whenever its URL changes (an admin answer is never taken as fresh), one request however
 * many components show it, the last answer kept on screen while a reload is on its way. Logging out
 * forgets every admin answer.
 */
export function useAdminData<E extends Route>(endpoint: E, input?: AdminQuery<E>): AdminData<ResponseOf<E>>;
/** The same, read from the whole answer, when its headers matter too (a pager's total). */
export function useAdminData<E extends Route, T>(
  endpoint: E,
  input: AdminQuery<E>,
  read: (response: Response) => Promise<T>,
): AdminData<T>;
export function useAdminData<T>(
  endpoint: Route,
  input: { params?: object; query?: object } = {},
  // The answer is typed by the endpoint's contract (the server validated it), as with adminCall.
  read: (response: Response) => Promise<T> = (response) => response.json(),
): AdminData<T> {
  const path = urlOf(endpoint, input);
  const client = useQueryClient();
  // The latest reader, without making every render's new function a new query.
  const readRef = useRef(read);
  readRef.current = read;
  const query = useQuery<T>({
    queryKey: [ADMIN_KEY, path],
    queryFn: async () => readRef.current(await adminOpen(path)),
    staleTime: 0,
  });
  const fetching = client.stateOf<T>([ADMIN_KEY, path]).fetching;

  useEffect(
    () =>
      adminSession.subscribe(() => {
        if (!adminSession.key()) client.removeQueries({ queryKey: [ADMIN_KEY] });
      }),
    [client],
  );

  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  return {
    data: query.data,
    error: query.isError ? (query.error as Error) : null,
    pending: query.isPending || fetching,
    reload,
  };
}

/** Runs one admin action at a time, with its pending flag. */
export function useAdminAction<A extends unknown[]>(
  action: (...args: A) => Promise<void>,
): { run: (...args: A) => Promise<void>; pending: boolean } {
  const [pending, setPending] = useState(false);
  const run = async (...args: A) => {
    setPending(true);
    try {
      await action(...args);
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { ParamsOf, QueryOf, ResponseOf, Route } from '../../../shared/contracts/endpoints/define';
import { urlOf } from '../../lib/api';
import { adminOpen } from '../auth/admin-session';

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

/**
 * A declared admin GET, with the key, held in component state; it fetches again when its URL
 * changes. The admin chunk deliberately does not import TanStack Query: doing so makes the bundler
 * move the query library out of the storefront entry into a shared chunk, which grows every
 * shopper's first load. Unmounting (as on logout) drops the data.
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
  const [state, setState] = useState<{ path: string; data?: T; error: Error | null }>({ path, error: null });
  const [pending, setPending] = useState(true);
  // The latest reader, without making every render's new function a reason to fetch again.
  const readRef = useRef(read);
  readRef.current = read;

  const load = useCallback(async (target: string, isCurrent: () => boolean) => {
    setPending(true);
    try {
      const data = await readRef.current(await adminOpen(target));
      if (isCurrent()) setState({ path: target, data, error: null });
    } catch (error) {
      if (isCurrent()) setState({ path: target, error: error as Error });
    } finally {
      if (isCurrent()) setPending(false);
    }
  }, []);

  useEffect(() => {
    let current = true;
    load(path, () => current);
    return () => {
      current = false;
    };
  }, [path, load]);

  const reload = useCallback(() => load(path, () => true), [path, load]);
  const fresh = state.path === path;
  return {
    data: fresh ? state.data : undefined,
    error: fresh ? state.error : null,
    pending: pending || !fresh,
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

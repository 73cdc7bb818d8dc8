import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §7: no retries, no refetch on focus, no polling. Data stays fresh for 30 s so that the
 * page does not fetch again right after hydrating the server's data (docs/DEVIATIONS.md).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

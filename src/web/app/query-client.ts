import { ApiError } from '../lib/api';
import { QueryClient } from '../lib/query-client';

/**
 * Spec §7: no retries, no refetch on focus, no polling. Data stays fresh for 30 s so that the
 * page does not fetch again right after hydrating the server's data (docs/DEVIATIONS.md).
 */
export function createQueryClient(): QueryClient {
  // An ApiError is the shop's answer; any other failure means no answer reached the page (offline).
  return new QueryClient({ staleTime: 30_000, isAnswer: (error) => error instanceof ApiError });
}

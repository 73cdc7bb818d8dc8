import type { ResponseOf, Route } from '../../shared/contracts/endpoints/define';
import * as storefront from '../../shared/contracts/endpoints/storefront';
import type { Locale } from '../../shared/locale';
import type { ApiClient, CallInput } from './api';
import { queryOptions } from './query-client';

/**
 * A TanStack query of a declared endpoint, keyed by its path and input: for a list or a view no
 * loader shares (loaders use the named queries below, whose keys they invalidate).
 */
export const endpointQuery = <E extends Route>(api: ApiClient, endpoint: E, input: CallInput<E>) =>
  queryOptions({
    queryKey: [endpoint.method, endpoint.path, input] as const,
    // The input was checked against the endpoint above; `call`'s optional-or-not argument is the same.
    queryFn: () => (api.call as (e: E, i: CallInput<E>) => Promise<ResponseOf<E>>)(endpoint, input),
  });

/** Query keys and fetchers in one place, so loaders (server and client) and components agree. */
export const queries = {
  /** A stored cart's guides (ids joined by commas) still sold, with their current price: asked once, not cached. */
  availability: (api: ApiClient, ids: string) => api.call(storefront.guideAvailability, { query: { ids } }),
  /** One page of a list or a search; no undefined values, so that equal inputs share a key. */
  guidePage: (api: ApiClient, query: CallInput<typeof storefront.guidePage>['query']) =>
    queryOptions({
      queryKey: ['travel-guides-page', query] as const,
      queryFn: () => api.call(storefront.guidePage, { query }),
    }),
  guide: (api: ApiClient, slug: string) =>
    queryOptions({
      queryKey: ['travel-guide', slug],
      queryFn: () => api.call(storefront.guideBySlug, { params: { slug } }),
      // An unknown guide stays a 404 while hydrating, instead of refetching on mount.
      retryOnMount: false,
    }),
  order: (api: ApiClient, publicId: string) =>
    queryOptions({
      queryKey: ['order', publicId],
      queryFn: () => api.call(storefront.order, { params: { id: publicId } }),
      retryOnMount: false,
    }),
  content: (api: ApiClient, locale: Locale, keys: string) =>
    queryOptions({
      queryKey: ['content', locale, keys],
      queryFn: () => api.call(storefront.content, { query: { locale, keys } }),
    }),
};

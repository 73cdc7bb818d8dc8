import { queryOptions } from '@tanstack/react-query';
import type { Guide, GuideDetail } from '../../shared/contracts/catalogue';
import type { ContentMap } from '../../shared/contracts/content';
import type { Order } from '../../shared/contracts/orders';
import type { Locale } from '../../shared/locale';
import type { ApiClient } from './api';

/** Query keys and fetchers in one place, so loaders (server and client) and components agree. */
export const queries = {
  guides: (api: ApiClient, locale: Locale, q?: string) =>
    queryOptions({
      queryKey: ['travel-guides', locale, q ?? ''],
      queryFn: () => {
        const params = new URLSearchParams({ locale });
        if (q) params.set('q', q);
        return api.get<Guide[]>(`/api/travel-guides?${params}`);
      },
    }),
  guide: (api: ApiClient, slug: string) =>
    queryOptions({
      queryKey: ['travel-guide', slug],
      queryFn: () => api.get<GuideDetail>(`/api/travel-guides/by-slug/${encodeURIComponent(slug)}`),
      // An unknown guide stays a 404 while hydrating, instead of refetching on mount.
      retryOnMount: false,
    }),
  order: (api: ApiClient, publicId: string) =>
    queryOptions({
      queryKey: ['order', publicId],
      queryFn: () => api.get<Order>(`/api/orders/${encodeURIComponent(publicId)}`),
      retryOnMount: false,
    }),
  content: (api: ApiClient, locale: Locale, keys: string) =>
    queryOptions({
      queryKey: ['content', locale, keys],
      queryFn: () => api.get<ContentMap>(`/api/content?${new URLSearchParams({ locale, keys })}`),
    }),
};

/** The analytics beacon, the tracker chunk's one call; its schema is in ./storefront.schemas.ts. */
import type { Route } from './define';

export const analyticsEvent = { method: 'POST', path: '/api/analytics/event' } as const satisfies Route;

/** The analytics beacon, the tracker chunk's one call; its schema is in ./storefront.schemas.ts. */
import { post } from './declare';

export const analyticsEvent = post('/api/analytics/event');

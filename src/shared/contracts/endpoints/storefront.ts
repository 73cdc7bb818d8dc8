/**
 * The shop's public reads. One export per endpoint, so that a bundle keeps only what it calls (the
 * order page's calls and the beacon are in ./delivery.ts and ./analytics.ts, so their lazy chunks
 * carry them); the schemas are in ./storefront.schemas.ts under the same names.
 */
import { FILE, get } from './declare';

export const listGuides = get('/api/travel-guides');
export const guidePage = get('/api/travel-guides/page');
export const guideAvailability = get('/api/travel-guides/availability');
export const guideBySlug = get('/api/travel-guides/by-slug/:slug');
export const image = get('/api/images/:name', FILE);
export const guidePreview = get('/api/travel-guides/:id/preview', FILE);
export const content = get('/api/content');
export const order = get('/api/orders/:id');

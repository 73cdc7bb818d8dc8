/**
 * The shop's public reads. One export per endpoint, so that a bundle keeps only what it calls (the
 * order page's calls and the beacon are in ./delivery.ts and ./analytics.ts, so their lazy chunks
 * carry them); the schemas are in ./storefront.schemas.ts under the same names.
 */
import type { Route } from './define';

export const listGuides = { method: 'GET', path: '/api/travel-guides' } as const satisfies Route;
export const guideAvailability = {
  method: 'GET',
  path: '/api/travel-guides/availability',
} as const satisfies Route;
export const guideBySlug = {
  method: 'GET',
  path: '/api/travel-guides/by-slug/:slug',
} as const satisfies Route;
export const image = { method: 'GET', path: '/api/images/:name', response: 'file' } as const satisfies Route;
export const guidePreview = {
  method: 'GET',
  path: '/api/travel-guides/:id/preview',
  response: 'file',
} as const satisfies Route;
export const content = { method: 'GET', path: '/api/content' } as const satisfies Route;
export const order = { method: 'GET', path: '/api/orders/:id' } as const satisfies Route;

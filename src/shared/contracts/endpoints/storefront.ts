import { declareRoutes } from './define';
import type { storefrontSchemas } from './storefront.schemas';

/** The shop's public reads, the order page's calls and the analytics beacon. */
export const storefront = declareRoutes<typeof storefrontSchemas>()({
  listGuides: { method: 'GET', path: '/api/travel-guides' },
  guideAvailability: { method: 'GET', path: '/api/travel-guides/availability' },
  guideBySlug: { method: 'GET', path: '/api/travel-guides/by-slug/:slug' },
  image: { method: 'GET', path: '/api/images/:name', response: 'file' },
  guidePreview: { method: 'GET', path: '/api/travel-guides/:id/preview', response: 'file' },
  content: { method: 'GET', path: '/api/content' },
  order: { method: 'GET', path: '/api/orders/:id' },
  resendLinks: { method: 'POST', path: '/api/orders/resend-links' },
  zipLink: { method: 'GET', path: '/api/download/:orderId/zip' },
  downloadLink: { method: 'GET', path: '/api/download/:orderId/:guideId' },
  file: { method: 'GET', path: '/api/files/:token', response: 'file' },
  zipFile: { method: 'GET', path: '/api/files/zip/:token', response: 'file' },
  analyticsEvent: { method: 'POST', path: '/api/analytics/event' },
});

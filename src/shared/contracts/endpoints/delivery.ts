/**
 * The order page's calls: download links, the files behind them, the resend form. Public (the
 * order's public id is the right); the schemas are in ./storefront.schemas.ts under the same names.
 */
import type { Route } from './define';

export const resendLinks = { method: 'POST', path: '/api/orders/resend-links' } as const satisfies Route;
export const zipLink = { method: 'GET', path: '/api/download/:orderId/zip' } as const satisfies Route;
export const downloadLink = {
  method: 'GET',
  path: '/api/download/:orderId/:guideId',
} as const satisfies Route;
export const file = { method: 'GET', path: '/api/files/:token', response: 'file' } as const satisfies Route;
export const zipFile = {
  method: 'GET',
  path: '/api/files/zip/:token',
  response: 'file',
} as const satisfies Route;

/**
 * The order page's calls: download links, the files behind them, the resend form. Public (the
 * order's public id is the right); the schemas are in ./storefront.schemas.ts under the same names.
 */
import { FILE, get, post } from './declare';

export const resendLinks = post('/api/orders/resend-links');
export const zipLink = get('/api/download/:orderId/zip');
export const downloadLink = get('/api/download/:orderId/:guideId');
export const file = get('/api/files/:token', FILE);
export const zipFile = get('/api/files/zip/:token', FILE);

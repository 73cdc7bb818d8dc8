/**
 * Guide editions: the admin publishes and lists them and follows the emails to past
 * buyers; the order page reads which edition each guide is in. Schemas in ./editions.schemas.ts.
 */
import { ADMIN, ADMIN_UPLOAD, get, post } from './declare';

export const listEditions = get('/api/admin/guides/:id/editions', ADMIN);
export const publishEdition = post('/api/admin/guides/:id/editions', ADMIN_UPLOAD);
export const editionMailings = get('/api/admin/edition-mailings', ADMIN);
export const orderEditions = get('/api/orders/:orderId/editions');

/**
 * The Orders tab's calls, every one behind the admin key. One export per endpoint; the
 * schemas are in ./admin-orders.schemas.ts under the same names.
 */
import { ADMIN, ADMIN_FILE, get, post } from './declare';

export const listOrders = get('/api/admin/orders', ADMIN);
/** The filtered orders as CSV, streamed. */
export const exportOrders = get('/api/admin/orders/export', ADMIN_FILE);
export const orderDetail = get('/api/admin/orders/:id', ADMIN);
export const resendOrder = post('/api/admin/orders/:id/resend', ADMIN);
export const changeOrderEmail = post('/api/admin/orders/:id/email', ADMIN);
export const revokeOrderAccess = post('/api/admin/orders/:id/revoke', ADMIN);
export const restoreOrderAccess = post('/api/admin/orders/:id/restore', ADMIN);
export const addOrderNote = post('/api/admin/orders/:id/notes', ADMIN);

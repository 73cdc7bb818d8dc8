/**
 * The Orders tab's calls (issue 18), every one behind the admin key. One export per endpoint; the
 * schemas are in ./admin-orders.schemas.ts under the same names.
 */
import type { Route } from './define';

export const listOrders = { method: 'GET', path: '/api/admin/orders', admin: true } as const satisfies Route;
/** The filtered orders as CSV, streamed. */
export const exportOrders = {
  method: 'GET',
  path: '/api/admin/orders/export',
  admin: true,
  response: 'file',
} as const satisfies Route;
export const orderDetail = {
  method: 'GET',
  path: '/api/admin/orders/:id',
  admin: true,
} as const satisfies Route;
export const resendOrder = {
  method: 'POST',
  path: '/api/admin/orders/:id/resend',
  admin: true,
} as const satisfies Route;
export const changeOrderEmail = {
  method: 'POST',
  path: '/api/admin/orders/:id/email',
  admin: true,
} as const satisfies Route;
export const revokeOrderAccess = {
  method: 'POST',
  path: '/api/admin/orders/:id/revoke',
  admin: true,
} as const satisfies Route;
export const restoreOrderAccess = {
  method: 'POST',
  path: '/api/admin/orders/:id/restore',
  admin: true,
} as const satisfies Route;
export const addOrderNote = {
  method: 'POST',
  path: '/api/admin/orders/:id/notes',
  admin: true,
} as const satisfies Route;

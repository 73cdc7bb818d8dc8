/**
 * Refunds (issue 18), behind the admin key; the schemas are in ./admin-refunds.schemas.ts under the
 * same names.
 */
import type { Route } from './define';

/** Refunds an order, all of it or part; `requestKey` makes a retried or repeated request refund once. */
export const refundOrder = {
  method: 'POST',
  path: '/api/admin/orders/:id/refunds',
  admin: true,
} as const satisfies Route;

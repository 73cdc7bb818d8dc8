/**
 * Refunds, behind the admin key; the schemas are in ./admin-refunds.schemas.ts under the
 * same names.
 */
import { ADMIN, post } from './declare';

/** Refunds an order, all of it or part; `requestKey` makes a retried or repeated request refund once. */
export const refundOrder = post('/api/admin/orders/:id/refunds', ADMIN);

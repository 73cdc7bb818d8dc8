import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { orders } from '../db/schema';

type OrderAccessFields = Pick<typeof orders.$inferSelect, 'status' | 'accessRevokedAt'>;

/**
 * The one rule for a buyer's access to an order's guides, read by the order page, the downloads,
 * "My guides", the new-edition emails and "Resend my links": the order is completed and the shop
 * has not revoked its access. A full refund revokes access and the operator's restore gives it
 * back, so the refunded amount is not read here (docs/decisions/024-one-guide-access-rule.md).
 */
export function hasGuideAccess(order: OrderAccessFields): boolean {
  return order.status === 'completed' && order.accessRevokedAt === null;
}

/** hasGuideAccess as a condition on the orders table, for queries that pick orders by it. */
export function guideAccessCondition(): SQL {
  return and(eq(orders.status, 'completed'), isNull(orders.accessRevokedAt)) as SQL;
}

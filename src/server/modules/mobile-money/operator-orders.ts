import { and, asc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  MOBILE_MONEY_PAGE_SIZE,
  type PendingMobileMoneyOrder,
  type PendingMobileMoneyQuery,
  VERIFICATION_HOURS,
} from '../../../shared/contracts/mobile-money';
import { METHOD } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { proofsOf } from '../orders/proofs-of';

const proofTypeOf = (contentType: string) => (contentType === 'application/pdf' ? 'pdf' : 'image');

/**
 * A rejected order that CinetPay then said was paid: money taken for nothing delivered, until the
 * operator refunds it (in CinetPay's back-office) or delivers. Kept in the tab for a week.
 */
const paidAfterRejection = sql`(${orders.status} = 'rejected' and ${orders.providerAttentionAt} > ${orders.rejectedAt} and ${orders.providerAttentionAt} > now() - interval '7 days')`;

/**
 * a flood of orders nobody pays must not bury the ones that need the operator. First the
 * orders waiting for a decision with a payment proof (or an automatic payment flagged for the operator),
 * oldest first so the overdue ones lead; then those decided in the last 24 hours (newest first);
 * then the orders still waiting for a payment (oldest first). Expired orders are not listed.
 */
const needsDecision = sql`(${orders.status} = 'pending_verification' or (${orders.status} = 'pending' and ${orders.providerAttentionAt} is not null))`;
const stillOpen = inArray(orders.status, ['pending', 'pending_verification']);
const listGroup = sql`case when ${needsDecision} then 0 when ${stillOpen} then 2 else 1 end`;
const withinGroup = sql`case when ${stillOpen} then extract(epoch from ${orders.createdAt}) else -extract(epoch from ${orders.updatedAt}) end`;

/** `%`, `_` and `\` stand for themselves in a search. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** The operator types what the shopper quotes: part of a reference, order number, email or phone. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const compact = `%${escapeLike(q.replace(/\s+/g, ''))}%`;
  const digits = q.replace(/\D/g, '');
  return or(
    ilike(orders.mobileMoneyReference, compact),
    ilike(orders.orderNumber, compact),
    ilike(orders.email, `%${escapeLike(q)}%`),
    digits.length >= 3
      ? sql`regexp_replace(${orders.phoneNumber}, '[^0-9]', '', 'g') like ${`%${digits}%`}`
      : undefined,
  );
}

/**
 * The Mobile Money tab, one page at a time: every undecided mobile-money order, those decided in
 * the last 24 hours (so the operator sees what just happened), and rejected ones paid afterwards
 * (see paidAfterRejection); `total` counts every match for the pager.
 */
export async function listPendingMobileMoneyOrders(
  db: Db,
  query: PendingMobileMoneyQuery = { page: 1, pageSize: MOBILE_MONEY_PAGE_SIZE },
  now = new Date(),
): Promise<{ orders: PendingMobileMoneyOrder[]; total: number }> {
  const where = and(
    eq(orders.paymentMethod, METHOD.mobileMoney),
    or(
      stillOpen,
      and(ne(orders.status, 'expired'), sql`${orders.updatedAt} > now() - interval '24 hours'`),
      paidAfterRejection,
    ),
    matching(query.q),
  );
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(listGroup, withinGroup, asc(orders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const total = counted?.total ?? 0;
  if (rows.length === 0) return { orders: [], total };
  const ids = rows.map((r) => r.id);
  const items = await db
    .select({
      orderId: orderItems.orderId,
      quantity: orderItems.quantity,
      guideId: orderItems.guideId,
      title: orderItems.title,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.title));
  const proofs = await proofsOf(db, ids);
  const overdueBefore = now.getTime() - VERIFICATION_HOURS * 3_600_000;
  const page = rows.map((order) => toPendingOrder(order, items, proofs, overdueBefore));
  return { orders: page, total };
}

/** One order of the operator's list, with its items, its payment proofs and whether it waits too long. */
function toPendingOrder(
  order: typeof orders.$inferSelect,
  items: { orderId: string; quantity: number; guideId: string; title: string }[],
  proofs: { orderId: string; contentType: string }[],
  overdueBefore: number,
): PendingMobileMoneyOrder {
  const own = proofs.filter((r) => r.orderId === order.id);
  const latest = own.at(-1);
  const undecided = order.status === 'pending' || order.status === 'pending_verification';
  const flaggedAfterRejection =
    order.status === 'rejected' &&
    order.providerAttentionAt !== null &&
    order.rejectedAt !== null &&
    order.providerAttentionAt > order.rejectedAt;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    createdAt: order.createdAt.toISOString(),
    firstName: order.firstName,
    lastName: order.lastName,
    email: order.email,
    phoneNumber: order.phoneNumber,
    totalAmount: order.total,
    discountCode: order.discountCode,
    discountAmount: order.discountAmount,
    djamoReference: order.mobileMoneyReference,
    status: order.status,
    paymentProvider: order.paymentProvider,
    receiptUrl: latest ? `/api/admin/receipts/${order.id}` : null,
    receiptType: latest ? proofTypeOf(latest.contentType) : null,
    receiptCount: own.length,
    overdue: undecided && order.createdAt.getTime() < overdueBefore,
    automaticPayment: order.providerTransactionId
      ? {
          // A Wave session is held as `wave:<id>` (docs/features/wave.md).
          provider: order.providerTransactionId.startsWith('wave:')
            ? ('wave' as const)
            : ('cinetpay' as const),
          transactionId: order.providerTransactionId,
          providerStatus: order.providerStatus,
          startedAt: order.providerStartedAt?.toISOString() ?? null,
          needsAttention: order.providerAttentionAt !== null && (undecided || flaggedAfterRejection),
          attentionReason: order.providerAttentionReason,
        }
      : null,
    items: items
      .filter((i) => i.orderId === order.id)
      .map((i) => ({ quantity: i.quantity, guide: { id: i.guideId, title: i.title } })),
  };
}

import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Customer } from '../../../shared/contracts/checkout';
import type { PaymentMethod } from '../../../shared/payment-methods';
import type { DbOrTx, Tx } from '../../db/client';
import { discountRedemptions, orderItems, orders } from '../../db/schema';
import { settleRedemptions } from '../discounts/discount-pricing';
import { issueInvoice } from '../invoices/invoice-document';
import { enqueueJob } from '../jobs/jobs.service';
import { deliverOrderJob } from '../mail/delivery-jobs';
import { refuseBeyondDailyOrders } from './daily-order-limit';
import type { CartLine, OrderRow } from './orders.service';
import { queueReviewReminder } from './review-reminder-job';

/**
 * An order's life after it is placed, once for every payment method: complete, reject,
 * expire, flag for the operator. Each step is one UPDATE guarded by the order's status, so of two
 * racing steps (an operator's validation and a provider's notification, a payment proof and the expiry
 * sweep) exactly one gets the row back. Placing an order is createOrder (orders.service.ts).
 */

/** Waiting for its money: the only statuses a step can leave. */
export const UNDECIDED = ['pending', 'pending_verification'] as const;

/** Nothing more can happen to the order: completed, rejected, or expired unpaid. */
export const isClosed = (status: OrderRow['status']) =>
  status === 'completed' || status === 'rejected' || status === 'expired';

/**
 * Completes an undecided order and queues its delivery, in the caller's transaction: of two racing
 * completions exactly one gets the row back and queues the delivery; the others get undefined.
 * `also` narrows the guard (e.g. to one payment attempt).
 */
export async function completeOrder(
  tx: DbOrTx,
  orderId: string,
  values: { verifiedBy: string } & Partial<Pick<OrderRow, 'providerStatus' | 'providerCheckedAt'>>,
  also?: SQL,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ ...values, status: 'completed', completedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, UNDECIDED), also))
    .returning();
  // In the same transaction: a completed order exists if and only if its delivery is queued,
  // and its code's held use becomes a use.
  if (row) {
    await enqueueJob(tx, deliverOrderJob(row.id));
    await queueReviewReminder(tx, row.id, row.completedAt);
    await settleRedemptions(tx, [row.id], 'used');
    await issueInvoice(tx, row);
  }
  return row;
}

/** Rejects an undecided order (the money never came); undefined when it was decided meanwhile. */
export async function rejectOrder(tx: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'rejected', rejectedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, UNDECIDED)))
    .returning();
  // The code's use it held is free again for someone else.
  if (row) await settleRedemptions(tx, [row.id], 'released');
  return row;
}

/**
 * Expires the orders of `method` placed more than `hours` ago that are still waiting and never
 * started a provider payment (those are left to its poller, which flags them instead: money may be
 * on its way). A payment proof arriving at the same moment locks the row and re-reads its status.
 */
export async function expireUnpaidOrders(db: DbOrTx, method: PaymentMethod, hours: number): Promise<number> {
  // One statement: an expired order's held code use is released with it, never left held.
  const result = (await db.execute(sql`
    with expired as (
      update ${orders} set status = 'expired', updated_at = now()
      where ${orders.paymentMethod} = ${method} and ${orders.status} = 'pending'
        and ${orders.providerTransactionId} is null
        and ${orders.createdAt} <= now() - ${hours}::float8 * interval '1 hour'
      returning ${orders.id}
    ), released as (
      update ${discountRedemptions} set status = 'released'
      where ${discountRedemptions.status} = 'held' and ${discountRedemptions.orderId} in (select id from expired)
    )
    select count(*)::int as count from expired`)) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Hands the order to the operator, with the provider's last word when there is one. A later flag
 * replaces an earlier one. Returns whether the order exists.
 */
export async function flagOrder(
  tx: DbOrTx,
  orderId: string,
  reason: string,
  providerStatus?: string,
): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({
      providerAttentionAt: sql`now()`,
      providerAttentionReason: reason,
      ...(providerStatus !== undefined ? { providerStatus, providerCheckedAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id });
  return row !== undefined;
}

/** Whether two carts hold the same guides in the same quantities, in any order and letter case. */
export function sameLines(a: CartLine[], b: CartLine[]): boolean {
  const key = (lines: CartLine[]) =>
    lines
      .map((line) => `${line.id.toLowerCase()}:${line.quantity}`)
      .sort()
      .join(',');
  return key(a) === key(b);
}

/** How long an identical order counts as a double submit rather than a new order. */
const REPEAT_WINDOW = sql.raw(`interval '10 minutes'`);

/**
 * The same customer's order for the same guides, placed within ten minutes with this payment
 * method (and, when the method waits for its money, still waiting for it): a double submit, not a
 * new order. Identical submissions are serialised by an advisory lock on their fingerprint.
 */
export async function findRepeatedOrder(
  tx: Tx,
  method: PaymentMethod,
  options: { customer: Customer; lines: CartLine[]; onlyPending: boolean },
): Promise<OrderRow | undefined> {
  const { customer, lines } = options;
  const email = customer.email.trim().toLowerCase();
  const mobile = customer.mobile.replace(/\s/g, '');
  const fingerprint = JSON.stringify([
    `${method}-order`,
    email,
    customer.firstName,
    customer.lastName,
    mobile,
    lines.map((l) => `${l.id.toLowerCase()}:${l.quantity}`).sort(),
  ]);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${fingerprint}, 0))`);
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, method),
        options.onlyPending ? eq(orders.status, 'pending') : undefined,
        sql`lower(${orders.email}) = ${email}`,
        eq(orders.firstName, customer.firstName),
        eq(orders.lastName, customer.lastName),
        sql`replace(${orders.phoneNumber}, ' ', '') = ${mobile}`,
        sql`${orders.createdAt} > now() - ${REPEAT_WINDOW}`,
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(5);
  if (candidates.length === 0) return undefined;
  const items = await tx
    .select({ orderId: orderItems.orderId, id: orderItems.guideId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        candidates.map((c) => c.id),
      ),
    );
  return candidates.find((candidate) =>
    sameLines(
      items.filter((item) => item.orderId === candidate.id),
      lines,
    ),
  );
}

/**
 * The `findRepeat` of a free or mobile-money order: a double submit gets its first order back; a new
 * order must stay within the email's daily limit (daily-order-limit.ts).
 */
export const repeatOrWithinDailyLimit =
  (
    method: PaymentMethod,
    options: { customer: Customer; lines: CartLine[]; onlyPending: boolean; max: number; refusal: string },
  ) =>
  async (tx: Tx): Promise<OrderRow | undefined> => {
    const repeat = await findRepeatedOrder(tx, method, options);
    if (!repeat) {
      const { customer, max, refusal } = options;
      await refuseBeyondDailyOrders(tx, { method, email: customer.email, max, refusal });
    }
    return repeat;
  };

import { eq, inArray, sql } from 'drizzle-orm';
import type { Customer } from '../../../shared/contracts/checkout';
import type { Locale } from '../../../shared/locale';
import { centsToDecimal, toCents } from '../../../shared/money';
import { isPaidOnOrder, type PaymentMethod } from '../../../shared/payment-methods';
import { taxOf } from '../../../shared/tax';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { guideEditions, orderItems, orders, travelGuides } from '../../db/schema';
import { invalid } from '../../domain/errors';
import { recordCheckoutConsents } from '../consent/marketing-consents';
import { type DiscountHold, recordRedemption } from '../discounts/discount-pricing';
import { issueInvoice } from '../invoices/invoice-document';
import { enqueueJob } from '../jobs/jobs.service';
import { deliverOrderJob } from '../mail/delivery-jobs';
import type { BuyerTax } from '../taxes/buyer-tax';
import { discountOf, newOrderRow } from './order-row';
import { queueReviewReminder } from './review-reminder-job';

export type OrderRow = typeof orders.$inferSelect;
/** An open transaction, as drizzle hands it to `db.transaction(…)`. */

export interface CartLine {
  id: string;
  quantity: number;
  /** The unit price the shopper was charged (a paid card order's metadata); absent: today's price. */
  unitCents?: number;
}

export interface PricedLine {
  guideId: string;
  title: string;
  quantity: number;
  unitCents: number;
}

export interface PricedCart {
  lines: PricedLine[];
  totalCents: number;
}

/**
 * Prices a cart from the database: only active guides, at today's price. Unknown or withdrawn guides
 * are a 400 giving each one's id (never the title of a guide that is not for sale). With `lock`, the
 * guide rows are read FOR SHARE, so no price can change before the surrounding transaction commits:
 * the total is the total at commit time. With `paid`, the cart was already paid for: a guide withdrawn
 * since is still delivered, and each line's recorded `unitCents` is its price.
 */
export async function priceCart(
  db: DbOrTx,
  lines: CartLine[],
  options: { lock?: boolean; paid?: boolean } = {},
): Promise<PricedCart> {
  // Ids are uuids: the database compares them case-insensitively, so must we.
  const ids = lines.map((line) => line.id.toLowerCase());
  const query = db
    .select({
      id: travelGuides.id,
      title: travelGuides.title,
      price: travelGuides.price,
      isActive: travelGuides.isActive,
    })
    .from(travelGuides)
    .where(inArray(travelGuides.id, ids));
  const rows = options.lock ? await query.for('share') : await query;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refused = ids.filter((id) => {
    const row = byId.get(id);
    return !row || (!row.isActive && !options.paid);
  });
  if (refused.length > 0) {
    throw invalid(
      `${refused.length > 1 ? 'Some guides in your cart are' : 'A guide in your cart is'} no longer available: ${refused.join(', ')}`,
    );
  }
  const priced = lines.map((line): PricedLine => {
    const row = byId.get(line.id.toLowerCase())!;
    const unitCents = options.paid && line.unitCents !== undefined ? line.unitCents : toCents(row.price);
    return { guideId: row.id, title: row.title, quantity: line.quantity, unitCents };
  });
  return {
    lines: priced,
    totalCents: priced.reduce((sum, line) => sum + line.unitCents * line.quantity, 0),
  };
}

/** "14.50 €": how a refusal names an amount. */
export const euros = (cents: number) => `${centsToDecimal(cents)} €`;

/** The database total at commit time is not what was paid (a price changed after checkout began). */
export class TotalMismatchError extends Error {
  constructor(
    readonly paidCents: number,
    readonly currentCents: number,
  ) {
    super(`paid ${paidCents} cents, the cart now costs ${currentCents}`);
  }
}

export interface NewOrder {
  /** Card and free orders are paid, so completed and delivered at once; mobile money waits as pending. */
  paymentMethod: PaymentMethod;
  /** Card orders: unique, so one payment only ever makes one order. */
  paymentIntentId?: string;
  customer: Customer;
  locale: Locale;
  lines: CartLine[];
  /** What the shopper paid, in cents (0 for a free order); the order is refused unless the total equals it. */
  paidCents: number;
  /** Card orders: the money has moved, so withdrawn guides and recorded prices are honoured (see priceCart). */
  alreadyPaid?: boolean;
  /** Paid through the test-mode gateway (the fake, or Stripe with test keys): no real money. */
  testMode?: boolean;
  /** sha256 of the browser's claim key: a repeat of this order shows it only to that browser. */
  claimKeyHash?: string;
  /**
   * Runs first inside the transaction: an earlier order that this request merely repeats (a double
   * submit), returned instead of a new one.
   */
  findRepeat?: (tx: Tx) => Promise<OrderRow | undefined>;
  /** Mobile money: a fresh reference for each attempt (a clash on its unique index is retried). */
  mobileMoneyReference?: () => string;
  /** The allowed origin the shopper placed it through; its emails link back there (without PUBLIC_URL). */
  origin?: string;
  /** A discount code the shopper entered: checked and its use recorded in the order's transaction. */
  discountCode?: string;
  /** How that use is held while the order is unpaid, and by which client address. */
  discountHold: DiscountHold;
  /**
   * The tax decided for this buyer (taxes/buyer-tax.ts; a paid card order's from its payment): every
   * way of paying passes it, and the total is computed with it by the one function, taxOf.
   */
  tax: BuyerTax;
}

export interface PlacedOrder {
  order: OrderRow;
  /** False when the order already existed (same payment, or a repeated free order). */
  created: boolean;
}

const MAX_ATTEMPTS = 5;

/**
 * Creates an order, its items (price and title as they are now) and, when it is paid, its
 * delivery job in one transaction. Card and free orders are completed at once; a mobile-money
 * order is pending until the operator validates it (mobile-money.service.ts). The total is
 * recomputed from the database at commit time. Shared by the card path (browser and webhook
 * alike), free orders and mobile-money orders.
 *
 * Idempotent on the payment: the insert is `ON CONFLICT DO NOTHING`; when another request got there
 * first (it waits on the unique index until that one commits) we read its order back and queue nothing.
 * A clash on the random public id, order number or mobile-money reference is retried with fresh ones.
 */
export async function createOrder(db: Db, input: NewOrder): Promise<PlacedOrder> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const placed = await db.transaction(async (tx): Promise<PlacedOrder | undefined> => {
      const repeat = await input.findRepeat?.(tx);
      if (repeat) return { order: repeat, created: false };

      const cart = await priceCart(tx, input.lines, { lock: true, paid: input.alreadyPaid });
      const discount = await discountOf(tx, input, cart);
      const taxed = taxOf(
        cart.totalCents - (discount?.cents ?? 0),
        input.tax.rateBp,
        input.tax.pricesIncludeTax,
      );
      const totalCents = taxed.totalCents;
      if (totalCents !== input.paidCents) throw new TotalMismatchError(input.paidCents, totalCents);

      const paid = isPaidOnOrder(input.paymentMethod);
      const [order] = await tx
        .insert(orders)
        .values(newOrderRow(input, { totalCents, taxCents: taxed.taxCents, paid, discount }))
        .onConflictDoNothing()
        .returning();
      if (!order) {
        if (!input.paymentIntentId) return undefined;
        const [existing] = await tx
          .select()
          .from(orders)
          .where(eq(orders.paymentIntentId, input.paymentIntentId))
          .limit(1);
        return existing ? { order: existing, created: false } : undefined;
      }
      await tx.insert(orderItems).values(
        cart.lines.map((line) => ({
          orderId: order.id,
          guideId: line.guideId,
          quantity: line.quantity,
          unitPrice: centsToDecimal(line.unitCents),
          title: line.title,
          // The edition bought is the guide's latest at this moment.
          editionId: sql`(select e.id from ${guideEditions} e where e.guide_id = ${line.guideId} order by e.number desc limit 1)`,
        })),
      );
      if (discount) await recordRedemption(tx, discount, { ...order, paid }, input.discountHold);
      await recordCheckoutConsents(tx, order, input.customer);
      // In the same transaction: a paid order exists if and only if its delivery is queued.
      if (paid) {
        await enqueueJob(tx, deliverOrderJob(order.id));
        await queueReviewReminder(tx, order.id, order.completedAt);
        await issueInvoice(tx, order);
      }
      return { order, created: true };
    });
    if (placed) return placed;
  }
  throw new Error(`No free order number after ${MAX_ATTEMPTS} attempts`);
}

export { findOrderByPaymentIntent, findOrderByPublicId, orderView } from './order-view';

import { createHash, timingSafeEqual } from 'node:crypto';
import type { Order } from '../../../shared/contracts/orders';
import type { Db } from '../../db/client';
import { invalid } from '../../domain/errors';
import { holdsClaimKey } from '../orders/order-ids';
import { sameLines } from '../orders/order-lifecycle';
import { type CartLine, type OrderRow, orderView, type PlacedOrder } from '../orders/orders.service';

/** What the browser says it bought; checked against what was recorded on the payment. */
export interface CardOrderClaim {
  email: string;
  items: CartLine[];
  totalCents: number;
  /** The PaymentIntent's client secret: only the browser that paid holds it. */
  clientSecret?: string;
}

export interface ClaimedOrder extends PlacedOrder {
  /**
   * The request proved it placed the order (the card's client secret, the free or mobile-money
   * order's claim key): it may see the order. Otherwise it only learns that the order exists.
   */
  shown: boolean;
  /** The shopper's view of the order when it was read already (no second read to answer it). */
  view?: Order;
}

export const CLAIM_MISMATCH = 'These guides or this email do not match the payment';

/** Whether the claim names the guides and the email the payment was made for. */
export function claimMatches(claim: CardOrderClaim, paid: { email: string; items: CartLine[] }): boolean {
  return (
    sameLines(claim.items, paid.items) && claim.email.trim().toLowerCase() === paid.email.trim().toLowerCase()
  );
}

export function sameSecret(given: string | undefined, expected: string | null): boolean {
  if (!given || !expected) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * The browser's claim on an order that exists already, in two reads and without asking Stripe (issue
 * 21): in test mode and in production alike the webhook, sent when the card is confirmed, usually
 * creates the order first. The order keeps the hash of its intent's client secret (as free orders keep
 * their claim key's), so the secret is checked against it, and the guides and email against the order.
 * Undefined for an order made without that hash: the caller asks Stripe.
 */
export async function claimExistingCardOrder(
  db: Db,
  order: OrderRow,
  claim: CardOrderClaim,
): Promise<ClaimedOrder | undefined> {
  if (!order.claimKeyHash) return undefined;
  const view = await orderView(db, order);
  const items = view.items.map((item) => ({ id: item.guide.id, quantity: item.quantity }));
  if (!claimMatches(claim, { email: order.email, items })) throw invalid(CLAIM_MISMATCH);
  const shown = holdsClaimKey(order, claim.clientSecret);
  return { order, created: false, shown, view: shown ? view : undefined };
}

import type { z } from 'zod';
import type { priceCartBodySchema, priceCartResponseSchema } from '../../../shared/contracts/discounts';
import { centsToDecimal, centsToFcfa } from '../../../shared/money';
import type { Db } from '../../db/client';
import { type AppliedDiscount, priceDiscount } from '../discounts/discount-pricing';
import { type CartLine, type PricedCart, priceCart } from '../orders/orders.service';

export interface CheckoutPrice {
  cart: PricedCart;
  discount: AppliedDiscount | undefined;
  /** What the shopper pays, in cents: the cart less the discount. */
  totalCents: number;
}

/**
 * The cart at today's prices, less its code's discount, as the checkout shows it and the card is
 * charged. Nothing is held here: the order's transaction, or the card payment's hold, checks the
 * code again under its lock. With `uses: false` (the card path) the use limits are left to that
 * hold, so that an intent asked again is not refused because of its own hold.
 */
export async function priceCheckout(
  db: Db,
  input: { items: CartLine[]; discountCode?: string; uses?: false },
): Promise<CheckoutPrice> {
  const cart = await priceCart(db, input.items);
  const { discountCode: code, uses } = input;
  // No email here: the per-email limit is checked when the order is placed, so a price never tells
  // whether an email used a code (docs/features/discounts.md).
  const discount = code ? await priceDiscount(db, { code, lines: cart.lines, uses }) : undefined;
  return { cart, discount, totalCents: cart.totalCents - (discount?.cents ?? 0) };
}

/** POST /api/checkout/price: the summary's figures, or the refusal of the code. */
export async function quoteCheckout(
  db: Db,
  body: z.infer<typeof priceCartBodySchema>,
): Promise<z.infer<typeof priceCartResponseSchema>> {
  const { cart, discount, totalCents } = await priceCheckout(db, body);
  return {
    subtotal: centsToDecimal(cart.totalCents),
    discount: centsToDecimal(discount?.cents ?? 0),
    total: centsToDecimal(totalCents),
    totalXof: centsToFcfa(totalCents),
    discountCode: discount?.code ?? null,
  };
}

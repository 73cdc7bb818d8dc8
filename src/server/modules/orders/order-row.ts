import { centsToDecimal } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { Tx } from '../../db/client';
import type { orders } from '../../db/schema';
import { type AppliedDiscount, acceptPaidDiscount, priceDiscount } from '../discounts/discount-pricing';
import { generateOrderNumber, generatePublicId } from './order-ids';
import type { NewOrder, PricedCart } from './orders.service';

/**
 * The code's discount on this cart, under a lock on the code (discount-pricing.ts). A paid card
 * order takes the discount its payment was made with; a paid amount above the cart is a mismatch.
 */
export async function discountOf(
  tx: Tx,
  input: NewOrder,
  cart: PricedCart,
): Promise<AppliedDiscount | undefined> {
  if (!input.discountCode) return undefined;
  if (!input.alreadyPaid) {
    const email = input.customer.email;
    const { clientAddress } = input.discountHold;
    return priceDiscount(tx, {
      code: input.discountCode,
      lines: cart.lines,
      email,
      lock: true,
      clientAddress,
    });
  }
  // Paid the full price (or more): the code took nothing off, so it is neither recorded nor counted.
  if (input.paidCents >= cart.totalCents) return undefined;
  return acceptPaidDiscount(tx, {
    code: input.discountCode,
    subtotalCents: cart.totalCents,
    paidCents: input.paidCents,
  });
}

export function newOrderRow(
  input: NewOrder,
  priced: { totalCents: number; paid: boolean; discount: AppliedDiscount | undefined },
): typeof orders.$inferInsert {
  const { paid, discount } = priced;
  return {
    publicId: generatePublicId(),
    orderNumber: generateOrderNumber(),
    status: paid ? 'completed' : 'pending',
    paymentMethod: input.paymentMethod,
    mobileMoneyReference: input.mobileMoneyReference?.() ?? null,
    paymentProvider: input.paymentMethod === METHOD.card ? 'stripe' : null,
    paymentIntentId: input.paymentIntentId ?? null,
    email: input.customer.email,
    firstName: input.customer.firstName,
    lastName: input.customer.lastName,
    phoneNumber: input.customer.mobile,
    whatsappOptIn: input.customer.whatsapp === true,
    locale: input.locale,
    origin: input.origin ?? null,
    total: centsToDecimal(priced.totalCents),
    discountCode: discount?.code ?? null,
    discountAmount: centsToDecimal(discount?.cents ?? 0),
    currency: 'EUR',
    completedAt: paid ? new Date() : null,
    testMode: input.testMode ?? false,
    claimKeyHash: input.claimKeyHash ?? null,
  };
}

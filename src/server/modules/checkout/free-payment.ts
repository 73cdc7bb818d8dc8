import type { z } from 'zod';
import type { Customer, createFreeOrderBodySchema } from '../../../shared/contracts/checkout';
import { toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import { invalid } from '../../domain/errors';
import { hashClaimKey, holdsClaimKey } from '../orders/order-ids';
import { repeatOrWithinDailyLimit } from '../orders/order-lifecycle';
import { createOrder, euros, TotalMismatchError } from '../orders/orders.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { taxOfCustomer } from '../taxes/buyer-tax';
import type { CheckoutDeps, ClaimedOrder } from './checkout.service';

/**
 * A free order, as the payment port sees it (decision 005): nothing to start but a check that the
 * total is 0, always paid, and no provider to hear from.
 */
export const freePayment: PaymentProvider<{ totalCents: number; refusal: string }, void, never> = {
  method: METHOD.free,
  start: async ({ totalCents, refusal }) => {
    if (totalCents !== 0) throw invalid(refusal);
  },
  check: async () => ({
    status: 'paid',
    providerStatus: 'free',
    amount: 0,
    currency: 'EUR',
    details: undefined,
  }),
  action: () => ({ action: 'ignore' }),
};

/**
 * A free order, accepted only if the cart's total in the database at commit time is 0.
 *
 * Double submits (a double tap, a retry after a lost answer, two tabs) must not make two orders.
 * The same customer asking for the same guides within ten minutes gets the first order back:
 * identical submissions are serialised by an advisory lock on their fingerprint, so the second
 * one sees the first one's order; repeating a free order within minutes can only mean the same order.
 * But anyone who knows the shopper's details can repeat it: the order itself is shown only to the
 * browser whose claim key it was placed with.
 */
export async function placeFreeOrder(
  deps: CheckoutDeps,
  body: z.infer<typeof createFreeOrderBodySchema>,
  origin?: string,
  ipCountry: string | null = null,
  clientAddress?: string,
): Promise<ClaimedOrder> {
  const claimed = toCents(body.total);
  await freePayment.start({
    totalCents: claimed,
    refusal: `A free order's total must be 0, not ${euros(claimed)}`,
  });
  const customer: Customer = {
    email: body.email,
    firstName: body.firstName,
    lastName: body.lastName,
    mobile: body.mobile,
    whatsapp: body.whatsapp,
    country: body.country,
    businessName: body.businessName,
    taxId: body.taxId,
    newsByEmail: body.newsByEmail,
    newsByWhatsapp: body.newsByWhatsapp,
  };
  const tax = await taxOfCustomer(deps.db, body, ipCountry);
  try {
    const placed = await createOrder(deps.db, {
      paymentMethod: METHOD.free,
      customer,
      locale: body.locale,
      lines: body.items,
      paidCents: 0,
      claimKeyHash: body.claimKey ? hashClaimKey(body.claimKey) : undefined,
      origin,
      discountCode: body.discountCode,
      discountHold: { minutes: deps.limits.discountHoldMinutes, clientAddress },
      tax,
      findRepeat: repeatOrWithinDailyLimit(METHOD.free, {
        customer,
        lines: body.items,
        onlyPending: false,
        max: deps.limits.freeOrdersPerEmailPerDay,
        refusal: `email: this address already received ${deps.limits.freeOrdersPerEmailPerDay} free orders today. Please try again tomorrow.`,
      }),
    });
    return { ...placed, shown: placed.created || holdsClaimKey(placed.order, body.claimKey) };
  } catch (error) {
    if (error instanceof TotalMismatchError) {
      throw invalid(
        `These guides are no longer free: the cart now costs ${euros(error.currentCents)}. Reload the page to see the current prices.`,
      );
    }
    throw error;
  }
}

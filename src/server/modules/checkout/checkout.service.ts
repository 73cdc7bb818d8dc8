import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type {
  confirmTestPaymentBodySchema,
  confirmTestPaymentResponseSchema,
  createPaymentIntentBodySchema,
  createPaymentIntentResponseSchema,
} from '../../../shared/contracts/checkout';
import { toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { PaymentGateway, PaymentIntentView, WebhookEvent } from '../../adapters/payments/card-gateway';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, DomainError, invalid, paymentRequired } from '../../domain/errors';
import { holdCardDiscount } from '../discounts/discount-holds';
import { hashClaimKey } from '../orders/order-ids';
import {
  createOrder,
  euros,
  findOrderByPaymentIntent,
  type PlacedOrder,
  TotalMismatchError,
} from '../orders/orders.service';
import { type BuyerTax, taxOfCustomer } from '../taxes/buyer-tax';
import {
  type CardOrderClaim,
  CLAIM_MISMATCH,
  type ClaimedOrder,
  claimExistingCardOrder,
  claimMatches,
  sameSecret,
} from './card-order-claim';
import { cardAction, cardPayment, cardStatus, unknownPayment, viaGateway } from './card-payment';
import { priceCheckout } from './checkout-price';
import { flagUnplacedIntent } from './payment-attention';
import {
  type CheckoutMetadata,
  decodeCheckoutMetadata,
  encodeCheckoutMetadata,
  isShopPayment,
  MetadataError,
} from './payment-metadata';

export interface CheckoutDeps {
  db: Db;
  payments: PaymentGateway;
  limits: Pick<Config['limits'], 'freeOrdersPerEmailPerDay' | 'discountHoldMinutes'>;
}

// Checked before the id goes into an SDK URL: anything else cannot be one of our payments.
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{8,64}$/;

/**
 * Starts a card payment: the amount comes from the database, never from the client, and the
 * shopper's details go into the intent's metadata before the card is confirmed, so the webhook can
 * finish the order if the browser never comes back.
 *
 * Idempotency: the key is a hash of everything sent to Stripe (amount, currency, cart, customer,
 * locale). A double click, a retry after a lost answer or a reload gets the same PaymentIntent back
 * (for Stripe's 24 hours) instead of a second charge; `alreadyPaid` then tells the page to skip the
 * card and just claim the order. A changed cart or customer hashes differently: a new intent.
 */
export async function startCardPayment(
  deps: CheckoutDeps,
  body: z.infer<typeof createPaymentIntentBodySchema>,
  origin?: string,
  ipCountry: string | null = null,
  clientAddress?: string,
): Promise<z.infer<typeof createPaymentIntentResponseSchema>> {
  const { items, discountCode, customer } = body;
  const tax = await taxOfCustomer(deps.db, customer, ipCountry);
  // Use limits are counted by the hold below, under the code's lock.
  const priced = { items, discountCode, uses: false as const, tax };
  const { cart, discount, totalCents } = await priceCheckout(deps.db, priced);
  if (totalCents === 0) throw invalid('This cart is free: place it as a free order, no payment is needed');
  const claimed = toCents(body.amount);
  if (claimed !== totalCents) {
    throw invalid(
      `The amount ${euros(claimed)} does not match the cart's total at current prices, ${euros(totalCents)}`,
    );
  }
  const metadata = encodeCheckoutMetadata({
    customer,
    locale: body.locale,
    items: cart.lines.map((line) => ({
      id: line.guideId,
      quantity: line.quantity,
      unitCents: line.unitCents,
    })),
    origin,
    discountCode: discount?.code,
    tax,
  });
  // The claim reads the cart back through this function: what it would refuse is refused before any charge.
  try {
    decodeCheckoutMetadata(metadata);
  } catch (error) {
    if (error instanceof MetadataError) throw invalid(error.message);
    throw error;
  }
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([totalCents, 'eur', Object.entries(metadata).sort()]))
    .digest('base64url');
  const guides = cart.lines.reduce((n, line) => n + line.quantity, 0);
  const card = cardPayment(deps.payments);
  // A cancelled intent cannot be paid; the next generation of the key makes a fresh one.
  for (let generation = 0; generation < 3; generation++) {
    const intent = await viaGateway(() =>
      card.start({
        amount: totalCents,
        currency: 'eur',
        metadata,
        description: `Guides Afrique: ${guides} guide${guides > 1 ? 's' : ''}`,
        idempotencyKey: `checkout-${fingerprint}-${generation}`,
      }),
    );
    const status = cardStatus(intent.status);
    if (status === 'failed') continue;
    if (!intent.clientSecret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
    const paid = status === 'paid';
    // The code's use is held for this intent (a repeat holds once); a paid one's order records it.
    if (discount && !paid) {
      await holdCardDiscount(
        deps.db,
        discount,
        { lines: cart.lines, email: customer.email, intentId: intent.id },
        { minutes: deps.limits.discountHoldMinutes, clientAddress },
      );
    }
    return {
      // Anyone with the shopper's details gets this intent back: once paid, its claim secret stays with the payer.
      clientSecret: paid ? null : intent.clientSecret,
      paymentIntentId: intent.id,
      amount: intent.amount,
      currency: 'eur',
      testMode: deps.payments.testMode,
      publishableKey: deps.payments.publishableKey,
      alreadyPaid: paid,
    };
  }
  throw conflict('This payment was cancelled. Please start the checkout again later.');
}

/**
 * Turns a succeeded PaymentIntent into an order. The browser (with its claim) and the webhook
 * (without) both come here, so whichever arrives first creates the order and the other gets it back.
 * The order is built from the intent's metadata, recorded before payment, at the prices charged, so
 * it is the same either way, even if a guide was withdrawn or repriced in between. A paid intent
 * that still cannot become an order is flagged to the operator (payment-attention.ts), never dropped.
 */
export async function placeCardOrder(
  deps: CheckoutDeps,
  input: { paymentIntentId: string; claim?: CardOrderClaim },
): Promise<ClaimedOrder> {
  if (!PAYMENT_INTENT_ID.test(input.paymentIntentId)) throw unknownPayment();
  // Read first: the webhook and the browser race, and the second to come only needs the order back.
  const existing = await findOrderByPaymentIntent(deps.db, input.paymentIntentId);
  // The webhook has nothing to prove: an order for its intent is all it needed, no need to ask Stripe.
  if (existing && !input.claim) return { order: existing, created: false, shown: false };
  const known = existing && input.claim && (await claimExistingCardOrder(deps.db, existing, input.claim));
  if (known) return known;
  // An id Stripe does not know is PaymentNotFoundError: "Unknown payment".
  const checked = await viaGateway(() => cardPayment(deps.payments).check(input.paymentIntentId));
  const intent = checked.details;
  if (!isShopPayment(intent.metadata)) throw invalid('This payment was not made in this shop');
  const paid = checked.status === 'paid';
  const flag = (reason: string) => (paid ? flagUnplacedIntent(deps.db, intent, reason) : Promise.resolve());
  let checkout: CheckoutMetadata & { tax: BuyerTax };
  try {
    checkout = decodeCheckoutMetadata(intent.metadata);
  } catch (error) {
    if (error instanceof MetadataError) {
      await flag(error.message);
      throw invalid(error.message);
    }
    throw error;
  }
  const { claim } = input;
  // Checked before an existing order is handed back: knowing a payment id alone shows nothing.
  if (claim && !claimMatches(claim, { email: checkout.customer.email, items: checkout.items })) {
    throw invalid(CLAIM_MISMATCH);
  }
  const shown = sameSecret(claim?.clientSecret, intent.clientSecret);
  if (existing) return { order: existing, created: false, shown };

  if (!paid) {
    throw paymentRequired(`The payment has not succeeded (status: ${intent.status})`);
  }
  if (intent.currency !== 'eur') {
    const message = `The payment is in ${intent.currency.toUpperCase()}, the shop sells in EUR`;
    await flag(message);
    throw invalid(message);
  }
  if (claim && claim.totalCents !== intent.amount) {
    throw invalid(
      `The total ${euros(claim.totalCents)} does not match the amount paid, ${euros(intent.amount)}`,
    );
  }
  const placed = await createCardOrder(deps, intent, checkout, flag);
  return { ...placed, shown };
}

/** The order of a paid intent; what stops it is flagged to the operator and told to the shopper. */
async function createCardOrder(
  deps: CheckoutDeps,
  intent: PaymentIntentView,
  checkout: CheckoutMetadata & { tax: BuyerTax },
  flag: (reason: string) => Promise<void>,
): Promise<PlacedOrder> {
  const told = (message: string) =>
    `${message}. We have been told and will contact you; the payment reference is ${intent.id}.`;
  try {
    return await createOrder(deps.db, {
      paymentMethod: METHOD.card,
      paymentIntentId: intent.id,
      customer: checkout.customer,
      locale: checkout.locale,
      lines: checkout.items,
      paidCents: intent.amount,
      alreadyPaid: true,
      testMode: deps.payments.testMode || !intent.livemode,
      origin: checkout.origin,
      discountCode: checkout.discountCode,
      // Paid: its use is recorded as used, taking over the intent's hold.
      discountHold: { minutes: deps.limits.discountHoldMinutes },
      tax: checkout.tax,
      // The browser that paid claims its order with the intent's client secret (card-order-claim.ts).
      claimKeyHash: intent.clientSecret ? hashClaimKey(intent.clientSecret) : undefined,
    });
  } catch (error) {
    if (error instanceof TotalMismatchError) {
      // Only an intent made before prices were recorded in its metadata can get here.
      await flag(
        `the amount paid, ${euros(error.paidCents)}, does not match the guides' current total, ${euros(error.currentCents)}`,
      );
      throw invalid(
        told(
          `The amount paid, ${euros(error.paidCents)}, does not match these guides' current total, ${euros(error.currentCents)}`,
        ),
      );
    }
    if (error instanceof DomainError && error.kind !== 'unavailable') {
      await flag(error.message);
      throw new DomainError(error.kind, told(error.message), error.details);
    }
    throw error;
  }
}

/**
 * A verified webhook event. Only `payment_intent.succeeded` for this shop's intents does anything;
 * an error thrown here becomes a non-2xx answer, so Stripe delivers the event again later.
 */
export async function applyStripeEvent(
  deps: CheckoutDeps,
  event: WebhookEvent,
): Promise<'created' | 'already-applied' | 'ignored'> {
  const action = cardAction(event);
  // A cancelled intent made no order, so there is nothing to fail: only a payment makes one.
  if (action.action !== 'complete') return 'ignored';
  const placed = await placeCardOrder(deps, { paymentIntentId: action.ref });
  return placed.created ? 'created' : 'already-applied';
}

/** Test mode's card form, confirmed through the same SDK against the fake. */
export async function confirmTestCardPayment(
  deps: CheckoutDeps,
  body: z.infer<typeof confirmTestPaymentBodySchema>,
): Promise<z.infer<typeof confirmTestPaymentResponseSchema>> {
  if (!PAYMENT_INTENT_ID.test(body.paymentIntentId)) throw unknownPayment();
  const intent = await viaGateway(() =>
    deps.payments.confirmTestPayment(body.paymentIntentId, body.cardNumber),
  );
  if (cardStatus(intent.status) !== 'paid') {
    throw paymentRequired(`The payment did not succeed (status: ${intent.status})`);
  }
  return { paymentIntentId: intent.id, status: 'succeeded' };
}

export type { CardOrderClaim, ClaimedOrder } from './card-order-claim';
export { placeFreeOrder } from './free-payment';

import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CreateMobileMoneyOrderResponse,
  createMobileMoneyOrderBodySchema,
} from '../../../shared/contracts/mobile-money';
import { VERIFICATION_HOURS } from '../../../shared/contracts/mobile-money';
import { centsToFcfa, toCents } from '../../../shared/money';
import { METHOD } from '../../../shared/payment-methods';
import type { FileStore } from '../../adapters/storage/file-store';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { conflict, type DomainError, invalid, notFound } from '../../domain/errors';
import { enqueueJob } from '../jobs/jobs.service';
import { hashClaimKey, holdsClaimKey, ORDER_NUMBER_ALPHABET, PUBLIC_ID_PATTERN } from '../orders/order-ids';
import { repeatOrWithinDailyLimit } from '../orders/order-lifecycle';
import { createOrder, euros, type OrderRow, TotalMismatchError } from '../orders/orders.service';
import { taxOfCustomer } from '../taxes/buyer-tax';
import { expirySweepJob } from './mobile-money-expiry';
import { paymentInstructionJobs } from './payment-instructions';
import { proofPayment } from './proof-payment';

export interface MobileMoneyDeps {
  db: Db;
  files: FileStore;
  config: Pick<Config, 'mobileMoney' | 'limits'> & Partial<Pick<Config, 'cinetpay' | 'wave'>>;
}

/**
 * "MM7K3M9QXZ": typed by hand into a wallet app, so short, upper case, no 0/O or 1/I/L.
 * It only matches a payment to its order; the order's public id is what grants access.
 * 31^8 ≈ 8.5 × 10^11 values, and a clash with an existing one is retried.
 */
export function generateMobileMoneyReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)];
  return `MM${code}`;
}

/** The same cart again is the same order; past the day's limit of unpaid orders per email, none. */
function dailyLimit(
  deps: MobileMoneyDeps,
  customer: { email: string; firstName: string; lastName: string; mobile: string },
  lines: z.infer<typeof createMobileMoneyOrderBodySchema>['items'],
) {
  const max = deps.config.limits.mobileMoneyOrdersPerEmailPerDay;
  return {
    customer,
    lines,
    onlyPending: true,
    max,
    refusal: `email: this address already placed ${max} mobile-money orders today. Please pay one of them, or try again tomorrow.`,
  };
}

/**
 * A mobile-money order: priced from the database, pending until the operator sees the money,
 * with a reference for the wallet. The same shopper submitting the same cart again within
 * minutes (a double tap) gets the first order back, if the request carries the claim key the order
 * was placed with; otherwise (`response` undefined) it only learns that the order exists.
 */
export async function placeMobileMoneyOrder(
  deps: MobileMoneyDeps,
  body: z.infer<typeof createMobileMoneyOrderBodySchema>,
  origin?: string,
  ipCountry: string | null = null,
  clientAddress?: string,
): Promise<{ response: CreateMobileMoneyOrderResponse | undefined; created: boolean }> {
  const { email, firstName, lastName, mobile, whatsapp, country, businessName, taxId } = body;
  const { newsByEmail, newsByWhatsapp } = body;
  const customer = {
    ...{ email, firstName, lastName, mobile, whatsapp, country, businessName, taxId },
    ...{ newsByEmail, newsByWhatsapp },
  };
  const tax = await taxOfCustomer(deps.db, body, ipCountry);
  const claimed = toCents(body.total);
  if (claimed === 0) throw invalid('This cart is free: place it as a free order, no payment is needed');
  let placed: Awaited<ReturnType<typeof createOrder>>;
  try {
    placed = await createOrder(deps.db, {
      paymentMethod: METHOD.mobileMoney,
      customer,
      locale: body.locale,
      lines: body.items,
      paidCents: claimed,
      mobileMoneyReference: generateMobileMoneyReference,
      claimKeyHash: body.claimKey ? hashClaimKey(body.claimKey) : undefined,
      origin,
      discountCode: body.discountCode,
      discountHold: { minutes: deps.config.limits.discountHoldMinutes, clientAddress },
      tax,
      findRepeat: repeatOrWithinDailyLimit(METHOD.mobileMoney, dailyLimit(deps, customer, body.items)),
    });
  } catch (error) {
    if (error instanceof TotalMismatchError) {
      throw invalid(
        `total: ${euros(error.paidCents)} does not match the cart's total at current prices, ${euros(error.currentCents)}`,
      );
    }
    throw error;
  }
  const { order } = placed;
  // Outside the order's transaction: should this insert be lost, the sweep of any later order
  // expires this one too (a sweep expires every order that is due).
  if (placed.created) {
    const expiryHours = deps.config.mobileMoney.expiryHours;
    await enqueueJob(deps.db, expirySweepJob(order.createdAt, expiryHours));
    // How to pay, by email at once and as reminders: a closed tab loses nothing.
    for (const job of paymentInstructionJobs(order, expiryHours)) await enqueueJob(deps.db, job);
  }
  if (!placed.created && !holdsClaimKey(order, body.claimKey)) return { created: false, response: undefined };
  const totalCents = toCents(order.total);
  const reference = order.mobileMoneyReference ?? '';
  return {
    created: placed.created,
    response: {
      order: {
        id: order.publicId,
        orderNumber: order.orderNumber,
        djamoReference: reference,
        total: order.total,
        discountCode: order.discountCode,
        discountAmount: order.discountAmount,
        totalXof: centsToFcfa(totalCents),
        email: order.email,
        firstName: order.firstName,
        lastName: order.lastName,
        status: order.status,
      },
      ...(await proofPayment({ db: deps.db, config: deps.config.mobileMoney }).start({
        reference,
        totalCents,
      })),
      verificationHours: VERIFICATION_HOURS,
      ...automaticOptions(deps, order.publicId),
    },
  };
}

/**
 * The automatic ways to pay, offered only when their keys are set (otherwise the payment proof flow is all
 * there is): Wave Checkout first (docs/features/wave.md), then CinetPay.
 */
function automaticOptions(deps: MobileMoneyDeps, publicId: string) {
  const id = encodeURIComponent(publicId);
  return {
    automaticPayment: deps.config.cinetpay
      ? {
          provider: 'cinetpay' as const,
          checkoutUrl: `/api/orders/${id}/mobile-money/checkout`,
          statusUrl: `/api/orders/${id}/mobile-money/status`,
        }
      : null,
    wave: deps.config.wave ? { checkoutUrl: `/api/orders/${id}/wave/checkout` } : null,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A mobile-money order by its public id (the shopper's) or its id (the admin's); a malformed one is not looked up. */
export async function findMobileMoneyOrder(db: Db, by: 'publicId' | 'id', value: string): Promise<OrderRow> {
  const wellFormed = by === 'publicId' ? PUBLIC_ID_PATTERN.test(value) : UUID.test(value);
  const order = wellFormed
    ? (await db.select().from(orders).where(eq(orders[by], value)).limit(1))[0]
    : undefined;
  if (!order) throw notFound('Order not found');
  if (order.paymentMethod !== METHOD.mobileMoney) throw invalid('This order is not paid by mobile money');
  return order;
}

export const findMobileMoneyOrderByPublicId = (db: Db, publicId: string) =>
  findMobileMoneyOrder(db, 'publicId', publicId);

export function decidedConflict(order: Pick<OrderRow, 'status'>): DomainError {
  if (order.status === 'completed')
    return conflict('This order was already validated: its guides have been sent.');
  if (order.status === 'expired') {
    return conflict('This order expired: no payment arrived in time. Please place a new order.');
  }
  return conflict('This order was already rejected.');
}

import type { JobInput } from '../jobs/jobs.service';
import type { OrderRow } from '../orders/orders.service';
import { mobileMoneyEmailJob } from './mobile-money-email-job';

/**
 * a shopper who closes the tab before paying must still know how to pay. The order
 * is placed with three emails queued in the outbox: the instructions at once, a reminder a few
 * hours later, and one before the order expires. A reminder does nothing once a payment proof or an
 * automatic payment came, or the order was decided or is due to expire.
 */
export const FIRST_REMINDER_HOURS = 4;
/** The last reminder comes this long before MOBILE_MONEY_EXPIRY_HOURS run out. */
export const LAST_REMINDER_BEFORE_EXPIRY_HOURS = 12;

const HOUR_MS = 3_600_000;

export type ReminderFlag = 'first' | 'last';

/** When each reminder is due; one falling after the expiry (a short MOBILE_MONEY_EXPIRY_HOURS) is dropped. */
export function reminderTimes(placedAt: Date, expiryHours: number): { flag: ReminderFlag; at: Date }[] {
  const placed = placedAt.getTime();
  const expires = placed + expiryHours * HOUR_MS;
  const first = placed + FIRST_REMINDER_HOURS * HOUR_MS;
  const last = expires - LAST_REMINDER_BEFORE_EXPIRY_HOURS * HOUR_MS;
  const times: { flag: ReminderFlag; at: Date }[] = [];
  if (first < expires) times.push({ flag: 'first', at: new Date(first) });
  if (last > first) times.push({ flag: 'last', at: new Date(last) });
  return times;
}

/** The jobs a new mobile-money order queues: its instructions now, its reminders later. */
export function paymentInstructionJobs(
  order: Pick<OrderRow, 'id' | 'createdAt'>,
  expiryHours: number,
): JobInput[] {
  return [
    mobileMoneyEmailJob('payment-instructions', order.id),
    ...reminderTimes(order.createdAt, expiryHours).map(({ flag, at }) =>
      mobileMoneyEmailJob('payment-reminder', order.id, undefined, flag, at),
    ),
  ];
}

/**
 * Whether the order still waits for the shopper to pay: pending, no automatic payment under way,
 * and not past its expiry (the sweep may not have run yet).
 */
export function awaitsPayment(
  order: Pick<OrderRow, 'status' | 'providerTransactionId' | 'createdAt'>,
  expiryHours: number,
  now = new Date(),
): boolean {
  return (
    order.status === 'pending' &&
    order.providerTransactionId === null &&
    order.createdAt.getTime() + expiryHours * HOUR_MS > now.getTime()
  );
}

/** Whole hours left before the order expires (at least 1), for the last reminder. */
export function hoursLeft(order: Pick<OrderRow, 'createdAt'>, expiryHours: number, now = new Date()): number {
  const left = order.createdAt.getTime() + expiryHours * HOUR_MS - now.getTime();
  return Math.max(1, Math.round(left / HOUR_MS));
}

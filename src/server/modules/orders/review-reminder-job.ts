import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { enqueueJob } from '../jobs/jobs.service';
import { jobKind } from '../jobs/registry';

/**
 * The one email that asks a buyer for a review, 5 days after the purchase (docs/features/reviews.md).
 * Queued here, with the order's completion, so that a completed order has it if and only if it has
 * its delivery; the reviews module sends it (reviews/review-reminder.ts) and decides then whether
 * it still applies (refunded, revoked, already reviewed: nothing is sent).
 */
export const reviewReminder = jobKind('review-reminder', z.object({ orderId: z.uuid() }));
export const REVIEW_REMINDER_JOB = reviewReminder.kind;
export const REVIEW_REMINDER_DELAY_MS = 5 * 24 * 3_600_000;

export function queueReviewReminder(tx: DbOrTx, orderId: string, completedAt: Date | null): Promise<boolean> {
  const runAfter = new Date((completedAt ?? new Date()).getTime() + REVIEW_REMINDER_DELAY_MS);
  return enqueueJob(
    tx,
    reviewReminder.input({ orderId }, { dedupeKey: `${REVIEW_REMINDER_JOB}:${orderId}`, runAfter }),
  );
}

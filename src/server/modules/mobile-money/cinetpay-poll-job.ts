import { z } from 'zod';
import { jobKind } from '../jobs/registry';

/** How long the poller keeps asking, and when it asks (then hourly): a notification may never come. */
export const POLL_FOR_MS = 24 * 3_600_000;
const POLL_DELAYS_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000];
export const pollDelayMs = (poll: number) => POLL_DELAYS_MS[poll] ?? 3_600_000;

export const cinetpayPoll = jobKind(
  'cinetpay-poll',
  z.object({ orderId: z.uuid(), transactionId: z.string().min(1), poll: z.int().min(0) }),
);
export const CINETPAY_POLL_JOB = cinetpayPoll.kind;
export const cinetpayPollJob = (orderId: string, transactionId: string, poll: number, runAfter: Date) =>
  cinetpayPoll.input(
    { orderId, transactionId, poll },
    { dedupeKey: `${CINETPAY_POLL_JOB}:${transactionId}:${poll}`, runAfter },
  );

import { z } from 'zod';
import { jobKind } from '../jobs/registry';

/**
 * The Wave module's job kinds: the poller for a session nobody settled (one job per poll, each
 * queueing the next with a growing delay), and the daily check of the past day's sessions.
 */
export const POLL_FOR_MS = 24 * 3_600_000;
const POLL_DELAYS_MS = [30_000, 60_000, 120_000, 300_000, 600_000, 1_200_000, 1_800_000];
export const wavePollDelayMs = (poll: number) => POLL_DELAYS_MS[poll] ?? 3_600_000;

export const wavePoll = jobKind(
  'wave-poll',
  z.object({ orderId: z.uuid(), sessionId: z.string().min(1).max(200), poll: z.int().min(0) }),
);
export const WAVE_POLL_JOB = wavePoll.kind;
export const wavePollJob = (orderId: string, sessionId: string, poll: number, now = Date.now()) =>
  wavePoll.input(
    { orderId, sessionId, poll },
    { dedupeKey: `${WAVE_POLL_JOB}:${sessionId}:${poll}`, runAfter: new Date(now + wavePollDelayMs(poll)) },
  );

/** At 01:00 UTC the day after a session was opened: one job per day, whoever queues it. */
export const waveDailyCheck = jobKind('wave-daily-check', z.object({ day: z.iso.date() }));
export const WAVE_DAILY_CHECK_JOB = waveDailyCheck.kind;
export function waveDailyCheckJob(openedAt: Date) {
  const day = openedAt.toISOString().slice(0, 10);
  const runAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 25 * 3_600_000);
  return waveDailyCheck.input({ day }, { dedupeKey: `${WAVE_DAILY_CHECK_JOB}:${day}`, runAfter });
}

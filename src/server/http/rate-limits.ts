import rateLimit, { type errorResponseBuilderContext } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, TooManyRequestsError } from './errors';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The 429 every per-client limit answers: `{ message }` (the plugin adds Retry-After). */
const tooManyRequests =
  (what = 'Too many requests.') =>
  (_request: unknown, context: errorResponseBuilderContext) =>
    new HttpError(429, `${what} Please try again in ${context.after}.`);

/**
 * A route's per-client limit, for its `config`: `max` requests per `timeWindow` (ms or '10 minutes'),
 * refused with `what` ("Too many uploads.") instead of the generic text.
 */
export const perClientLimit = (max: number, timeWindow: number | string, what?: string) => ({
  rateLimit: { max, timeWindow, ...(what ? { errorResponseBuilder: tooManyRequests(what) } : {}) },
});

/**
 * Per-client limits for the routes of the calling plugin that set `config.rateLimit` (or use
 * `app.rateLimit(…)` as a hook), keyed by the client address (`trustProxy` decides which). The
 * counters live in this process's memory: N instances allow a client N × the limit.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests() });
}

/**
 * A second per-client limit on a route that already has one (e.g. free orders a day on top of
 * orders an hour): the plugin runs one of its hooks per request, so this one counts through
 * `createRateLimit` and answers the 429 itself, with Retry-After.
 */
export function additionalRateLimit(
  app: FastifyInstance,
  limit: { max: number; timeWindow: number; refusal: string },
): (request: FastifyRequest) => Promise<void> {
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindow });
  return async (request) => {
    const counted = await count(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    const hours = Math.max(1, Math.ceil(counted.ttlInSeconds / 3600));
    throw new TooManyRequestsError(
      `${limit.refusal} Please try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
      counted.ttlInSeconds,
    );
  };
}

import rateLimit, { type errorResponseBuilderContext } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The 429 every per-client limit answers: `{ message }` (the plugin adds Retry-After). */
export const tooManyRequests =
  (what = 'Too many requests.') =>
  (_request: unknown, context: errorResponseBuilderContext) =>
    new HttpError(429, `${what} Please try again in ${context.after}.`);

/**
 * Per-client limits for the routes of the calling plugin that set `config.rateLimit` (or use
 * `app.rateLimit(…)` as a hook), keyed by the client address (`trustProxy` decides which). The
 * counters live in this process's memory: N instances allow a client N × the limit.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, errorResponseBuilder: tooManyRequests() });
}

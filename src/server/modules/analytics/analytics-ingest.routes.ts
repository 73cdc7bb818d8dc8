import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isbot } from 'isbot';
import { z } from 'zod';
import {
  ANALYTICS_MAX_BATCH,
  ANALYTICS_MAX_BODY_BYTES,
  type AnalyticsEvent,
  analyticsEventSchema,
} from '../../../shared/contracts/analytics';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { HttpError } from '../../http/errors';
import type { EventBuffer } from './event-buffer';
import type { GeoLocation } from './ingest-rows';
import { toPendingEvents } from './ingest-rows';

export interface AnalyticsIngestOptions {
  buffer: EventBuffer;
  geo: (ip: string) => GeoLocation;
  rateLimitPerMinute: number;
  now?: () => number;
}

/**
 * POST /api/analytics/event: one event or a batch, as JSON or as the text/plain body
 * navigator.sendBeacon sends. Answers 204 before the events are written (event-buffer.ts).
 */
export const analyticsIngestRoutes: FastifyPluginAsyncZod<AnalyticsIngestOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  // Per address, in this process's memory (N instances allow N × the limit).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many analytics requests. Please try again in ${context.after}.`),
  });
  // A beacon's string body arrives as text/plain; it holds the same JSON. (This plugin's scope only.)
  if (app.hasContentTypeParser('text/plain')) app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'Body must be a JSON event or an array of events'), undefined);
    }
  });

  route(
    app,
    api.storefront.analyticsEvent,
    {
      // Parsed below, so a refusal names the event field at fault (a union only says "Invalid input").
      bodyLimit: ANALYTICS_MAX_BODY_BYTES,
      config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const events = parseIngestBody(request.body);
      const agent = request.headers['user-agent'];
      // Crawlers and headless browsers: 2xx, so they do not retry, but nothing is kept.
      // A batch holds one browser's events: its user agents are tested once each (isbot is a large regex).
      const agents = new Set(events.map((e) => e.userAgent).filter((ua): ua is string => Boolean(ua)));
      if (agent !== undefined) agents.add(agent);
      if ([...agents].some((ua) => isbot(ua))) {
        return reply.code(204).send(null);
      }
      const pending = toPendingEvents(events, options.geo(request.ip), now());
      if (!options.buffer.add(pending)) {
        throw new HttpError(503, 'Analytics is busy; please send these events again later');
      }
      return reply.code(204).send(null);
    },
  );
};

const batchSchema = z
  .array(analyticsEventSchema)
  .min(1, 'a batch holds at least one event')
  .max(ANALYTICS_MAX_BATCH, `a batch holds at most ${ANALYTICS_MAX_BATCH} events`);

/** One event or a batch (analyticsIngestSchema), with "field: problem" messages like other 400s. */
export function parseIngestBody(body: unknown): AnalyticsEvent[] {
  const parsed = Array.isArray(body) ? batchSchema.safeParse(body) : analyticsEventSchema.safeParse(body);
  if (parsed.success) return Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const message = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || 'body'}: ${issue.message}`)
    .join('; ');
  throw new HttpError(400, message);
}

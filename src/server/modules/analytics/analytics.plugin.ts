import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { analyticsAdminRoutes } from './analytics-admin.routes';
import { analyticsIngestRoutes } from './analytics-ingest.routes';
import { createEventBuffer, type EventBuffer } from './event-buffer';
import { createGeoLookup } from './geo';
import { writeEvents } from './write-events';

export type { EventBuffer } from './event-buffer';

export function createAnalyticsBuffer(
  db: Db,
  config: Config['analytics'],
  log: FastifyInstance['log'],
): EventBuffer {
  return createEventBuffer({
    write: (events) => writeEvents(db, events),
    flushIntervalMs: config.flushIntervalMs,
    flushMaxEvents: config.flushMaxEvents,
    maxBufferedEvents: config.maxBufferedEvents,
    log,
  });
}

/** Ingest and dashboard routes; the buffer is app.services.analytics (flushed by buildApp's onClose). */
export async function registerAnalytics(app: FastifyInstance): Promise<void> {
  const { config, analytics } = app.services;
  await app.register(analyticsIngestRoutes, {
    buffer: analytics,
    geo: createGeoLookup(config.analytics.geoip),
    rateLimitPerMinute: config.analytics.rateLimitPerMinute,
  });
  await app.register(analyticsAdminRoutes);
}

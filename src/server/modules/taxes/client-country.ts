import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createGeoLookup } from '../analytics/geo';

/**
 * The country of the client address, one of the two pieces of evidence of the buyer's tax country
 * (docs/features/taxes.md), from the offline GeoIP database the analytics already use.
 */
export function clientCountryOf(app: FastifyInstance): (request: FastifyRequest) => string | null {
  const geo = createGeoLookup(app.services.config.analytics.geoip);
  return (request) => geo(request.ip).country;
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  analyticsEventsSchema,
  analyticsFunnelSchema,
  analyticsGeoSchema,
  analyticsPagesQuerySchema,
  analyticsPagesSchema,
  analyticsRangeQuerySchema,
  analyticsSessionsSchema,
  analyticsSummarySchema,
  analyticsTimeseriesSchema,
  analyticsUsersTimeseriesSchema,
} from '../../../shared/contracts/admin/analytics';
import {
  analyticsEvents,
  analyticsFunnel,
  analyticsGeo,
  analyticsPages,
  analyticsSessions,
  analyticsSummary,
  analyticsTimeseries,
  analyticsUsersTimeseries,
  withDashboardTransaction,
} from './analytics-dashboard.service';

export interface AnalyticsAdminOptions {
  /** The clock the ranges are computed from (tests pin it). */
  now?: () => Date;
}

/** The admin Analytics tab's reads; every route behind requireAdmin (x-admin-key). */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<AnalyticsAdminOptions> = async (app, options) => {
  const { db, requireAdmin } = app.services;
  const now = options.now ?? (() => new Date());
  const base = '/api/admin/analytics';
  const range = { querystring: analyticsRangeQuerySchema };

  app.get(
    `${base}/summary`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsSummarySchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsSummary({ db: tx, range: request.query.range, now: now() }),
      ),
  );
  app.get(
    `${base}/events`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsEventsSchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsEvents({ db: tx, range: request.query.range, now: now() }),
      ),
  );
  app.get(
    `${base}/funnel`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsFunnelSchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsFunnel({ db: tx, range: request.query.range, now: now() }),
      ),
  );
  app.get(
    `${base}/pages`,
    {
      onRequest: requireAdmin,
      schema: { querystring: analyticsPagesQuerySchema, response: { 200: analyticsPagesSchema } },
    },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsPages({ db: tx, range: request.query.range, limit: request.query.limit, now: now() }),
      ),
  );
  app.get(
    `${base}/geo`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsGeoSchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) => analyticsGeo({ db: tx, range: request.query.range, now: now() })),
  );
  app.get(
    `${base}/users/timeseries`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsUsersTimeseriesSchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsUsersTimeseries({ db: tx, range: request.query.range, now: now() }),
      ),
  );
  app.get(
    `${base}/timeseries`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsTimeseriesSchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsTimeseries({ db: tx, range: request.query.range, now: now() }),
      ),
  );
  app.get(
    `${base}/sessions`,
    { onRequest: requireAdmin, schema: { ...range, response: { 200: analyticsSessionsSchema } } },
    (request) =>
      withDashboardTransaction(db, (tx) =>
        analyticsSessions({ db: tx, range: request.query.range, now: now() }),
      ),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import {
  analyticsEvents,
  analyticsFunnel,
  analyticsGeo,
  analyticsPages,
  analyticsSummary,
} from './analytics-dashboard.service';
import { analyticsSessions, analyticsTimeseries, analyticsUsersTimeseries } from './dashboard-over-time';
import { withDashboardTransaction } from './dashboard-sql';

export interface AnalyticsAdminOptions {
  /** The clock the ranges are computed from (tests pin it). */
  now?: () => Date;
}

/** The admin Analytics tab's reads; every route behind requireAdmin (x-admin-key). */
export const analyticsAdminRoutes: FastifyPluginAsyncZod<AnalyticsAdminOptions> = async (app, options) => {
  const { db } = app.services;
  const now = options.now ?? (() => new Date());

  route(app, api.admin.analyticsSummary, (request) =>
    withDashboardTransaction(db, (tx) =>
      analyticsSummary({ db: tx, range: request.query.range, now: now() }),
    ),
  );
  route(app, api.admin.analyticsEvents, (request) =>
    withDashboardTransaction(db, (tx) => analyticsEvents({ db: tx, range: request.query.range, now: now() })),
  );
  route(app, api.admin.analyticsFunnel, (request) =>
    withDashboardTransaction(db, (tx) => analyticsFunnel({ db: tx, range: request.query.range, now: now() })),
  );
  route(app, api.admin.analyticsPages, (request) =>
    withDashboardTransaction(db, (tx) =>
      analyticsPages({ db: tx, range: request.query.range, limit: request.query.limit, now: now() }),
    ),
  );
  route(app, api.admin.analyticsGeo, (request) =>
    withDashboardTransaction(db, (tx) => analyticsGeo({ db: tx, range: request.query.range, now: now() })),
  );
  route(app, api.admin.analyticsUsersTimeseries, (request) =>
    withDashboardTransaction(db, (tx) =>
      analyticsUsersTimeseries({ db: tx, range: request.query.range, now: now() }),
    ),
  );
  route(app, api.admin.analyticsTimeseries, (request) =>
    withDashboardTransaction(db, (tx) =>
      analyticsTimeseries({ db: tx, range: request.query.range, now: now() }),
    ),
  );
  route(app, api.admin.analyticsSessions, (request) =>
    withDashboardTransaction(db, (tx) =>
      analyticsSessions({ db: tx, range: request.query.range, now: now() }),
    ),
  );
};

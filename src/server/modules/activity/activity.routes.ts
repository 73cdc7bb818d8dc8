import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { listActivity } from './activity-log';

/** The admin Activity tab: reading the record only; no route changes or removes it. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  route(app, api.adminActivity.listActivity, async (request) => listActivity(db, request.query));
};

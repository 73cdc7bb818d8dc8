import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { listEditionMailings, listEditions, orderEditions } from './editions.service';

/** The editions' reads; publishing is an upload, so it lives with the guide's other uploads (admin-guides). */
export const editionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  route(app, api.editions.listEditions, async (request) => listEditions(db, request.params.id));
  route(app, api.editions.editionMailings, async () => listEditionMailings(db));
  route(app, api.editions.orderEditions, async (request) => orderEditions(db, request.params.orderId));
};

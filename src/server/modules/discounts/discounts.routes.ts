import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { adminActorOf } from '../admin-auth/require-admin';
import {
  createDiscount,
  deleteDiscount,
  listDiscounts,
  pauseDiscount,
  updateDiscount,
} from './discounts.service';

/** The admin Discounts tab: every route behind the admin key, every change recorded. */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, api.adminDiscounts.listDiscounts, async () => listDiscounts(db));

  route(app, api.adminDiscounts.createDiscount, async (request, reply) =>
    reply.code(201).send(await createDiscount(db, adminActorOf(request), request.body)),
  );

  route(app, api.adminDiscounts.updateDiscount, async (request) =>
    updateDiscount(db, adminActorOf(request), request.params.id, request.body),
  );

  route(app, api.adminDiscounts.pauseDiscount, async (request) =>
    pauseDiscount(db, adminActorOf(request), request.params.id, request.body.paused),
  );

  route(app, api.adminDiscounts.deleteDiscount, async (request, reply) => {
    await deleteDiscount(db, adminActorOf(request), request.params.id);
    return reply.code(204).send(null);
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { adminActorOf } from '../admin-auth/require-admin';
import { refundOrder } from './refund-order';

/** The operator's refunds, behind the admin key. */
export const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, payments, wave } = app.services;

  route(app, api.adminRefunds.refundOrder, async (request) =>
    refundOrder(
      { db, payments, wave: wave.wave },
      { ...request.body, orderId: request.params.id, actor: adminActorOf(request) },
    ),
  );
};

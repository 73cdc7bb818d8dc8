import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { adminActorOf } from '../admin-auth/require-admin';
import { attachmentDisposition } from '../downloads/file-names';
import { exportOrdersCsv, ordersExportFileName } from './export-orders';
import { listOrders } from './list-orders';
import {
  addOrderNote,
  changeBuyerEmail,
  resendDelivery,
  restoreOrderAccess,
  revokeOrderAccess,
} from './order-actions';
import { orderDetail } from './order-detail';

/** The Orders tab: every route behind the admin key. */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  const endpoints = api.adminOrders;

  route(app, endpoints.listOrders, async (request) => listOrders(db, request.query));

  // Not compressed: a stream of a million rows should leave as it is made, not wait for a gzip window.
  route(app, endpoints.exportOrders, { compress: false }, async (request, reply) => {
    const csv = await exportOrdersCsv(db, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(ordersExportFileName()))
      .send(csv);
  });

  route(app, endpoints.orderDetail, async (request) => orderDetail(db, request.params.id));

  route(app, endpoints.resendOrder, async (request) =>
    resendDelivery(db, {
      id: request.params.id,
      actor: adminActorOf(request),
      requestId: request.body.requestId,
    }),
  );

  route(app, endpoints.changeOrderEmail, async (request) =>
    changeBuyerEmail(db, {
      id: request.params.id,
      actor: adminActorOf(request),
      email: request.body.email,
      requestId: request.body.requestId,
    }),
  );

  route(app, endpoints.revokeOrderAccess, async (request) =>
    revokeOrderAccess(db, {
      id: request.params.id,
      actor: adminActorOf(request),
      reason: request.body.reason,
    }),
  );

  route(app, endpoints.restoreOrderAccess, async (request) =>
    restoreOrderAccess(db, { id: request.params.id, actor: adminActorOf(request) }),
  );

  route(app, endpoints.addOrderNote, async (request) =>
    addOrderNote(db, { id: request.params.id, actor: adminActorOf(request), text: request.body.text }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { adminActorOf } from '../admin-auth/require-admin';
import { attachmentDisposition } from '../downloads/file-names';
import {
  emailStats,
  exportCustomerCsv,
  exportFileName,
  listEmails,
  requestDelivery,
} from './messages.service';

/** The admin Emails tab (admin spec "Emails tab", §7): every route behind the admin key. */
export const adminEmailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, api.admin.listEmails, async (request) => listEmails(db, { range: request.query.range }));

  route(app, api.admin.emailStats, async (request) => emailStats(db, request.query.range));

  route(app, api.admin.exportCustomers, async (_request, reply) => {
    const csv = await exportCustomerCsv(db);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(exportFileName()))
      .send(csv);
  });

  route(app, api.admin.deliverOrder, async (request, reply) => {
    await requestDelivery(db, adminActorOf(request), request.params.id, request.body.resend);
    return reply.code(202).send({ message: 'Email resent successfully' });
  });
};

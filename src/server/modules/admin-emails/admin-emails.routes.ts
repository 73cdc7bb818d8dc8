import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliverOrderBodySchema,
  deliverOrderParamsSchema,
  deliverOrderResponseSchema,
  emailListQuerySchema,
  emailLogListSchema,
  emailStatsQuerySchema,
  emailStatsSchema,
} from '../../../shared/contracts/admin/emails';
import { binaryResponse } from '../../http/openapi';
import { attachmentDisposition } from '../downloads/file-names';
import {
  emailStats,
  exportCustomerCsv,
  exportFileName,
  listEmails,
  requestDelivery,
} from './admin-emails.service';

/** The admin Emails tab (admin spec "Emails tab", §7): every route behind the admin key. */
export const adminEmailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, requireAdmin } = app.services;
  const admin = { onRequest: requireAdmin };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/emails',
    { ...admin, schema: { querystring: emailListQuerySchema, response: { 200: emailLogListSchema } } },
    async (request) => listEmails(db, { range: request.query.range }),
  );

  app.get(
    '/api/admin/emails/stats',
    { ...admin, schema: { querystring: emailStatsQuerySchema, response: { 200: emailStatsSchema } } },
    async (request) => emailStats(db, request.query.range),
  );

  app.get(
    '/api/admin/emails/export',
    { ...admin, schema: { response: binaryResponse('One row per customer: CSV, UTF-8 with a BOM') } },
    async (_request, reply) => {
      const csv = await exportCustomerCsv(db);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentDisposition(exportFileName()))
        .send(csv);
    },
  );

  app.post(
    '/api/orders/:id/deliver',
    {
      ...admin,
      schema: {
        params: deliverOrderParamsSchema,
        body: deliverOrderBodySchema,
        response: { 202: deliverOrderResponseSchema },
      },
    },
    async (request, reply) => {
      await requestDelivery(db, request.params.id, request.body.resend);
      return reply.code(202).send({ message: 'Email resent successfully' });
    },
  );
};

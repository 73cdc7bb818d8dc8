import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { attachmentDisposition } from '../downloads/file-names';
import { listCustomers } from './customers.service';
import { customerCsvName, customerCsvStream } from './customers-csv';

/** The admin Customers tab: every route behind the admin key. */
export const adminCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  route(app, api.adminCustomers.listCustomers, async (request) => listCustomers(db, request.query));

  route(app, api.adminCustomers.exportCustomerList, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachmentDisposition(customerCsvName()))
      .send(customerCsvStream(db)),
  );
};

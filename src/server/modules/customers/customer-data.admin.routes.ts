import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { badField, notFound } from '../../http/errors';
import { adminActorOf } from '../admin-auth/require-admin';
import {
  erasePersonData,
  exportPersonData,
  NoSuchCustomerError,
  personOf,
} from '../data-rights/data-rights.service';
import { normaliseEmail, normalisePhone } from '../data-rights/person';
import { attachmentDisposition } from '../downloads/file-names';

const unknownCustomer = (error: unknown) => {
  if (error instanceof NoSuchCustomerError) throw notFound('No customer with this email or phone number');
  throw error;
};

/** A customer's data rights, from their row in the Customers tab (docs/features/data-rights.md). */
export const adminCustomerDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files } = app.services;

  route(app, api.adminCustomers.exportCustomerData, async (request, reply) => {
    const archive = await exportPersonData(
      { db, files },
      personOf(request.body),
      adminActorOf(request),
    ).catch(unknownCustomer);
    return reply
      .header('content-type', 'application/zip')
      .header('cache-control', 'no-store')
      .header('content-disposition', attachmentDisposition(archive.fileName))
      .send(archive.zip.outputStream);
  });

  route(app, api.adminCustomers.eraseCustomerData, async (request) => {
    const { email, phone, confirm } = request.body;
    const typed = confirm.trim();
    const matches =
      (email !== undefined && normaliseEmail(typed) === normaliseEmail(email)) ||
      (phone !== undefined &&
        normalisePhone(typed) === normalisePhone(phone) &&
        normalisePhone(typed).length > 0);
    if (!matches) throw badField('confirm', 'type the email or phone number being erased');
    return erasePersonData({ db, files }, personOf(request.body), adminActorOf(request)).catch(
      unknownCustomer,
    );
  });
};

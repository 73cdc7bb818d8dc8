import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { recordActivity } from '../activity/activity';
import { adminActorOf } from '../admin-auth/require-admin';
import { readTaxSettings, saveTaxSettings } from './tax-settings';

/** The admin Settings tab's taxes: rates per buyer country and whether prices include tax. */
export const taxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, api.adminSettings.readTaxSettings, async () => readTaxSettings(db));

  route(app, api.adminSettings.saveTaxSettings, async (request) => {
    const before = await readTaxSettings(db);
    const after = await saveTaxSettings(db, request.body);
    await recordActivity(db, {
      actor: adminActorOf(request),
      action: 'settings.taxes',
      subjectType: 'settings',
      subjectId: 'taxes',
      before,
      after,
    });
    return after;
  });
};

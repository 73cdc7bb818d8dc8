import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { recordActivity } from '../activity/activity';
import { adminActorOf } from '../admin-auth/require-admin';
import { readRetentionSettings, saveRetentionSettings } from './retention';

/** The Settings tab's retention periods (docs/features/data-rights.md); the daily job reads them. */
export const retentionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, api.adminSettings.readRetentionSettings, async () => readRetentionSettings(db));

  route(app, api.adminSettings.saveRetentionSettings, async (request) => {
    const before = await readRetentionSettings(db);
    const after = await saveRetentionSettings(db, request.body);
    await recordActivity(db, {
      actor: adminActorOf(request),
      action: 'settings.retention',
      subjectType: 'settings',
      subjectId: 'retention',
      before,
      after,
    });
    return after;
  });
};

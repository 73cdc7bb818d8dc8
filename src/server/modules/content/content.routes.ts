import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { readContent } from './content.service';
import { processorsInUse } from './processors';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.storefront.content, async (request) => {
    const patterns = request.query.keys
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    return readContent(app.services.db, request.query.locale, patterns);
  });

  route(app, api.storefront.processors, async () => ({ processors: processorsInUse(app.services.config) }));
};

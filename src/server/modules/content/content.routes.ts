import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentQuerySchema, contentResponseSchema } from '../../../shared/contracts/content';
import { readContent } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/content',
    { schema: { querystring: contentQuerySchema, response: { 200: contentResponseSchema } } },
    async (request) => {
      const patterns = request.query.keys
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      return readContent(app.services.db, request.query.locale, patterns);
    },
  );
};

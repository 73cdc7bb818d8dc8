import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manifestQuery, webAppManifest } from './web-app-manifest';

/** The installable order page and library: their web app manifest. */
export const webAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/app.webmanifest', { schema: { querystring: manifestQuery } }, async (request, reply) =>
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(webAppManifest(request.query))),
  );
};

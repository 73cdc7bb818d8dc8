import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildRobots, buildSitemap } from './seo.service';

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const origin = (request: { protocol: string; host: string }) =>
    app.services.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(await buildSitemap(app.services.db, origin(request))),
  );

  app.get('/robots.txt', async (request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(buildRobots(origin(request))),
  );
};

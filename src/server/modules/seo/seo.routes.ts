import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildRobots, buildSitemap } from './seo.service';

export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  // Cached for hours by browsers and proxies: never built from a Host the shop does not know.
  const origin = (request: FastifyRequest) => app.services.siteOrigin.forRequest(request);

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

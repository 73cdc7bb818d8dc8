import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const adminAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  // What the admin gate calls to check a key before unlocking (the spec's GET /api/admin/content works too once it exists).
  app.get(
    '/api/admin/session',
    {
      onRequest: app.services.requireAdmin,
      schema: { response: { 200: z.object({ ok: z.literal(true) }) } },
    },
    async () => ({ ok: true as const }),
  );
};

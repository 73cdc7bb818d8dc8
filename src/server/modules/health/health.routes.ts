import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FileStoreUnwritableError } from '../../adapters/storage/file-store';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    {
      schema: {
        response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ message: z.string() }) },
      },
    },
    async (request, reply) => {
      const { database, files, analytics } = app.services;
      // Accepted events that cannot be written would pile up until ingest refuses them.
      if (!analytics.health().writing) {
        request.log.warn({ waiting: analytics.waiting }, 'readiness check failed: analytics writer failing');
        return reply.code(503).send({ message: 'Analytics events cannot be written' });
      }
      try {
        await Promise.all([database.ping(), files.check()]);
        return { status: 'ready' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        // A full or read-only store is named: the operator must free space, not restart anything.
        const message =
          error instanceof FileStoreUnwritableError ? error.message : 'Database or file store unreachable';
        return reply.code(503).send({ message });
      }
    },
  );
};

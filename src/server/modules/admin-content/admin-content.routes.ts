import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminContentBlockSchema,
  adminContentKeyParamsSchema,
  adminContentListQuerySchema,
  adminContentListSchema,
  contentVersionListSchema,
  contentVersionsQuerySchema,
  rollbackContentBodySchema,
  saveContentBodySchema,
} from '../../../shared/contracts/admin/content';
import {
  listContentBlocks,
  listContentVersions,
  rollbackContentBlock,
  saveContentBlock,
} from './admin-content.service';

/** The admin Content tab: bilingual blocks with version history and restore. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, requireAdmin } = app.services;

  app.get(
    '/api/admin/content',
    {
      onRequest: requireAdmin,
      schema: { querystring: adminContentListQuerySchema, response: { 200: adminContentListSchema } },
    },
    async (request) => listContentBlocks(db, request.query.locale),
  );

  app.put(
    '/api/admin/content/:key',
    {
      onRequest: requireAdmin,
      schema: {
        params: adminContentKeyParamsSchema,
        body: saveContentBodySchema,
        response: { 200: adminContentBlockSchema, 201: adminContentBlockSchema },
      },
    },
    async (request, reply) => {
      // If-None-Match: * (RFC 9110 §13.1.2) asks to create only; the spec's plain PUT still saves over.
      const createOnly = request.headers['if-none-match']?.trim() === '*';
      const { block, created } = await saveContentBlock(db, request.params.key, request.body, { createOnly });
      return reply.code(created ? 201 : 200).send(block);
    },
  );

  app.get(
    '/api/admin/content/:key/versions',
    {
      onRequest: requireAdmin,
      schema: {
        params: adminContentKeyParamsSchema,
        querystring: contentVersionsQuerySchema,
        response: { 200: contentVersionListSchema },
      },
    },
    async (request) => listContentVersions(db, request.params.key, request.query.locale),
  );

  app.post(
    '/api/admin/content/:key/rollback',
    {
      onRequest: requireAdmin,
      schema: {
        params: adminContentKeyParamsSchema,
        body: rollbackContentBodySchema,
        response: { 200: adminContentBlockSchema },
      },
    },
    async (request) => rollbackContentBlock(db, request.params.key, request.body),
  );
};

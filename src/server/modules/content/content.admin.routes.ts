import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { route } from '../../http/endpoint';
import { adminActorOf } from '../admin-auth/require-admin';
import {
  listContentBlocks,
  listContentVersions,
  rollbackContentBlock,
  saveContentBlock,
} from './content-versions.service';

/** The admin Content tab: bilingual blocks with version history and restore. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;

  route(app, api.admin.listContent, async (request) => listContentBlocks(db, request.query.locale));

  route(app, api.admin.saveContent, async (request, reply) => {
    // If-None-Match: * (RFC 9110 §13.1.2) asks to create only; the spec's plain PUT still saves over.
    const createOnly = request.headers['if-none-match']?.trim() === '*';
    const { block, created } = await saveContentBlock(
      db,
      adminActorOf(request),
      request.params.key,
      request.body,
      {
        createOnly,
      },
    );
    return reply.code(created ? 201 : 200).send(block);
  });

  route(app, api.admin.contentVersions, async (request) =>
    listContentVersions(db, request.params.key, request.query.locale),
  );

  route(app, api.admin.rollbackContent, async (request) =>
    rollbackContentBlock(db, adminActorOf(request), request.params.key, request.body),
  );
};

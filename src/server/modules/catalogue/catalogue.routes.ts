import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guideDetailSchema,
  guideListQuerySchema,
  guideListSchema,
  imageQuerySchema,
} from '../../../shared/contracts/catalogue';
import { FileNotFoundError } from '../../adapters/storage/file-store';
import { notFound } from '../../http/errors';
import { findPublicFile } from '../files/files.service';
import { findActiveGuideBySlug, listActiveGuides } from './catalogue.service';

const ONE_YEAR = 31_536_000;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files } = app.services;

  app.get(
    '/api/travel-guides',
    { schema: { querystring: guideListQuerySchema, response: { 200: guideListSchema } } },
    async (request) => listActiveGuides(db, request.query),
  );

  app.get(
    '/api/travel-guides/by-slug/:slug',
    { schema: { params: z.object({ slug: z.string().max(200) }), response: { 200: guideDetailSchema } } },
    async (request) => {
      const guide = await findActiveGuideBySlug(db, request.params.slug);
      if (!guide) throw notFound('Guide not found');
      return guide;
    },
  );

  app.get(
    '/api/images/:name',
    { schema: { params: z.object({ name: z.string().max(200) }), querystring: imageQuerySchema } },
    async (request, reply) => {
      // Only names recorded in the database are served; the name is never used as a path.
      const file = await findPublicFile(db, request.params.name);
      if (!file) throw notFound('Image not found');
      try {
        const stream = await files.stream(file.storageKey);
        return reply
          .header('content-type', file.contentType)
          .header('content-length', file.size)
          .header('cache-control', `public, max-age=${ONE_YEAR}, immutable`)
          .header('etag', `"${file.sha256.slice(0, 32)}"`)
          .send(stream);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw notFound('Image not found');
        throw error;
      }
    },
  );
};

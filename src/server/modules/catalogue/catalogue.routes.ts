import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { FileNotFoundError } from '../../adapters/storage/file-store';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import type { StoredFile } from '../files/files.service';
import { activeGuidesAmong, findActiveGuideBySlug } from './catalogue.service';
import { registerListRoutes } from './catalogue-list.routes';
import { findGuidePreview, findImage } from './images.service';

const ONE_YEAR = 31_536_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files } = app.services;

  registerListRoutes(app);

  route(app, api.storefront.guideAvailability, async (request) =>
    activeGuidesAmong(db, request.query.ids.split(',')),
  );

  route(app, api.storefront.guideBySlug, async (request) => {
    const guide = await findActiveGuideBySlug(db, request.params.slug);
    if (!guide) throw notFound('Guide not found');
    return guide;
  });

  /** Streams a stored image with long-lived caching; its name or id changes whenever its bytes do. */
  const sendImage = async (
    reply: FastifyReply,
    file: StoredFile | undefined,
    maxAge: number,
    what: string,
  ) => {
    if (!file) throw notFound(`${what} not found`);
    try {
      const stream = await files.stream(file.storageKey);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('cache-control', `public, max-age=${maxAge}${maxAge === ONE_YEAR ? ', immutable' : ''}`)
        .header('etag', `"${file.sha256.slice(0, 32)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw notFound(`${what} not found`);
      throw error;
    }
  };

  route(app, api.storefront.image, async (request, reply) => {
    // Only names recorded in the database are served; the name is never used as a path.
    const file = await findImage(app.services, request.params.name, request.query.w);
    return sendImage(reply, file, ONE_YEAR, 'Image');
  });

  route(app, api.storefront.guidePreview, async (request, reply) => {
    const id = request.params.id;
    const file = UUID.test(id) ? await findGuidePreview(app.services, id) : undefined;
    // A day: the preview changes when the operator uploads a new PDF.
    return sendImage(reply, file, 86_400, 'Preview');
  });
};

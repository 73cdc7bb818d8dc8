import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { MEDIA_MAX_BYTES } from '../../../shared/contracts/endpoints/media.schemas';
import { route } from '../../http/endpoint';
import { badRequest, HttpError } from '../../http/errors';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { adminActorOf } from '../admin-auth/require-admin';
import { readLimited } from '../files/uploads';
import { createMedia, deleteMedia, listMedia, NOT_AN_IMAGE } from './media.service';

const TOO_LARGE = 'File size must be less than 10MB';
const IMAGE_RULE = { maxBytes: MEDIA_MAX_BYTES, tooLarge: TOO_LARGE };

/** The admin Media tab: images for content blocks, re-encoded on upload. */
export const adminMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.services;
  // Generous, but a leaked or scripted admin key cannot keep the image and PDF work busy forever.
  await registerRateLimits(app);
  const uploadLimit = perClientLimit(
    app.services.config.uploads.adminPerMinute,
    '1 minute',
    'Too many uploads.',
  );

  route(app, api.admin.listMedia, async () => listMedia(db));

  route(app, api.admin.uploadMedia, { config: uploadLimit }, async (request, reply) => {
    if (!request.isMultipart()) throw badRequest(NOT_AN_IMAGE);
    let image: { data: Buffer; fileName: string } | undefined;
    let alt = '';
    try {
      for await (const part of request.parts({ limits: { fileSize: MEDIA_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') {
          if (part.fieldname === 'image' && !image) {
            image = { data: await readLimited(part, IMAGE_RULE), fileName: part.filename };
          } else {
            part.file.resume();
          }
        } else if (part.fieldname === 'alt' && typeof part.value === 'string') {
          alt = part.value;
        }
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, TOO_LARGE);
      if (code === 'FST_FILES_LIMIT') throw badRequest('Upload one image at a time');
      throw error;
    }
    if (!image || image.data.length === 0) throw badRequest(NOT_AN_IMAGE);
    const item = await createMedia(app.services, adminActorOf(request), { ...image, alt });
    return reply.code(201).send(item);
  });

  route(app, api.admin.deleteMedia, async (request, reply) => {
    await deleteMedia(app.services, adminActorOf(request), request.params.id);
    return reply.code(204).send(null);
  });
};

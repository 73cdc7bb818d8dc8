import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import {
  COVER_MAX_BYTES,
  GUIDE_PDF_MAX_BYTES,
  guideMessages,
} from '../../../shared/contracts/endpoints/guides.schemas';
import { route } from '../../http/endpoint';
import { badRequest } from '../../http/errors';
import { perClientLimit, registerRateLimits } from '../../http/rate-limits';
import { adminActorOf } from '../admin-auth/require-admin';
import { canDeleteGuide, deleteGuidePermanently, unpublishGuide } from './guide-deletion';
import { publishEdition } from './guide-editions';
import { type FileRule, readGuideUpload } from './guide-upload';
import {
  assertGuideId,
  attachGuidePdf,
  createGuide,
  type Deps,
  listAdminGuides,
  updateGuide,
} from './guides-admin.service';

const guideFileRules: Record<string, FileRule> = {
  coverImage: { maxBytes: COVER_MAX_BYTES, tooLarge: guideMessages.coverSize },
  pdfPrimary: { maxBytes: GUIDE_PDF_MAX_BYTES, tooLarge: guideMessages.pdfSize },
  pdfSecondary: { maxBytes: GUIDE_PDF_MAX_BYTES, tooLarge: guideMessages.pdfSize },
};
const editionFileRules: Record<string, FileRule> = {
  pdfPrimary: guideFileRules.pdfPrimary!,
  pdfSecondary: guideFileRules.pdfSecondary!,
};
const rowUploadRules: Record<string, FileRule> = {
  pdf: { maxBytes: GUIDE_PDF_MAX_BYTES, tooLarge: guideMessages.rowPdfSize },
};

/** The admin Guides tab (seed 001 §2 "Guides tab", §7): every route behind the admin key. */
export const adminGuidesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, files, catalogueCache } = app.services;
  // Generous, but a leaked or scripted admin key cannot keep the image and PDF work busy forever.
  await registerRateLimits(app);
  const uploadLimit = perClientLimit(
    app.services.config.uploads.adminPerMinute,
    '1 minute',
    'Too many uploads.',
  );
  const deps: Deps = { db, files, log: app.log };

  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  route(app, api.admin.listGuides, async (request) => listAdminGuides(db, request.query.locale));

  route(app, api.admin.createGuide, { config: uploadLimit }, async (request, reply) => {
    const upload = await readGuideUpload(request, guideFileRules);
    const guide = await createGuide(deps, adminActorOf(request), upload.fields, upload.files);
    catalogueCache.invalidate();
    return reply.code(201).send(guide);
  });

  route(app, api.admin.replaceGuide, { config: uploadLimit }, async (request) => {
    assertGuideId(request.params.id);
    const upload = await readGuideUpload(request, guideFileRules);
    const guide = await updateGuide(
      deps,
      adminActorOf(request),
      request.params.id,
      upload.fields,
      upload.files,
    );
    catalogueCache.invalidate();
    return guide;
  });

  route(app, api.admin.updateGuide, async (request) => {
    // Parsed by the shared schema in the service, so the answer carries the spec's own texts.
    const guide = await updateGuide(deps, adminActorOf(request), request.params.id, request.body ?? {});
    catalogueCache.invalidate();
    return guide;
  });

  route(app, api.admin.unpublishGuide, async (request) => {
    const guide = await unpublishGuide(db, adminActorOf(request), request.params.id);
    catalogueCache.invalidate();
    return guide;
  });

  route(app, api.admin.canDeleteGuide, async (request) => canDeleteGuide(db, request.params.id));

  route(app, api.admin.deleteGuide, async (request) => {
    await deleteGuidePermanently(deps, adminActorOf(request), request.params.id);
    catalogueCache.invalidate();
    return { id: request.params.id, deleted: true as const };
  });

  route(app, api.editions.publishEdition, { config: uploadLimit }, async (request, reply) => {
    const upload = await readGuideUpload(request, editionFileRules);
    const actor = adminActorOf(request);
    const edition = await publishEdition(deps, actor, request.params.id, upload.fields, upload.files);
    catalogueCache.invalidate();
    return reply.code(201).send(edition);
  });

  route(app, api.admin.uploadGuidePdf, { config: uploadLimit }, async (request) => {
    const upload = await readGuideUpload(request, rowUploadRules);
    const pdf = upload.files.pdf;
    if (!pdf) throw badRequest(guideMessages.pdfType);
    const guideId = z.string().max(100).safeParse(upload.fields.guideId);
    if (!guideId.success) throw badRequest('guideId is required');
    const guide = await attachGuidePdf(deps, adminActorOf(request), guideId.data, pdf);
    catalogueCache.invalidate();
    return guide;
  });
};

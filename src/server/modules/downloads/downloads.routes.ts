import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { api } from '../../../shared/contracts/endpoints/bound';
import { FileNotFoundError } from '../../adapters/storage/file-store';
import { route } from '../../http/endpoint';
import { notFound } from '../../http/errors';
import { parseByteRange } from './byte-range';
import { type DownloadsRoutesOptions, downloadRecording } from './download-access';
import { issueDownloadLink, issueZipLink, openFileDownload, openZipDownload } from './downloads.service';
import { attachmentDisposition } from './file-names';
import { streamZip } from './order-zip';

const PERSONAL = 'private, no-store';

/** A link is a bearer credential: it must not be cached, nor leak to another site in a Referer. */
export function privateDownload(reply: FastifyReply, fileName: string, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('cache-control', PERSONAL)
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff');
}

/** 416: the range asked for starts after the file's end (the answer says how long the file is). */
function rangeOutsideFile(reply: FastifyReply, size: number): FastifyReply {
  return reply
    .code(416)
    .header('content-type', 'application/json; charset=utf-8')
    .removeHeader('content-disposition')
    .header('content-range', `bytes */${size}`)
    .send({ message: `The requested range is outside the file (${size} bytes).` });
}

export const downloadsRoutes: FastifyPluginAsyncZod<DownloadsRoutesOptions> = async (app, options) => {
  const { db, files, config } = app.services;
  const deps = { db, files, linkTtlMs: config.downloads.linkTtlMs };
  const served = downloadRecording(config.analytics.geoip, options.recordDownload);
  // The answers hold a bearer URL to the buyer's stamped file: personal, like the file itself.
  route(app, api.storefront.zipLink, async (request, reply) => {
    reply.header('cache-control', PERSONAL);
    return issueZipLink(deps, { publicId: request.params.orderId, variant: request.query.variant });
  });

  route(app, api.storefront.downloadLink, async ({ params, query }, reply) => {
    reply.header('cache-control', PERSONAL);
    const { file: slot, variant, edition } = query;
    return issueDownloadLink(deps, {
      publicId: params.orderId,
      guideId: params.guideId,
      slot,
      variant,
      edition,
    });
  });

  // Compression off: byte ranges address the stored bytes, and PDFs and ZIPs do not shrink anyway.
  route(app, api.storefront.file, { compress: false }, async (request, reply) => {
    const { file, orderId } = await openFileDownload(deps, request.params.token);
    const { files } = app.services;
    // A resumed download (a range not from the first byte) is the same download, recorded once.
    if (!/^bytes=[1-9]/.test(request.headers.range ?? ''))
      await served(orderId, file.originalName, request.ip);
    if (files.presignedDownloadUrl) {
      // A bucket serves the bytes itself: the grant was checked above, the URL lives 15 minutes.
      const url = await files.presignedDownloadUrl(file.storageKey, {
        expiresInSeconds: deps.linkTtlMs / 1000,
        contentDisposition: attachmentDisposition(file.originalName),
        contentType: 'application/pdf',
      });
      return reply
        .header('cache-control', PERSONAL)
        .header('referrer-policy', 'no-referrer')
        .redirect(url, 302);
    }
    const etag = `"${file.sha256.slice(0, 32)}"`;
    privateDownload(reply, file.originalName, 'application/pdf')
      .header('accept-ranges', 'bytes')
      .header('etag', etag);
    // If-Range: resume only if the bytes are still the ones the client has the start of.
    const ifRange = request.headers['if-range'];
    const range =
      ifRange && ifRange !== etag
        ? { kind: 'whole' as const }
        : parseByteRange(request.headers.range, file.size);
    if (range.kind === 'unsatisfiable') return rangeOutsideFile(reply, file.size);
    try {
      if (range.kind === 'partial') {
        const stream = await app.services.files.stream(file.storageKey, range);
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(stream);
      }
      const stream = await app.services.files.stream(file.storageKey);
      return reply.header('content-length', file.size).send(stream);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw notFound('This file is missing from the store');
      throw error;
    }
  });

  route(app, api.storefront.zipFile, { compress: false }, async (request, reply) => {
    const { fileName, entries, orderId } = await openZipDownload(deps, request.params.token);
    await served(orderId, fileName, request.ip);
    const zip = streamZip(app.services.files, entries, new Date());
    const size = await zip.size;
    privateDownload(reply, fileName, 'application/zip').header('accept-ranges', 'none');
    if (size >= 0) reply.header('content-length', size);
    return reply.send(zip.stream);
  });
};

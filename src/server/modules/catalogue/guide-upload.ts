import type { FastifyRequest } from 'fastify';
import { type FileRule, type MultipartUpload, readMultipartUpload } from '../files/uploads';

// The multipart reading, sniffing and naming now live in files/uploads.ts, shared with payment proofs and media.
export { cleanFileName, detectedMime, type FileRule, type UploadedFile } from '../files/uploads';

export type GuideUpload = MultipartUpload;

/** Reads a multipart body: text fields as strings, the files named in `rules` within their limits. */
export function readGuideUpload(
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<GuideUpload> {
  return readMultipartUpload(request, rules);
}

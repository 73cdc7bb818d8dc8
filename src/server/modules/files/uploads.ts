import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badField, badRequest, HttpError } from '../../http/errors';
import { acceptedText, wellFormedText } from '../../http/text-input';
import { imageToWebp } from './image-work';

/**
 * Uploads shared by the admin (guides, media) and the shopper (mobile-money payment proofs): sizes
 * enforced while the bytes arrive, types decided by content, images re-encoded.
 */

/** A file field the route accepts: its size limit, enforced while the bytes arrive. */
export interface FileRule {
  maxBytes: number;
  tooLarge: string;
}

export interface UploadedFile {
  fileName: string;
  data: Buffer;
}

export interface MultipartUpload {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

const isMultipartTooLarge = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';

/** Reads one file, refusing it with 413 as soon as it passes its limit: never more than the limit is held. */
export async function readLimited(part: MultipartFile, rule: FileRule): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > rule.maxBytes) throw new HttpError(413, rule.tooLarge);
      chunks.push(chunk);
    }
  } catch (error) {
    // The global multipart limit (50 MB) stops the stream itself.
    if (isMultipartTooLarge(error)) throw new HttpError(413, rule.tooLarge);
    throw error;
  }
  if (part.file.truncated) throw new HttpError(413, rule.tooLarge);
  return Buffer.concat(chunks, size);
}

/** Reads a multipart body: text fields as strings, the files named in `rules` within their limits. */
export async function readMultipartUpload(
  request: FastifyRequest,
  rules: Record<string, FileRule>,
): Promise<MultipartUpload> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart/form-data body');
  const upload: MultipartUpload = { fields: {}, files: {} };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const rule = rules[part.fieldname];
      if (!rule) throw badRequest(`Unexpected file field ${part.fieldname}`);
      const data = await readLimited(part, rule);
      // The browser sends an empty part for an untouched optional file input.
      if (data.length === 0) continue;
      if (upload.files[part.fieldname]) throw badField(part.fieldname, 'send one file only');
      upload.files[part.fieldname] = { fileName: wellFormedText(part.filename), data };
    } else if (typeof part.value === 'string') {
      // A part may declare charset=utf-16le, whose bytes can decode to a lone surrogate.
      upload.fields[part.fieldname] = acceptedText(part.value, part.fieldname);
    }
  }
  return upload;
}

/** The file's real type, from its first bytes; the name and declared type are not trusted. */
export async function detectedMime(data: Buffer): Promise<string | undefined> {
  // Loaded on first use, not with the server.
  const { fileTypeFromBuffer } = await import('file-type');
  return (await fileTypeFromBuffer(data))?.mime;
}

/** A display name for an uploaded file: no path, no control characters, bounded. */
export function cleanFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = wellFormedText(base)
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || fallback;
}

/**
 * Re-encodes an uploaded image to WebP (at most `maxWidth` wide, metadata dropped). Only the
 * decoded pixels survive, so anything appended to or hidden in the file is gone. Bytes that are
 * not one of `accepted` (by content), or do not decode, are a 400 with `refusal`; an image over
 * the pixel limit is a 400 saying so (see image-work.ts).
 */
export async function reencodeImage(
  data: Buffer,
  options: { accepted: ReadonlySet<string>; refusal: string; maxWidth?: number },
): Promise<Buffer> {
  const mime = await detectedMime(data);
  if (!mime || !options.accepted.has(mime)) throw badRequest(options.refusal);
  return imageToWebp(data, { refusal: options.refusal, maxWidth: options.maxWidth ?? 2000, quality: 85 });
}

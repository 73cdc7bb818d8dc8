import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { FileStoreUnwritableError, isUnwritableDiskError } from '../adapters/storage/file-store';
import { DomainError, type DomainErrorKind } from '../domain/errors';

/** An error whose message is safe to show the caller, with the HTTP status it deserves. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent with the answer, e.g. Retry-After on a 503. */
    readonly headers: Record<string, string> = {},
    /** Machine-readable beside `message`, for a client that words the refusal in its own language. */
    readonly code?: string,
    /** The field at fault, for a form that shows the refusal next to it. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code?: string) => new HttpError(400, message, {}, code);
/** A 400 naming its field, in the message ("email: …") and as `field`, like a validation error. */
export const badField = (field: string, problem: string) =>
  new HttpError(400, `${field}: ${problem}`, {}, 'invalid_field', field);
export const notFound = (message: string) => new HttpError(404, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const conflict = (message: string, code?: string) => new HttpError(409, message, {}, code);

/** 429 with the Retry-After the caller should wait, for limits counted outside @fastify/rate-limit. */
export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

const issueField = (context: string | undefined, issue: ValidationIssue) =>
  (issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? []).map(String).join('.') ||
  context ||
  'body';

/**
 * "locale: Invalid option: expected one of "fr"|"en"" — names the field, as the design asks; `field`
 * names the first one for a form that shows the refusal next to it, in its own language.
 */
function describeValidation(
  context: string | undefined,
  issues: ValidationIssue[],
): { message: string; field: string; code: 'invalid_field' } {
  const parts = issues
    .slice(0, 5)
    .map(
      (issue) =>
        `${issueField(context, issue)}: ${issue.params?.issue?.message ?? issue.message ?? 'is invalid'}`,
    );
  return {
    message: parts.join('; '),
    field: issues[0] ? issueField(context, issues[0]) : context || 'body',
    code: 'invalid_field',
  };
}

const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unsupported Content-Type\.|Unexpected end of (form|multipart data)|Malformed part header)/;

/** 22021 character_not_in_repertoire, 22P05 untranslatable_character, on the error or its cause (drizzle wraps). */
function isUntypeableText(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
  }
  return false;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The database (or another backing service) cannot be reached: refused or dropped connections,
 * PostgreSQL shutting down or starting up, SQLSTATE class 08. Looked for on the error, its causes
 * (drizzle wraps) and an AggregateError's errors (a refused connection to each address).
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isServiceUnavailable(e, depth + 1))) return true;
  return isServiceUnavailable(cause, depth + 1);
}

/**
 * The database refused the data itself, not the connection: SQLSTATE class 22 (data exception:
 * a lone surrogate in JSON, a value out of range), 23 (integrity) or 54 (too large), on the error
 * or its causes. Writing the same rows again would fail the same way.
 */
export function isDataRefusal(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|23|54)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * Nowhere to write: the file store refused (full or read-only disk or bucket), an fs call hit
 * ENOSPC / EDQUOT / EROFS, or the database ran out of disk (SQLSTATE 53100, PGlite included).
 */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof FileStoreUnwritableError || isUnwritableDiskError(error)) return true;
  if ((error as { code?: unknown }).code === '53100') return true;
  return isStorageFull((error as { cause?: unknown }).cause, depth + 1);
}

/** How the edge answers each kind of refusal a service makes (domain/errors.ts). */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_many: 429,
  unavailable: 503,
  upstream_failed: 502,
};

/** Every error leaves as JSON { message }: 4xx when the request was wrong, 5xx only for our faults. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .code(400)
        .send(describeValidation(error.validationContext, error.validation as ValidationIssue[]));
    }
    if (error instanceof DomainError) {
      const { field, code, retryAfterSeconds } = error.details;
      if (retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
      }
      return reply.code(STATUS_OF[error.kind]).send({
        message: error.message,
        ...(field === undefined ? {} : { field }),
        ...(code === undefined ? {} : { code }),
      });
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          message: error.message,
          ...(error.field === undefined ? {} : { field: error.field }),
          ...(error.code === undefined ? {} : { code: error.code }),
        });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its contract');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    // The multipart parser (busboy) throws plain errors for a body the client got wrong.
    if (error.statusCode === undefined && MALFORMED_MULTIPART.test(error.message)) {
      return reply.code(400).send({ message: 'Malformed multipart/form-data body' });
    }
    // PostgreSQL refuses NUL and bytes it cannot store in text (a multipart field can carry them).
    if (isUntypeableText(error)) {
      return reply.code(400).send({ message: 'Text fields must not contain the NUL character' });
    }
    // A full or read-only disk or bucket: say so, never a 500.
    if (error.statusCode === undefined && isStorageFull(error)) {
      request.log.error({ err: error }, 'request failed: no space left to store it');
      return reply.code(503).header('retry-after', '60').send({
        message:
          'The shop cannot save files right now: its storage is full or read-only. Please try again later.',
      });
    }
    // The database is down or restarting: a clean, retryable 503 instead of a 500.
    if (error.statusCode === undefined && isServiceUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: a backing service is unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: 'The service is temporarily unavailable. Please try again in a moment.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type) say what is wrong.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(status >= 500 && status < 600 ? status : 500)
      .send({ message: 'Internal server error' });
  });
}

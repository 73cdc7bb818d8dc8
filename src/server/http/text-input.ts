import type { FastifyInstance } from 'fastify';
import { badField } from './errors';

/**
 * The one rule for text that enters the shop (DEVIATIONS 44): a lone UTF-16 surrogate
 * becomes U+FFFD, as any UTF-8 encoder (the browser's, the database driver's) would write it; a
 * NUL character is refused with 400 naming the field, since PostgreSQL text cannot hold it.
 * Applied to params, query and body (JSON and the analytics beacon's text/plain) by the hook
 * below, and to multipart text fields by files/uploads.ts. Header values need nothing: Node reads
 * them as Latin-1, which is well-formed by construction.
 */

/** With the u flag, a surrogate pair is one code point: only lone halves match. */
const LONE_SURROGATE = /\p{Cs}/gu;

/** The text with each lone surrogate replaced by U+FFFD. */
export function wellFormedText(text: string): string {
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATE, '\uFFFD') : text;
}

/** One text value from outside, well-formed; a NUL is a 400 naming the field. */
export function acceptedText(text: string, field: string): string {
  if (text.includes('\u0000')) throw badField(field, 'must not contain the NUL character');
  return wellFormedText(text);
}

/**
 * A parsed value (params, query, JSON body) with every string and key made acceptable: objects and
 * arrays are changed in place, a string is returned changed. Buffers (raw webhook bodies) are left.
 */
function acceptedValue(value: unknown, context: string, path: string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return acceptedText(value, path.join('.') || context);
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
  // No contract nests this deep; a deeper value could hide a string from this rule.
  if (depth > 64) throw badField(path.join('.') || context, 'nested more than 64 levels deep');
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const fieldPath = [...path, key];
    const cleanKey = acceptedText(key, fieldPath.join('.'));
    const cleanValue = acceptedValue(record[key], context, fieldPath, depth + 1);
    if (cleanKey !== key) delete record[key];
    record[cleanKey] = cleanValue;
  }
  return value;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A rendered page: its address is cleaned by the page renderer, which never refuses one. */
    renderedPage?: boolean;
  }
}

export function registerTextInputRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.renderedPage) return;
    request.params = acceptedValue(request.params, 'params');
    request.query = acceptedValue(request.query, 'querystring');
    request.body = acceptedValue(request.body, 'body');
  });
}

/** True when decodeURIComponent can read the text: every '%' starts an escape of valid UTF-8. */
function decodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An address whose path the router cannot decode ('/guides/%', '%zz', a cut or invalid UTF-8
 * sequence) is read literally instead: in each such segment, '%' becomes '%25'. So a page answers
 * its own 404 page and an API route its JSON 404, where the router would answer a bare JSON 400
 * echoing the address. Used as Fastify's `rewriteUrl`.
 */
export function readablePath(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  if (decodable(path)) return url;
  const readable = path
    .split('/')
    .map((segment) => (decodable(segment) ? segment : segment.replace(/%/g, '%25')))
    .join('/');
  return queryAt === -1 ? readable : readable + url.slice(queryAt);
}

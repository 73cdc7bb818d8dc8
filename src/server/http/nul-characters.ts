import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

/** Where a NUL character hides in a parsed value, as a field path ("items.0.title"), if anywhere. */
function nulPath(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > 64) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = nulPath(child, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in any field would reach the database and fail there
 * as a 500 (or, for buffered analytics, lose a whole batch). Refused up front, naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [context, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const path = nulPath(value, []);
      if (path) throw badRequest(`${path.join('.') || context}: must not contain the NUL character`);
    }
  });
}

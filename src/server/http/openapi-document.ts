import { z } from 'zod';
import { api } from '../../shared/contracts/endpoints/bound';
import type { BoundEndpoint } from '../../shared/contracts/endpoints/define';
import { errorSchema } from '../../shared/contracts/errors';

/** What each error status means, as the document says it. */
const ERROR_MEANING: Record<number, string> = {
  400: 'The request or its Host header is malformed; the message names the field',
  401: 'The admin key (or the session) is missing or wrong',
  402: 'The payment was declined',
  403: 'Not allowed: a changed link, a wrong signature, or access revoked',
  404: 'Nothing is known by that name',
  409: 'Refused in the current state of the thing; the message says why',
  410: 'Expired or already used',
  413: 'The body is too large',
  415: 'The body is not of a type this endpoint takes',
  416: 'The byte range cannot be satisfied',
  429: 'Too many requests; retry after Retry-After',
  503: 'Temporarily unavailable; retry after Retry-After',
};

/** The routes that are not in the endpoint catalogue: what they are, what they answer. */
const PLAIN_ROUTES: Record<string, { summary: string; mediaType?: string }> = {
  'GET /healthz': { summary: 'The process is alive' },
  'GET /readyz': { summary: 'The database and file store are reachable and analytics are written' },
  'GET /sitemap.xml': { summary: 'Every public page in both languages', mediaType: 'application/xml' },
  'GET /robots.txt': { summary: "Crawlers' rules and the sitemap's address", mediaType: 'text/plain' },
  'GET /app.webmanifest': {
    summary: 'The installable app manifest of an order page or the library',
    mediaType: 'application/manifest+json',
  },
};

interface Operation {
  summary?: string;
  operationId?: string;
  security?: unknown[];
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> }
  >;
}
interface Document {
  servers?: unknown[];
  paths?: Record<string, Record<string, Operation>>;
}

/** The error statuses an endpoint may answer: those its shape implies, then those it declares. */
export function errorStatusesOf(endpoint: BoundEndpoint): number[] {
  const { schema } = endpoint;
  const statuses = new Set<number>([400]);
  if (endpoint.admin) statuses.add(401).add(429);
  if (endpoint.path.includes(':')) statuses.add(404);
  if (endpoint.body === 'multipart') statuses.add(413).add(415);
  for (const status of schema.errors ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const errorBody = z.toJSONSchema(errorSchema, { target: 'openapi-3.0' });

function errorResponse(status: number) {
  return {
    description: ERROR_MEANING[status] ?? 'Refused',
    content: { 'application/json': { schema: errorBody } },
  };
}

/** A binary answer documented as JSON (Fastify's default) moves under its real media type. */
function fileContent(operation: Operation, mediaType: string | undefined): void {
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    if (!status.startsWith('2') || !mediaType) continue;
    const schema = response.content?.['application/json']?.schema ?? { type: 'string', format: 'binary' };
    response.content = { [mediaType]: { schema } };
  }
}

/**
 * Completes the generated document from the endpoint catalogue: each operation's summary, its id,
 * whether it needs the admin key, its error answers with the error body, and a file's real media
 * type. Pages are left out: they are HTML for people, not API.
 */
export function completeDocument<D extends object>(generated: D): D {
  const document = generated as Document;
  const endpoints = new Map<string, { name: string; endpoint: BoundEndpoint }>();
  for (const [area, table] of Object.entries(api)) {
    for (const [name, endpoint] of Object.entries(table) as [string, BoundEndpoint][]) {
      endpoints.set(`${endpoint.method} ${openApiPath(endpoint.path)}`, {
        name: `${area}.${name}`,
        endpoint,
      });
    }
  }
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (path.includes('{*}')) continue;
    paths[path] = {};
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method.toUpperCase()} ${path}`;
      const found = endpoints.get(key);
      const plain = PLAIN_ROUTES[key];
      const statuses = found ? errorStatusesOf(found.endpoint) : [400];
      const responses = { ...operation.responses };
      for (const status of statuses) responses[String(status)] ??= errorResponse(status);
      const completed: Operation = {
        ...operation,
        summary: found?.endpoint.schema.summary ?? plain?.summary ?? operation.summary,
        operationId: found?.name ?? key.replace(/[^A-Za-z0-9]+/g, '_'),
        security: found?.endpoint.admin ? [{ adminKey: [] }] : [],
        responses,
      };
      fileContent(completed, found?.endpoint.schema.mediaType ?? plain?.mediaType);
      paths[path][method] = completed;
    }
  }
  return { ...document, servers: [{ url: '/' }], paths } as D;
}

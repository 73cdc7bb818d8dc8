import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { allEndpoints } from '../../shared/contracts/endpoints/bound';
import { completeDocument } from './openapi-document';

export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, so a test can insist that each API route has a contract. */
    routeCatalogue: RouteEntry[];
  }
}

/** `GET /api/admin/session`: how the catalogue and the registered routes name an endpoint. */
const endpointKey = (method: string, url: string) => `${method} ${url}`;

/** The catalogue's endpoints behind the admin key, marked so in the document. */
const adminOnly = new Set(allEndpoints().flatMap((e) => (e.admin ? [endpointKey(e.method, e.path)] : [])));

const transform: typeof jsonSchemaTransform = (input) => {
  const output = jsonSchemaTransform(input);
  const method = [input.route.method].flat()[0] ?? '';
  if (!adminOnly.has(endpointKey(method, input.url))) return output;
  return { ...output, schema: { ...output.schema, security: [{ adminKey: [] }] } };
};

/**
 * The OpenAPI 3 document, generated from the endpoint catalogue's zod schemas (the ones the routes
 * are registered and validated with), at /api/docs/json, and a browsable page at /api/docs. Admin
 * endpoints name the key they need. Must be registered before any route.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const catalogue: RouteEntry[] = [];
  app.decorate('routeCatalogue', catalogue);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') catalogue.push({ method, url: route.url, schema: route.schema });
    }
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Guides shop API',
        description:
          'Storefront, checkout, delivery and admin calls. Admin calls send the key in the x-admin-key header.',
        version: '1',
      },
      components: {
        securitySchemes: { adminKey: { type: 'apiKey', in: 'header', name: 'x-admin-key' } },
      },
    },
    transform,
    transformObject: (documentObject) =>
      'openapiObject' in documentObject
        ? completeDocument(documentObject.openapiObject)
        : documentObject.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

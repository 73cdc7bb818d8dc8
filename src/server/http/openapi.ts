import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

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

/**
 * The OpenAPI 3 document, generated from the same zod schemas the routes validate with, at
 * /api/docs/json, and a browsable page at /api/docs. Must be registered before any route.
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
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * The answer schema of a route that sends bytes (an image, a PDF, a ZIP, a CSV): documented as
 * binary. Fastify never runs a serializer on a Buffer or a stream, so this only describes.
 */
export const binaryBody = (description: string) =>
  z.any().meta({ type: 'string', format: 'binary', description });
export const binaryResponse = (description: string) => ({ 200: binaryBody(description) });

/** The answer schema of a route that answers 204 with no body. */
export const noContentResponse = (description: string) => ({ 204: z.null().meta({ description }) });

import { afterAll, beforeAll, expect, test } from 'vitest';
import { allEndpoints } from '../../src/shared/contracts/endpoints/bound';
import { createTestContext, type TestContext } from '../helpers/test-context';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ renderPages: false });
});
afterAll(() => ctx.close());

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

const apiRoutes = () =>
  ctx.app.routeCatalogue.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));

/** Fastify's :param and OpenAPI's {param}. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

test('every API route declares its answers with a schema', () => {
  const routes = apiRoutes();
  expect(routes.length).toBeGreaterThan(40);
  const undocumented = routes
    .filter((r) => !r.schema?.response || Object.keys(r.schema.response).length === 0)
    .map((r) => `${r.method} ${r.url}`);
  expect(undocumented).toEqual([]);
});

test('the OpenAPI 3 document lists every API route with its answers', async () => {
  const res = await ctx.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as OpenApiDocument;
  expect(doc.openapi).toMatch(/^3\./);
  const missing = apiRoutes()
    .filter((r) => !doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()]?.responses)
    .map((r) => `${r.method} ${r.url}`);
  expect(missing).toEqual([]);
  // Built from the zod contracts: the guide list names its fields.
  const list = doc.paths['/api/travel-guides']?.get?.responses?.['200'] as {
    content: Record<string, { schema: { items?: { properties?: Record<string, unknown> } } }>;
  };
  expect(Object.keys(list.content['application/json']?.schema.items?.properties ?? {})).toEqual(
    expect.arrayContaining(['id', 'title', 'price', 'locale']),
  );
});

test('/api/docs is a browsable page that works offline', async () => {
  const res = await ctx.app.inject({ url: '/api/docs/' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  expect(res.body).toContain('swagger-ui');
  expect(res.body).not.toMatch(/src="https?:\/\//);
});

test('the endpoint catalogue and the registered API routes are the same list', () => {
  const declared = allEndpoints()
    .map((e) => `${e.method} ${e.path}`)
    .sort();
  const registered = apiRoutes()
    .map((r) => `${r.method} ${r.url}`)
    .sort();
  expect(registered).toEqual(declared);
});

test('each admin endpoint of the catalogue refuses a call without the key, and says so in the document', async () => {
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown }>>;
  };
  for (const endpoint of allEndpoints().filter((e) => e.admin)) {
    const url = endpoint.path.replace(/:[A-Za-z]+/g, 'x');
    const res = await ctx.app.inject({ method: endpoint.method, url });
    expect(res.statusCode, `${endpoint.method} ${endpoint.path}`).toBe(401);
    expect(doc.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()]?.security).toEqual([
      { adminKey: [] },
    ]);
  }
  const publicList = doc.paths['/api/travel-guides']?.get as { security?: unknown };
  expect(publicList.security).toBeUndefined();
});

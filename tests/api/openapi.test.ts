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
  // A public endpoint says it needs no key (an empty list), rather than saying nothing.
  const publicList = doc.paths['/api/travel-guides']?.get as { security?: unknown };
  expect(publicList.security).toEqual([]);
});

test("the OpenAPI document passes Redocly's recommended rules with no error", async () => {
  const res = await ctx.app.inject({ url: '/api/docs/json' });
  const { createConfig, lintFromString } = await import('@redocly/openapi-core');
  const problems = await lintFromString({
    source: res.body,
    absoluteRef: '/api/docs/json',
    config: await createConfig({ extends: ['recommended'] }),
  });
  const errors = problems
    .filter((p) => p.severity === 'error')
    .map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ''}`);
  expect(errors).toEqual([]);
  expect(problems.filter((p) => p.ruleId === 'operation-4xx-response')).toEqual([]);
});

test('every operation has a summary, its error answers with the error body, and files their media type', async () => {
  const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<string, { summary?: string; responses: Record<string, { content?: Record<string, unknown> }> }>
    >;
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toMatch(/^\S.{5,120}$/);
      const errors = Object.keys(operation.responses).filter((status) => status.startsWith('4'));
      expect(errors.length, where).toBeGreaterThan(0);
      for (const status of errors) {
        expect(Object.keys(operation.responses[status]?.content ?? {}), `${where} ${status}`).toEqual([
          'application/json',
        ]);
      }
    }
  }
  const okTypes = (path: string) => Object.keys(doc.paths[path]?.get?.responses['200']?.content ?? {});
  expect(okTypes('/api/orders/{id}/receipt.pdf')).toEqual(['application/pdf']);
  expect(okTypes('/api/images/{name}')).toEqual(['image/webp']);
  expect(okTypes('/api/admin/orders/export')).toEqual(['text/csv']);
  expect(okTypes('/api/files/zip/{token}')).toEqual(['application/zip']);
  expect(okTypes('/sitemap.xml')).toEqual(['application/xml']);
  expect(okTypes('/api/travel-guides')).toEqual(['application/json']);
  // The admin key's refusals and the lockout are documented on an admin call.
  expect(Object.keys(doc.paths['/api/admin/orders']?.get?.responses ?? {})).toEqual(
    expect.arrayContaining(['400', '401', '429']),
  );
});

import { Readable } from 'node:stream';
import fc from 'fast-check';
import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from '../../src/server/http/openapi';
import { allEndpoints } from '../../src/shared/contracts/endpoints/bound';
import { insertOrder, insertSellableGuide } from '../helpers/orders';
import { createTestContext, type TestContext } from '../helpers/test-context';
import { contractBody, hostileValue, type JsonSchema, pathSegment, toQueryString } from './arbitraries';
import {
  ADMIN_KEY,
  HARDENING_ENV,
  seedFor,
  settledWriteCount,
  Tally,
  trackWrites,
  wellFormedFailure,
} from './harness';

/** Routes that only describe the API or serve its static viewer: not the shop. */
const skipped = (r: RouteEntry) => r.url.startsWith('/api/docs');

export interface Target {
  route: RouteEntry;
  admin: boolean;
  body?: JsonSchema;
  query?: JsonSchema;
}

const toJson = (schema: unknown): JsonSchema | undefined => {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return undefined;
  }
};

/**
 * Every API endpoint of the catalogue (its schemas and whether it needs the admin key as declared),
 * then every other registered route (the pages, health, sitemap), which is public. An endpoint the
 * app did not register (the test-card route with real Stripe keys) is left out.
 */
export function targets(ctx: TestContext): Target[] {
  const registered = new Set(ctx.app.routeCatalogue.map((r) => `${r.method} ${r.url}`));
  const api: Target[] = allEndpoints()
    .filter((e) => registered.has(`${e.method} ${e.path}`))
    .map((e) => ({
      route: { method: e.method, url: e.path, schema: e.schema as FastifySchema },
      admin: e.admin === true,
      body: toJson(e.schema.body),
      query: toJson(e.schema.querystring),
    }));
  const others = ctx.app.routeCatalogue.filter((r) => !r.url.startsWith('/api/') && !skipped(r));
  return [
    ...api,
    ...others.map((route) => {
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      return { route, admin: false, body: toJson(schema.body), query: toJson(schema.querystring) };
    }),
  ];
}

export interface KnownIds {
  all: string[];
}

/** A guide with its PDF and a completed order of it, so generated ids sometimes hit real rows. */
export async function seedShop(ctx: TestContext): Promise<KnownIds> {
  const guide = await insertSellableGuide(ctx, { title: 'Guide du Maroc', price: '12.00' });
  const { order } = await insertOrder(ctx.db, { guides: [guide] });
  return { all: [guide.id, guide.slug, order.publicId, order.orderNumber, order.id, 'home.hero', 'x.webp'] };
}

interface Attempt {
  options: InjectOptions;
  label: string;
}

const ip = fc
  .tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map((p) => p.join('.'));

function urlArbitrary(target: Target, known: KnownIds): fc.Arbitrary<string> {
  const names = [...target.route.url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]!);
  const segments = fc.array(pathSegment(known.all), { minLength: names.length, maxLength: names.length });
  const wildcard = fc
    .array(pathSegment(['senegal', 'guides', 'admin']), { minLength: 1, maxLength: 4 })
    .map((s) => s.join('/'));
  const query = target.query
    ? contractBody(target.query).map((q) => toQueryString(q.body))
    : fc.constantFrom('', '?lang=en', '?x=%00');
  return fc.tuple(segments, wildcard, query).map(([values, rest, qs]) => {
    let i = 0;
    const path = target.route.url.replace(/:[A-Za-z]+/g, () => values[i++]!).replace('*', rest);
    return `${path}${qs}`;
  });
}

/** Requests shaped by the route's contract: its params, query and body, valid or broken one field at a time. */
export function contractAttempt(target: Target, known: KnownIds): fc.Arbitrary<Attempt> {
  const hasBody = !['GET', 'DELETE'].includes(target.route.method);
  const body = target.body
    ? contractBody(target.body)
    : hostileValue.map((b) => ({ mutation: 'no-contract', body: b }));
  return fc.tuple(urlArbitrary(target, known), body, ip).map(([url, b, remoteAddress]) => ({
    label: `${target.route.method} ${url} (${b.mutation})`,
    options: {
      method: target.route.method as 'GET',
      url,
      remoteAddress,
      headers: target.admin ? { 'x-admin-key': ADMIN_KEY } : {},
      ...(hasBody && b.body !== undefined
        ? {
            payload: JSON.stringify(b.body),
            headers: {
              'content-type': 'application/json',
              ...(target.admin ? { 'x-admin-key': ADMIN_KEY } : {}),
            },
          }
        : {}),
    },
  }));
}

const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
const deepObject = `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`;

/** Bodies no contract can describe: broken JSON, wrong types of content, sizes at the edges, bad bytes. */
export const RAW_BODIES: { name: string; type?: string; payload: () => string | Buffer | Readable }[] = [
  { name: 'empty json', type: 'application/json', payload: () => '' },
  { name: 'whitespace json', type: 'application/json', payload: () => '   \n ' },
  { name: 'truncated object', type: 'application/json', payload: () => '{"email":"a@b.co",' },
  { name: 'truncated array', type: 'application/json', payload: () => '[1,2' },
  { name: 'trailing comma', type: 'application/json', payload: () => '{"a":1,}' },
  { name: 'single quotes', type: 'application/json', payload: () => "{'a':1}" },
  { name: 'NaN literal', type: 'application/json', payload: () => '{"total":NaN}' },
  { name: 'bare word', type: 'application/json', payload: () => 'undefined' },
  { name: 'BOM then JSON', type: 'application/json', payload: () => '\uFEFF{}' },
  {
    name: 'lone surrogate escape',
    type: 'application/json',
    payload: () => '{"firstName":"\\ud800","value":"\\udfff"}',
  },
  {
    name: 'NUL escape',
    type: 'application/json',
    payload: () => '{"firstName":"a\\u0000b","value":"\\u0000"}',
  },
  {
    name: 'duplicate keys',
    type: 'application/json',
    payload: () => '{"items":[],"items":{"a":1},"total":0,"total":"1"}',
  },
  {
    name: 'proto pollution',
    type: 'application/json',
    payload: () => '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
  },
  { name: 'deep array', type: 'application/json', payload: () => deepArray },
  { name: 'deep object', type: 'application/json', payload: () => deepObject },
  {
    name: 'huge number',
    type: 'application/json',
    payload: () => `{"total":1${'0'.repeat(400)},"amount":-1e400}`,
  },
  {
    name: 'many items',
    type: 'application/json',
    payload: () =>
      JSON.stringify({
        items: Array.from({ length: 20_000 }, () => ({
          id: '00000000-0000-4000-8000-000000000000',
          quantity: 1,
        })),
      }),
  },
  {
    name: 'body over 1 MiB',
    type: 'application/json',
    payload: () => JSON.stringify({ value: 'x'.repeat(1_048_577) }),
  },
  {
    name: 'invalid utf-8',
    type: 'application/json',
    payload: () => Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xae, 0x22, 0x7d]),
  },
  {
    name: 'utf-16 declared',
    type: 'application/json; charset=utf-16',
    payload: () => Buffer.from('{"a":1}', 'utf16le'),
  },
  { name: 'text/plain', type: 'text/plain', payload: () => 'hello' },
  { name: 'text/plain JSON', type: 'text/plain', payload: () => '{"email":"a@b.co"}' },
  {
    name: 'xml',
    type: 'application/xml',
    payload: () => '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  {
    name: 'form urlencoded',
    type: 'application/x-www-form-urlencoded',
    payload: () => 'email=a%40b.co&total=0',
  },
  { name: 'multipart without boundary', type: 'multipart/form-data', payload: () => '--x\r\n\r\n' },
  {
    name: 'multipart garbage',
    type: 'multipart/form-data; boundary=abc',
    payload: () => '--abc\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
  },
  { name: 'multipart empty', type: 'multipart/form-data; boundary=abc', payload: () => '--abc--\r\n' },
  { name: 'octet-stream', type: 'application/octet-stream', payload: () => Buffer.alloc(64, 0xff) },
  { name: 'made-up type', type: 'application/x-nonsense', payload: () => '{}' },
  { name: 'no content type', payload: () => '{"a":1}' },
  { name: 'json with html type', type: 'text/html', payload: () => '<script>alert(1)</script>' },
  {
    name: 'chunked json stream',
    type: 'application/json',
    payload: () => Readable.from([Buffer.from('{"a":'), Buffer.from('1}')]),
  },
  {
    name: 'chunked stream over 1 MiB',
    type: 'application/json',
    payload: () =>
      Readable.from(
        (function* () {
          for (let i = 0; i < 40; i++) yield Buffer.alloc(32_768, 0x20);
        })(),
      ),
  },
];

export interface Outcome {
  requests: number;
  rejected: number;
  accepted: number;
  statuses: Map<number, number>;
}

/**
 * Sends each attempt and holds the shop to its promise: no 5xx, every 4xx JSON with a message, and a
 * refused request writes no row (checked after each write request; after each batch for reads).
 * The context's database must be tracked (`trackWrites`).
 */
export async function hold(
  ctx: TestContext,
  tally: Tally,
  category: string,
  outcome: Outcome,
  attempts: Attempt[],
) {
  const reads = attempts.every((a) => a.options.method === 'GET');
  let before = await settledWriteCount(ctx);
  let acceptedInBatch = false;
  for (const attempt of attempts) {
    const res = await ctx.app.inject(attempt.options);
    tally.add(category);
    tally.status(res.statusCode);
    outcome.requests++;
    outcome.statuses.set(res.statusCode, (outcome.statuses.get(res.statusCode) ?? 0) + 1);
    // Pages (not /api) answer their 404 as the HTML 404 page; every API answer is held to JSON.
    const page =
      !attempt.options.url!.toString().startsWith('/api/') &&
      String(res.headers['content-type']).startsWith('text/html');
    const problem = page && res.statusCode < 500 ? undefined : wellFormedFailure(res);
    if (problem) throw new Error(`${attempt.label}: ${problem}`);
    const rejected = res.statusCode >= 400;
    if (rejected) outcome.rejected++;
    else {
      outcome.accepted++;
      acceptedInBatch = true;
    }
    if (!reads) {
      const after = await settledWriteCount(ctx);
      if (rejected && after !== before)
        throw new Error(`${attempt.label}: refused with ${res.statusCode} but changed the database`);
      before = after;
    }
  }
  if (reads && !acceptedInBatch) {
    const after = await settledWriteCount(ctx);
    if (after !== before) throw new Error(`${category}: a batch of refused reads changed the database`);
  }
}

/** fast-check draws the requests from a fixed seed; the seed is in the failure message so it replays. */
export function draw<T>(arbitrary: fc.Arbitrary<T>, runs: number, seed: number): T[] {
  return fc.sample(arbitrary, { numRuns: runs, seed: seedFor(seed) });
}

export function rawAttempts(target: Target, known: KnownIds): Attempt[] {
  const path = target.route.url.replace(/:[A-Za-z]+/g, () => known.all[0]!).replace('*', 'x');
  return RAW_BODIES.map((raw) => ({
    label: `${target.route.method} ${path} (${raw.name})`,
    options: {
      method: target.route.method as 'POST',
      url: path,
      remoteAddress: '203.0.113.77',
      headers: {
        ...(raw.type ? { 'content-type': raw.type } : {}),
        ...(target.admin ? { 'x-admin-key': ADMIN_KEY } : {}),
      },
      payload: raw.payload(),
    },
  }));
}

export const newOutcome = (): Outcome => ({ requests: 0, rejected: 0, accepted: 0, statuses: new Map() });

const RUNS_PER_ROUTE = 160;
const PARTS = 6;

/**
 * The bad-input suite for one side of the API (the public routes, or the admin routes with the
 * key): every route's contract-shaped requests from a fixed seed range, then raw bodies to every
 * write route. One file per side, so the two run in parallel.
 */
export function badInputSuite(side: 'public' | 'admin', seedBase: number): void {
  const tally = new Tally(`bad input, ${side} routes`);
  let ctx: TestContext;
  let known: KnownIds;
  let routes: Target[];

  beforeAll(async () => {
    // Public routes include the pages, so the public side renders them.
    ctx = await createTestContext({ renderPages: side === 'public', env: HARDENING_ENV });
    known = await seedShop(ctx);
    await trackWrites(ctx.db);
    routes = (await targets(ctx)).filter((t) => t.admin === (side === 'admin'));
  });
  afterAll(async () => {
    tally.print();
    await ctx.close();
  });

  describe(`generated requests to every ${side} route`, () => {
    // In parts, so each test stays far inside its time limit on a loaded machine: a test that
    // times out goes on sending in the background and would be blamed on the next one.
    for (let part = 0; part < PARTS; part++) {
      test(`contract-shaped requests (params, query, body; valid or one field broken), part ${part + 1} of ${PARTS}: no 5xx, JSON 4xx, nothing written on refusal`, async () => {
        for (const [i, target] of routes.entries()) {
          if (i % PARTS !== part) continue;
          const seed = seedBase + i;
          try {
            await hold(
              ctx,
              tally,
              'contract-derived',
              newOutcome(),
              draw(contractAttempt(target, known), RUNS_PER_ROUTE, seed),
            );
          } catch (error) {
            throw new Error(`seed ${seed}: ${(error as Error).message}`);
          }
        }
      });
    }

    test(`raw bodies (broken JSON, wrong content types, empty, over 1 MiB, chunked, bad bytes) to every ${side} write route`, async () => {
      for (const target of routes.filter((t) => t.route.method !== 'GET')) {
        await hold(ctx, tally, 'raw bodies', newOutcome(), rawAttempts(target, known));
      }
    });
  });
}

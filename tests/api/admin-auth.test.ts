import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { adminAuthFailures, adminKeys } from '../../src/server/db/schema';
import { ensureAdminKey, rotateAdminKey } from '../../src/server/modules/admin-auth/admin-key';
import { createTestContext, createTestDatabase, type TestContext } from '../helpers/test-context';

const session = (ctx: TestContext, options: { key?: string; url?: string; ip?: string } = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: options.url ?? '/api/admin/session',
    headers: options.key === undefined ? {} : { 'x-admin-key': options.key },
    remoteAddress: options.ip ?? '192.0.2.1',
  });

describe('a generated admin key', () => {
  let ctx: TestContext;
  let key: string;
  beforeAll(async () => {
    ctx = await createTestContext({ renderPages: false });
  });
  afterAll(() => ctx.close());

  test('is created once on first start, stored only as a hash', async () => {
    const [first, second] = await Promise.all([
      ensureAdminKey(ctx.db, undefined),
      ensureAdminKey(ctx.db, undefined),
    ]);
    const created = [first, second].filter((k) => k !== undefined);
    expect(created).toHaveLength(1);
    key = created[0]!;
    expect(await ensureAdminKey(ctx.db, undefined)).toBeUndefined();
    const rows = await ctx.db.select().from(adminKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.keyHash).not.toContain(key);
    expect(rows[0]!.revokedAt).toBeNull();
  });

  test('no key is 401 "Admin API key required", and so is an empty one', async () => {
    for (const res of [await session(ctx), await session(ctx, { key: '' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Admin API key required' });
    }
  });

  test('a wrong key is 401 "Invalid admin API key"', async () => {
    const res = await session(ctx, { key: `${key}x`, ip: '192.0.2.2' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid admin API key' });
  });

  test('the right key opens the session, and the answer is never cached', async () => {
    const res = await session(ctx, { key });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  test('the key is refused in the query string', async () => {
    for (const url of [`/api/admin/session?x-admin-key=${key}`, `/api/admin/session?key=${key}`]) {
      const res = await session(ctx, { url, ip: '192.0.2.3' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Admin API key required' });
    }
  });

  test('after 10 failures an address gets 429 for every wrong key, but the right key still gets in (decision 004)', async () => {
    const ip = '203.0.113.10';
    for (let i = 0; i < 10; i++) {
      expect((await session(ctx, { key: `wrong-${i}`, ip })).statusCode).toBe(401);
    }
    const locked = await session(ctx, { key: 'wrong-10', ip });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /^Too many invalid admin API keys\. Please try again in 15 minutes\.$/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // Someone sharing the operator's address (a NAT, a café) cannot lock the operator out.
    expect((await session(ctx, { key, ip })).statusCode).toBe(200);
    expect((await session(ctx, { key: 'wrong', ip })).statusCode).toBe(429);
    expect((await session(ctx, { key, ip: '203.0.113.11' })).statusCode).toBe(200);
  });

  test('the lockout ends when its 15-minute window has passed', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < 10; i++) await session(ctx, { key: 'wrong', ip });
    expect((await session(ctx, { key: 'wrong', ip })).statusCode).toBe(429);
    await ctx.db
      .update(adminAuthFailures)
      .set({ windowStart: sql`now() - interval '15 minutes 1 second'` })
      .where(eq(adminAuthFailures.ip, ip));
    expect((await session(ctx, { key, ip })).statusCode).toBe(200);
    expect((await session(ctx, { key: 'wrong', ip })).statusCode).toBe(401);
  });

  test('a success neither resets its own address nor anyone else’s count', async () => {
    const ip = '203.0.113.30';
    for (let i = 0; i < 9; i++) await session(ctx, { key: 'wrong', ip });
    expect((await session(ctx, { key, ip })).statusCode).toBe(200);
    expect((await session(ctx, { key: 'wrong', ip })).statusCode).toBe(401);
    expect((await session(ctx, { key: 'wrong', ip })).statusCode).toBe(429);
    expect((await session(ctx, { key, ip })).statusCode).toBe(200);
  });

  test('rotation revokes the old key and the new one works', async () => {
    const rotated = await rotateAdminKey(ctx.db);
    expect(rotated).not.toBe(key);
    const ip = '203.0.113.40';
    expect((await session(ctx, { key, ip })).statusCode).toBe(401);
    expect((await session(ctx, { key: rotated, ip })).statusCode).toBe(200);
    expect(await ctx.db.select().from(adminKeys).where(isNull(adminKeys.revokedAt))).toHaveLength(1);
    expect(await ctx.db.select().from(adminKeys)).toHaveLength(2);
  });
});

describe('ADMIN_API_KEY from the environment', () => {
  const configured = 'a-configured-admin-key-0123456789';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ renderPages: false, env: { ADMIN_API_KEY: configured } });
  });
  afterAll(() => ctx.close());

  test('is accepted, no key is generated, and a generated key is not accepted beside it', async () => {
    expect(await ensureAdminKey(ctx.db, ctx.config.adminApiKey)).toBeUndefined();
    expect(await ctx.db.select().from(adminKeys)).toHaveLength(0);
    expect((await session(ctx, { key: configured })).statusCode).toBe(200);
    expect((await session(ctx, { key: `${configured}!` })).statusCode).toBe(401);
    const generated = await rotateAdminKey(ctx.db);
    expect((await session(ctx, { key: generated })).statusCode).toBe(401);
  });
});

describe('logs', () => {
  test('never contain the admin key, from the header or pasted into the query string', async () => {
    const lines: string[] = [];
    let key = '';
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const testDb = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', DATA_DIR: dataDir });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(config, { database: testDb.database, startWorker: false, logStream });
      key = (await ensureAdminKey(testDb.db, undefined))!;
      const headers = { 'x-admin-key': key };
      expect((await app.inject({ url: '/api/admin/session', headers })).statusCode).toBe(200);
      expect(
        (await app.inject({ url: '/api/admin/session', headers: { 'x-admin-key': `${key}-` } })).statusCode,
      ).toBe(401);
      await app.inject({ url: `/api/admin/session?x-admin-key=${key}` });
      await app.inject({ url: `/api/admin/session?key=${encodeURIComponent(key)}&locale=fr` });
      app.log.info({ headers, request: { headers } }, 'a careless log line');
    } finally {
      await app?.close();
      await testDb.close();
      await rm(dataDir, { recursive: true, force: true });
    }
    const log = lines.join('');
    expect(log).toContain('invalid admin API key');
    expect(log).toContain('/api/admin/session?key=[Redacted]&locale=[Redacted]');
    expect(log).toContain('"x-admin-key":"[Redacted]"');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).not.toContain(key);
  });
});

describe('request ids', () => {
  test('every log line of a request carries its id, which the answer repeats; a malformed one is replaced', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const testDb = await createTestDatabase();
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(config, { database: testDb.database, startWorker: false, logStream });
      const own = await app.inject({ url: '/api/admin/session', headers: { 'x-admin-key': 'not-the-key' } });
      const id = String(own.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const ofRequest = lines
        .map((l) => JSON.parse(l) as { reqId?: string; msg: string })
        .filter((l) => l.reqId === id);
      expect(ofRequest.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed', 'invalid admin API key']),
      );

      const proxied = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-1234abcd' } });
      expect(proxied.headers['x-request-id']).toBe('edge-1234abcd');
      const forged = await app.inject({ url: '/healthz', headers: { 'x-request-id': 'x\n{"level":60}' } });
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app?.close();
      await testDb.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

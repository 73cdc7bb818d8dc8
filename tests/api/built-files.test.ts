import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createFileStore } from '../../src/server/adapters/storage/create-file-store';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { registerBuiltAssets } from '../../src/server/render/renderers';
import { createSourceRenderer, createTestDatabase, type TestDatabase } from '../helpers/test-context';

/**
 * The files beside the pages, as the built shop serves them: a dist/client laid out as the build
 * lays it (public/ copied in, the page template, hashed assets), served by registerBuiltAssets.
 */
let app: FastifyInstance;
let database: TestDatabase;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'built-files-'));
  const client = path.join(scratch, 'dist', 'client');
  await cp('public', client, { recursive: true });
  await writeFile(path.join(client, 'index.html'), await readFile('index.html'));
  await mkdir(path.join(client, 'assets'));
  await writeFile(path.join(client, 'assets', 'entry-client-a1b2c3.js'), 'console.log(1);\n');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(scratch, 'data'),
    CATALOGUE_CACHE_TTL_MS: '0',
    PAGE_CACHE_TTL_MS: '0',
  });
  database = await createTestDatabase();
  app = await buildApp(config, {
    database: database.database,
    files: createFileStore(config),
    renderer: createSourceRenderer(),
    startWorker: false,
  });
  await registerBuiltAssets(app, path.join(scratch, 'dist'));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await rm(scratch, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '198.51.100.70' });

describe('the page template', () => {
  test('/index.html is not served raw: it sends the visitor to the home page', async () => {
    for (const url of ['/index.html', '/INDEX.HTML']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe('/');
      expect(res.body, url).not.toContain('<!--app-head-->');
    }
    expect((await get('/index.html?lang=en')).headers.location).toBe('/?lang=en');
  });
});

describe('icons', () => {
  test('/favicon.ico is a real icon', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // ICONDIR: reserved 0, type 1 (icon), then how many images.
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.length).toBeLessThan(8_000);
  });

  test('/apple-touch-icon.png is a 180 px PNG, and every page links it', async () => {
    const res = await get('/apple-touch-icon.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" />');
  });
});

describe('hashed assets', () => {
  test('one that exists is served for a year', async () => {
    const res = await get('/assets/entry-client-a1b2c3.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('a missing one is a small 404, not the HTML page', async () => {
    const res = await get('/assets/entry-client-000000.js');
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(res.rawPayload.length).toBeLessThan(200);
    expect(res.json().message).toBeTruthy();
  });
});

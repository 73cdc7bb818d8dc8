import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Guide } from '../../src/shared/contracts/catalogue';
import { insertGuide } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-context';

const ADMIN_KEY = 'shared-cache-test-key-0123456789ab';
let one: TestContext;
let other: FastifyInstance;

beforeAll(async () => {
  // A long cache lifetime: only the notification can make the second instance see a change soon.
  one = await createTestContext({
    renderPages: false,
    env: { ADMIN_API_KEY: ADMIN_KEY, CATALOGUE_CACHE_TTL_MS: '600000' },
  });
  other = await buildApp(one.config, { database: one.database, startWorker: false });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await one?.close();
});

const titles = async (app: FastifyInstance) =>
  ((await app.inject({ url: '/api/travel-guides?locale=fr' })).json() as Guide[]).map((g) => g.title);

test('a guide changed through one instance is listed by another at once, despite its cache', async () => {
  const guide = await insertGuide(one, { title: 'Avant', locale: 'fr', price: '4.00' });
  one.app.services.catalogueCache.invalidate();
  await expect.poll(() => titles(other), { timeout: 2000, interval: 20 }).toContain('Avant');
  expect(await titles(other)).toContain('Avant'); // now cached in the other instance

  const edited = await one.app.inject({
    method: 'PUT',
    url: `/api/travel-guides/${guide.id}`,
    headers: { 'x-admin-key': ADMIN_KEY },
    payload: { title: 'Après', description: 'Modifié', price: '4.00' },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  await expect.poll(() => titles(other), { timeout: 2000, interval: 20 }).toContain('Après');
  expect(await titles(other)).not.toContain('Avant');

  const unpublished = await one.app.inject({
    method: 'DELETE',
    url: `/api/travel-guides/${guide.id}`,
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  expect(unpublished.statusCode).toBe(200);
  await expect.poll(() => titles(other), { timeout: 2000, interval: 20 }).not.toContain('Après');
});

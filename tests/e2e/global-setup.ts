import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLocalFileStore } from '../../src/server/adapters/storage/local';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed';
import { adminConnection, withDatabase } from '../helpers/postgres';
import { makeSeededLightCopies } from '../helpers/seed-light';

export const E2E_TEMPLATE_DATABASE = 'shop_e2e_template';

/**
 * Builds the production bundles once, and seeds the demo shop once into a template (database +
 * files) that every end-to-end server copies, so each test file starts from the same fresh shop.
 * With E2E_BUILD_DIR set (CI, which runs this suite on PGlite and again on PostgreSQL), the build
 * goes there and a later run on the same checkout reuses it instead of building again; the caller
 * removes that folder.
 */
export default async function setup(project: TestProject) {
  const shared = process.env.E2E_BUILD_DIR;
  const distDir = path.resolve(shared || path.join('.test-data', `e2e-dist-${process.pid}`));
  if (!(shared && existsSync(path.join(distDir, 'server', 'main.js')))) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', distDir], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The production build failed');
  }

  const templateDir = path.resolve('.test-data', `e2e-template-${process.pid}`);
  await rm(templateDir, { recursive: true, force: true });
  await mkdir(templateDir, { recursive: true });
  const files = createLocalFileStore(path.join(templateDir, 'files'));
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = await adminConnection(databaseUrl);
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${E2E_TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${E2E_TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const database = await openPostgres(withDatabase(databaseUrl, E2E_TEMPLATE_DATABASE), { max: 2 });
    await database.migrate();
    await seedDemoData({ db: database.db, files });
    await makeSeededLightCopies({ db: database.db, files });
    await database.close();
  } else {
    const database = await openPglite({ dir: path.join(templateDir, 'db') });
    await database.migrate();
    await seedDemoData({ db: database.db, files });
    await makeSeededLightCopies({ db: database.db, files });
    await database.close();
  }
  project.provide('e2eTemplate', {
    dir: templateDir,
    database: databaseUrl ? E2E_TEMPLATE_DATABASE : undefined,
    server: path.join(distDir, 'server', 'main.js'),
  });
  return async () => {
    await rm(templateDir, { recursive: true, force: true });
    if (!shared) await rm(distDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: { dir: string; database: string | undefined; server: string };
  }
}

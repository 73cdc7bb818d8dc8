import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLocalFileStore } from '../../src/server/adapters/storage/local';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { seedDemoData } from '../../src/server/db/seed';
import { adminConnection, withDatabase } from '../helpers/postgres';
import { makeSeededLightCopies } from '../helpers/seed-light';

/**
 * Builds the production bundles once, and seeds the demo shop once into a template (database +
 * files) that every end-to-end server copies, so each test file starts from the same fresh shop.
 * With E2E_BUILD_DIR set (CI, which runs this suite on PGlite and again on PostgreSQL), the build
 * goes there and a later run on the same checkout reuses it instead of building again; the caller
 * removes that folder. The template is this run's own (`npm test` runs two browser lanes at once,
 * each with its set-up), and is removed after it.
 */
export default async function setup(project: TestProject) {
  const shared = process.env.E2E_BUILD_DIR;
  const distDir = path.resolve(shared || path.join('.test-data', `e2e-dist-${process.pid}`));
  if (!(shared && existsSync(path.join(distDir, 'server', 'main.js')))) {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', distDir], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('The production build failed');
  }

  const own = randomBytes(6).toString('hex');
  const templateDir = path.resolve('.test-data', `e2e-template-${own}`);
  const templateDatabase = `shop_e2e_template_${own}`;
  await mkdir(templateDir, { recursive: true });
  const files = createLocalFileStore(path.join(templateDir, 'files'));
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = await adminConnection(databaseUrl);
    try {
      await admin.query(`CREATE DATABASE ${templateDatabase}`);
    } finally {
      await admin.end();
    }
    const database = await openPostgres(withDatabase(databaseUrl, templateDatabase), { max: 2 });
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
    database: databaseUrl ? templateDatabase : undefined,
    server: path.join(distDir, 'server', 'main.js'),
  });
  return async () => {
    await rm(templateDir, { recursive: true, force: true });
    if (!shared) await rm(distDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = await adminConnection(databaseUrl);
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${templateDatabase} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplate: { dir: string; database: string | undefined; server: string };
  }
}

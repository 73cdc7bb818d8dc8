import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { adminConnection, TEMPLATE_DATABASE, withDatabase } from '../helpers/postgres';

/**
 * Migrates one template database before any test file runs; each file then gets a copy of it.
 * PGlite: a dumped data folder (loading it takes ~0.5 s, a fresh initdb ~5 s).
 * PostgreSQL (DATABASE_URL set): a template database that CREATE DATABASE … TEMPLATE copies.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const admin = await adminConnection(databaseUrl);
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const database = await openPostgres(withDatabase(databaseUrl, TEMPLATE_DATABASE), { max: 1 });
    await database.migrate();
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', url: databaseUrl });
    return;
  }
  const database = await openPglite({});
  await database.migrate();
  const dump = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
  await database.close();
  const file = path.resolve('.test-data', `pglite-template-${process.pid}.tar.gz`);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, dump);
  project.provide('databaseTemplate', { kind: 'pglite', file });
  // Each run writes its own; without this every run left ~2 MB behind in .test-data.
  return () => rm(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string };
  }
}

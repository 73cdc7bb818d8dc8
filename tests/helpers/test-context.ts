import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Mailer } from '../../src/server/adapters/mail/mailer';
import { createFileStore } from '../../src/server/adapters/storage/create-file-store';
import type { FileStore } from '../../src/server/adapters/storage/file-store';
import { buildApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { type Database, type Db, openPglite, openPostgres } from '../../src/server/db/client';
import type { WorkerOptions } from '../../src/server/modules/jobs/worker';
import type { PageRenderer } from '../../src/server/render/pages';
import type { RenderPage } from '../../src/shared/ssr';
import { adminConnection, TEMPLATE_DATABASE, withDatabase } from './postgres';
import { startSmtpServer, type TestSmtpServer } from './smtp';

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the test database's address, for a second instance's own pool. */
  url?: string;
  db: Db;
  close(): Promise<void>;
}

/** A fresh, migrated database for one test file: a copy of the template made in global setup. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (template.kind === 'pglite') {
    const dump = await readFile(template.file);
    const database = await openPglite({ loadDataDir: new Blob([dump]) });
    return { database, db: database.db, close: () => database.close() };
  }
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminConnection(template.url);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(template.url, name);
  const database = await openPostgres(url, { max: 5 });
  return {
    database,
    url,
    db: database.db,
    close: async () => {
      await database.close();
      const cleanup = await adminConnection(template.url);
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Renders pages straight from the TypeScript sources (vitest compiles them), with the raw HTML shell. */
export function createSourceRenderer(): PageRenderer {
  return {
    render: async (request) => {
      const entry = (await import('../../src/web/entry-server')) as { render: RenderPage };
      return entry.render(request);
    },
    template: async () => readFile(path.resolve('index.html'), 'utf8'),
  };
}

export interface TestContext extends TestDatabase {
  app: FastifyInstance;
  files: FileStore;
  config: Config;
  dataDir: string;
}

/** The whole shop on a fresh database and a temporary data folder, ready for app.inject(). */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    renderPages?: boolean;
    /** Run the outbox worker's loop; off by default so tests drive app.services.jobs.runDueJobs(). */
    startWorker?: boolean;
    worker?: WorkerOptions;
    mailer?: Mailer;
  } = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // Tests write guides straight into the database, behind the app's back.
    CATALOGUE_CACHE_TTL_MS: '0',
    PAGE_CACHE_TTL_MS: '0',
    ...options.env,
  });
  const testDb = await createTestDatabase();
  const files = createFileStore(config);
  const app = await buildApp(config, {
    database: testDb.database,
    files,
    renderer: options.renderPages === false ? undefined : createSourceRenderer(),
    startWorker: options.startWorker ?? false,
    worker: options.worker,
    mailer: options.mailer,
  });
  await app.ready();
  return {
    ...testDb,
    app,
    files,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await testDb.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test app that sends its mail to an SMTP server of its own and links its emails to
 * https://guides.example; `env` adds to or overrides that. The caller closes both.
 */
export async function createMailingTestContext(
  env: Record<string, string> = {},
): Promise<{ ctx: TestContext; smtp: TestSmtpServer }> {
  const smtp = await startSmtpServer();
  const ctx = await createTestContext({
    renderPages: false,
    env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://guides.example', ...env },
  });
  return { ctx, smtp };
}

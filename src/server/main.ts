import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createFileStore } from './adapters/storage/create-file-store';
import type { FileStore } from './adapters/storage/file-store';
import { ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedOnStart } from './db/seed/seed-on-start';
import { adminKeyAnnouncement, ensureAdminKey } from './modules/admin-auth/admin-key';
import type { PageRenderer } from './render/pages';
import { createDevRenderer, createProductionRenderer, registerBuiltAssets } from './render/renderers';

const startedAt = performance.now();
const dev = process.argv.includes('--dev');
const projectRoot = process.cwd();
// The built server lives in <dist>/server/main.js: its bundles are beside it.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The demo catalogue on an empty shop; returns the database handle to use afterwards (see seedOnStart). */
async function seedDemoCatalogue(
  database: Database,
  files: FileStore,
  reopen: () => Promise<Database>,
): Promise<Database> {
  const seedStart = performance.now();
  const seeding = await seedOnStart({
    database,
    files,
    childEntry: dev ? undefined : path.join(distDir, 'server', 'seed-child.js'),
    assetsDir: dev ? undefined : path.join(distDir, 'server', 'demo-assets'),
    reopen,
  });
  if (seeding.result.seeded) {
    const how = [
      seeding.inChild && 'in a separate process',
      seeding.result.prebuilt && 'from the built files',
    ]
      .filter(Boolean)
      .join(', ');
    console.log(
      `Seeded the demo catalogue in ${Math.round(performance.now() - seedStart)} ms${how ? ` (${how})` : ''}`,
    );
  }
  return seeding.database;
}

async function start(): Promise<{ app: FastifyInstance; database: Database }> {
  // React (loaded with the built pages below) picks its development build unless told: that build is
  // slower and larger, and `npm start` sets nothing. Tests and `--dev` keep their own value.
  if (!dev) process.env.NODE_ENV ??= 'production';
  const config = loadConfig({
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? (dev ? 'development' : 'production'),
  });
  // The app's modules (Fastify, every route and their libraries) load while the database opens
  //: PGlite's start waits on WebAssembly and files for part of its time.
  const appModule = import('./app');
  appModule.catch(() => {});
  let database = await openDatabase(config.database);
  await database.migrate();
  const adminKey = await ensureAdminKey(database.db, config.adminApiKey);
  if (adminKey) console.log(adminKeyAnnouncement(adminKey, 'generated'));
  const files = createFileStore(config);
  if (config.seedDemoData)
    database = await seedDemoCatalogue(database, files, () => openDatabase(config.database));

  // The renderer needs the app (dev middleware), and the app needs the renderer: build in two steps.
  let renderer: PageRenderer | undefined;
  const { buildApp } = await appModule;
  const app = await buildApp(config, {
    database,
    files,
    worker: config.jobs,
    renderer: {
      render: (r) => renderer!.render(r),
      template: (u) => renderer!.template(u),
      localeHead: (l) => renderer!.localeHead?.(l) ?? '',
    },
  });
  if (dev) {
    renderer = await createDevRenderer(app, projectRoot);
  } else {
    if (!existsSync(path.join(distDir, 'ssr', 'entry-server.js'))) {
      throw new Error('No production build found in dist/. Run `npm run build` (npm start does it for you).');
    }
    renderer = await createProductionRenderer(distDir);
    await registerBuiltAssets(app, distDir);
  }
  await app.listen({ port: config.port, host: config.host });
  // Writes killed mid-way (SIGKILL, power loss) leave *.partial files that nothing refers to; only stale
  // ones are removed, so an upload started meanwhile is safe, and the first page need not wait for the walk.
  void files.sweepPartials?.().then(
    (swept) => swept && console.log(`Removed ${swept} unfinished upload file(s) left by an earlier run`),
    (error: unknown) => app.log.warn({ err: error }, 'could not sweep unfinished upload files'),
  );
  if (app.services.payments.testMode) {
    // Said once, loudly: orders paid this way are real orders that no money paid for.
    app.log.warn(
      'CARD PAYMENTS ARE SIMULATED: no STRIPE_SECRET_KEY is set, so the built-in Stripe test-mode fake takes every card and no money moves. Orders paid this way are marked test_mode and kept out of the dashboard revenue. Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET to take real payments.',
    );
  } else if (config.stripe.secretKey?.startsWith('sk_test_')) {
    app.log.warn(
      'CARD PAYMENTS ARE TEST PAYMENTS: STRIPE_SECRET_KEY is a test key (sk_test_), so no money moves. Orders paid this way are marked test_mode and kept out of the dashboard revenue.',
    );
  }
  if (!config.publicUrl) app.log.warn(app.services.siteOrigin.describe());
  app.log.info(
    `Shop ready at http://localhost:${config.port} in ${Math.round(performance.now() - startedAt)} ms`,
  );
  return { app, database };
}

/**
 * SIGTERM: stop accepting, let the app finish its requests and close its parts (the worker, the
 * analytics buffer, the catalogue listener all still need the database), then close the database.
 */
function installShutdown({ app, database }: { app: FastifyInstance; database: Database }): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    // Hard stop if something hangs; in-flight requests get ten seconds.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

start().then(installShutdown, (error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The shop failed to start:', error);
  }
  process.exit(1);
});

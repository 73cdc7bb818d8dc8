import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { FileStore } from './adapters/storage/file-store';
import { createLocalFileStore } from './adapters/storage/local';
import type { Config } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { registerErrorHandling } from './http/errors';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { contentRoutes } from './modules/content/content.routes';
import { healthRoutes } from './modules/health/health.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { type PageRenderer, registerPageRendering } from './render/pages';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export interface AppOverrides {
  /** An already-open (and migrated) database; the app then leaves closing it to the caller. */
  database?: Database;
  files?: FileStore;
  /** Renders public pages; without one, page routes answer 503 (API-only tests). */
  renderer?: PageRenderer;
}

/** Builds the whole shop as a Fastify instance without listening, so tests can inject() requests. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers["x-admin-key"]', 'req.headers.authorization', 'req.headers.cookie'],
          },
    trustProxy: true,
    bodyLimit: 1_048_576,
    // On close (SIGTERM in main.ts) the listener stops accepting connections; requests already
    // on an open connection are still answered before the database closes.
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const ownsDatabase = !overrides.database;
  const database = overrides.database ?? (await openDatabase(config.database));
  if (ownsDatabase) {
    try {
      await database.migrate();
    } catch (error) {
      await database.close();
      throw error;
    }
    app.addHook('onClose', async () => {
      await database.close();
    });
  }
  const files = overrides.files ?? createLocalFileStore(config.filesDir);
  app.decorate('services', { config, database, db: database.db, files });

  await app.register(compress, { threshold: 1024 });
  await app.register(healthRoutes);
  await app.register(catalogueRoutes);
  await app.register(contentRoutes);
  await app.register(seoRoutes);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ message: `No API route ${request.method} ${request.url.split('?')[0]}` });
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  await registerPageRendering(app, overrides.renderer);
  return app;
}

import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createMailer, type Mailer } from './adapters/mail/mailer';
import { createCinetPayProvider } from './adapters/mobile-money/cinetpay';
import type { PaymentGateway } from './adapters/payments/card-gateway';
import { createPaymentGateway, loopbackUrl } from './adapters/payments/stripe';
import { createFileStore } from './adapters/storage/create-file-store';
import type { FileStore } from './adapters/storage/file-store';
import { createWaveClient } from './adapters/wave/wave';
import type { Config } from './config';
import { type Database, type Db, openDatabase } from './db/client';
import { registerErrorHandling } from './http/errors';
import { boundLogFields, boundText, serializeErrorForLog } from './http/log-limits';
import { registerOpenApi } from './http/openapi';
import { registerSecurityHeaders } from './http/security-headers';
import { createSiteOrigin, refuseMalformedHost, type SiteOrigin } from './http/site-origin';
import {
  capConnections,
  closeConnectionsOnShutdown,
  limitRequestBodyTime,
  slowClientOptions,
} from './http/slow-clients';
import { readablePath, registerTextInputRule } from './http/text-input';
import { createJobHandlers } from './job-catalogue';
import { serializeRequestForLog } from './modules/admin-auth/log-redaction';
import { type AdminGuard, requireAdmin } from './modules/admin-auth/require-admin';
import { createAnalyticsBuffer, type EventBuffer } from './modules/analytics/analytics.plugin';
import { type CatalogueCache, createSharedCatalogueCache } from './modules/catalogue/catalogue-cache';
import { STRIPE_WEBHOOK_PATH } from './modules/checkout/stripe-webhook.routes';
import { retentionJobFor } from './modules/data-rights/retention';
import { enqueueJob } from './modules/jobs/jobs.service';
import { createJobWorker, type JobWorker, type WorkerOptions } from './modules/jobs/worker';
import type { AutomaticPaymentDeps } from './modules/mobile-money/automatic-payment.service';
import type { WavePaymentDeps } from './modules/wave/wave-payment.service';
import { createPageCache, type PageCache, type PageRenderer, registerPageRendering } from './render/pages';
import { registerModuleRoutes } from './routes';

export interface Services {
  config: Config;
  database: Database;
  db: Db;
  files: FileStore;
  mailer: Mailer;
  /** The outbox worker; tests that do not start its loop call jobs.runDueJobs() themselves. */
  jobs: JobWorker;
  payments: PaymentGateway;
  /** onRequest hook for admin routes: the x-admin-key check and its failed-attempt limit. */
  requireAdmin: AdminGuard;
  /** The storefront's catalogue answers; whatever changes a guide calls invalidate(). */
  catalogueCache: CatalogueCache;
  /** Anonymous pages, rendered once per language (render/pages.ts); any admin change drops them. */
  pageCache: PageCache;
  /** Analytics events waiting to be written in a batch; flush() writes them now (tests). */
  analytics: EventBuffer;
  /** Where absolute URLs point: PUBLIC_URL, or an allowed request host, never any Host sent. */
  siteOrigin: SiteOrigin;
  /** Wave Checkout; its client is undefined when WAVE_* is not set. */
  wave: WavePaymentDeps;
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
  mailer?: Mailer;
  /** Run the outbox worker's polling loop (default true); tests turn it off and drive runDueJobs(). */
  startWorker?: boolean;
  worker?: WorkerOptions;
  /** Where the log goes (default stdout); tests capture it. */
  logStream?: { write(line: string): void };
}

const trustedHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  return address && typeof address === 'object' ? address.port : undefined;
}
/** Builds the whole shop as a Fastify instance without listening, so tests can inject() requests. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify(serverOptions(config, overrides.logStream));
  await registerHttpRules(app, config);
  const automaticPayment = await decorateServices(app, config, overrides);
  await registerRoutes(app, automaticPayment, overrides.renderer);
  return app;
}

/** The server's own options: bounded log lines, trusted proxies, request ids, slow clients, closing. */
function serverOptions(config: Config, logStream: AppOverrides['logStream']): FastifyServerOptions {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: [
              'req.headers["x-admin-key"]',
              'req.headers.authorization',
              'req.headers.cookie',
              // Also when a handler logs request.headers itself.
              'headers["x-admin-key"]',
              '*.headers["x-admin-key"]',
            ],
            // Bounded lines: no whole batch, no query values, a few KB at most.
            serializers: { req: serializeRequestForLog, err: serializeErrorForLog, msg: boundText },
            formatters: { log: boundLogFields },
            stream: logStream,
          },
    // A hop count trusts that many proxies: the client is the address the last of them saw.
    trustProxy: typeof config.trustProxy === 'number' ? trustedHops(config.trustProxy) : config.trustProxy,
    ...slowClientOptions(config.http),
    // Every log line of a request carries its id; a proxy's X-Request-Id is kept when it looks like one.
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    rewriteUrl: (request) => readablePath(request.url ?? '/'),
    // On close (SIGTERM in main.ts) the listener stops accepting connections; requests already
    // on an open connection are still answered before the database closes.
    return503OnClosing: false,
  };
}

/** What every request meets before its route: zod schemas, the error contract, the edge's refusals. */
async function registerHttpRules(app: FastifyInstance, config: Config): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  capConnections(app, config.http);
  limitRequestBodyTime(app, config.http);
  closeConnectionsOnShutdown(app);
  refuseMalformedHost(app);
  registerTextInputRule(app);
  registerSecurityHeaders(app);
  await registerOpenApi(app);
}

/** The configured database, migrated and closed with the app; an override stays the caller's to close. */
async function openOwnDatabase(
  app: FastifyInstance,
  config: Config,
  overrides: AppOverrides,
): Promise<Database> {
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
  return database;
}

/**
 * The services every route reads from app.services, with the hooks that start and stop them (in
 * this order: onClose hooks run last-registered first). Returns what the CinetPay routes need.
 */
async function decorateServices(
  app: FastifyInstance,
  config: Config,
  overrides: AppOverrides,
): Promise<AutomaticPaymentDeps> {
  const database = await openOwnDatabase(app, config, overrides);
  const files = overrides.files ?? createFileStore(config);
  const mailer = overrides.mailer ?? createMailer(config);
  // Automatic mobile money: only when CinetPay's three keys are set; the payment proof flow stays otherwise.
  const automaticPayment: AutomaticPaymentDeps = {
    db: database.db,
    provider: config.cinetpay ? createCinetPayProvider(config.cinetpay) : undefined,
    config,
    baseUrl: () => config.publicUrl ?? loopbackUrl(app.server, '') ?? `http://localhost:${config.port}`,
    log: app.log.child({ module: 'cinetpay' }),
    waveOffered: Boolean(config.wave),
  };
  const wave: WavePaymentDeps = {
    db: database.db,
    wave: config.wave ? createWaveClient(config.wave) : undefined,
    baseUrl: automaticPayment.baseUrl,
    log: app.log.child({ module: 'wave' }),
  };
  const jobs = createJobWorker(
    { db: database.db, log: app.log.child({ module: 'jobs' }) },
    createJobHandlers({ db: database.db, files, mailer, config, automaticPayment, wave }),
    overrides.worker,
  );
  // Test mode's Stripe fake delivers its webhook events to this very server once it listens.
  const payments = await createPaymentGateway(config.stripe, {
    webhookUrl: () => loopbackUrl(app.server, STRIPE_WEBHOOK_PATH),
    log: app.log,
  });
  app.addHook('onClose', () => payments.close());
  const catalogueCache = createSharedCatalogueCache({
    ttlMs: config.catalogueCacheTtlMs,
    database,
    onError: (error) =>
      app.log.warn({ err: error }, 'could not tell the other processes that the catalogue changed'),
  });
  app.addHook('onReady', () => catalogueCache.start());
  app.addHook('onClose', () => catalogueCache.stop());
  const pageCache = createPageCache(app, { ttlMs: config.pageCacheTtlMs, database });
  // The catalogue's answers carry ratings, which a refund or a revoked access changes (it hides the
  // buyer's reviews): any operator's change drops them too, as it drops the pages.
  app.addHook('onSend', async (request, reply) => {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    if (request.adminActor && write && reply.statusCode < 400) catalogueCache.invalidate();
  });
  const adminGuard = requireAdmin({ db: database.db, configuredKey: config.adminApiKey });
  app.decorate('services', {
    config,
    database,
    db: database.db,
    files,
    mailer,
    jobs,
    payments,
    requireAdmin: adminGuard,
    catalogueCache,
    pageCache,
    analytics: createAnalyticsBuffer(database.db, config.analytics, app.log.child({ module: 'analytics' })),
    siteOrigin: createSiteOrigin(config, () => listeningPort(app)),
    wave,
  });
  // onClose hooks run last-registered first: this one writes the waiting analytics events after
  // the requests in flight are answered and before the database (registered above) closes.
  app.addHook('onClose', () => app.services.analytics.close());
  if (overrides.startWorker !== false) {
    app.addHook('onReady', () => startJobs(database.db, jobs));
  }
  // preClose runs before every onClose hook, so the job in hand finishes while the database is open.
  app.addHook('preClose', async () => {
    await jobs.stop();
  });
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  return automaticPayment;
}

/** The ecosystem plugins first, then every module's routes, then the pages. */
async function registerRoutes(
  app: FastifyInstance,
  automaticPayment: AutomaticPaymentDeps,
  renderer: PageRenderer | undefined,
): Promise<void> {
  // ETags on every answer built in memory (API reads, pages), hashed before compression: a phone
  // that already has the answer gets a 304 instead of the bytes again. Streams (files) set their own.
  await app.register(etag, { weak: true });
  await app.register(compress, { threshold: 1024 });
  // Uploads (admin guides and media, payment proofs): each route sets its own, smaller limits per file.
  await app.register(multipart, {
    limits: { fileSize: 50 * 1024 * 1024, files: 3, fields: 20, fieldSize: 100_000 },
  });
  await registerModuleRoutes(app, automaticPayment);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ message: `No API route ${request.method} ${request.url.split('?')[0]}` });
    }
    return reply.code(404).send({ message: 'Not found' });
  });
  await registerPageRendering(app, renderer);
}

/** Starts the worker, first queueing the daily retention pass (docs/features/data-rights.md), once per day. */
async function startJobs(db: Db, jobs: { start(): unknown }) {
  await enqueueJob(db, retentionJobFor(new Date()));
  return jobs.start();
}

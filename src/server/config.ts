import path from 'node:path';
import { z } from 'zod';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  ADMIN_API_KEY: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /**
   * A Stripe-compatible test server (http://host:port) to use instead of api.stripe.com, e.g. one
   * fake shared by several instances; the checkout then shows the test card form.
   */
  STRIPE_TEST_API_URL: optionalString.pipe(z.url().optional()),
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().min(3).default('Guides Afrique <guides@example.com>'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: boolish,
  SEED_DEMO_DATA: boolish,
  /** Behind a reverse proxy: how many hops (or which addresses) to trust for the client address. */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+|[0-9a-fA-F.:/,\s]+)$/, 'must be true, false, a hop count or proxy addresses')
    .default('false'),
  CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Analytics ingest: events are written in batches every N ms or as soon as M events wait. */
  ANALYTICS_FLUSH_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  ANALYTICS_FLUSH_MAX_EVENTS: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Beyond this many events waiting (database down), ingest answers 503 and browsers retry. */
  ANALYTICS_MAX_BUFFERED_EVENTS: z.coerce.number().int().min(100).max(1_000_000).default(20_000),
  /** Ingest requests per client address per minute. */
  ANALYTICS_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  /** country: geoip-lite's country data (+17.5 MB RSS); city: regions too (+143.5 MB); off: none. */
  ANALYTICS_GEOIP: z.enum(['country', 'city', 'off']).default('country'),
  /**
   * The provider page where shoppers pay by mobile money. {reference}, {amount} (FCFA) and
   * {amountEur} are filled in where the provider's link accepts them.
   */
  MOBILE_MONEY_PAYMENT_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) address')
    .default('https://www.djamo.com/'),
  /** The wallets the shop accepts, comma-separated, as the checkout lists them. */
  MOBILE_MONEY_PROVIDERS: z
    .string()
    .default('Wave,Orange Money,MTN MoMo,Moov Money,Free Money')
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(40)).min(1, 'must name at least one provider').max(10)),
  /** Who is told that a mobile-money receipt arrived; default: MAIL_FROM's address. */
  OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
  /**
   * CinetPay (automatic mobile-money confirmation): the three keys of the merchant account's
   * "Integrations" page. The automatic option is offered only when all three are set.
   */
  CINETPAY_API_KEY: optionalString,
  CINETPAY_SITE_ID: optionalString,
  CINETPAY_SECRET_KEY: optionalString,
  /** CinetPay's payment API; tests point it at a fake on 127.0.0.1. */
  CINETPAY_API_URL: z
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) address')
    .default('https://api-checkout.cinetpay.com'),
  /**
   * Outbox worker: how long a claimed job stays locked without a heartbeat (a crashed process's
   * jobs are taken over after it), and the first retry delay (doubling up to an hour).
   * Fault-injection tests shorten both; production keeps the defaults.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(3000).max(3_600_000).default(120_000),
  JOB_BACKOFF_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Receipt uploads per client address per 10 minutes (each order also takes 10 tries and keeps 5 receipts). */
  RECEIPT_UPLOADS_PER_CLIENT: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Admin uploads (guides, media) per client address per minute. */
  ADMIN_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Below this much free space (MB) where files are kept, /readyz answers 503. */
  FILES_MIN_FREE_MB: z.coerce.number().int().min(0).max(10_000_000).default(200),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  database: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };
  filesDir: string;
  outboxDir: string;
  adminApiKey: string | undefined;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; testApiUrl?: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint?: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
      }
    | undefined;
  seedDemoData: boolean;
  /** Fastify's trustProxy: false by default, so a client cannot choose its own address (rate limits). */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** How long a catalogue answer may be served from memory (0: never). */
  catalogueCacheTtlMs: number;
  logLevel: string;
  analytics: {
    flushIntervalMs: number;
    flushMaxEvents: number;
    maxBufferedEvents: number;
    rateLimitPerMinute: number;
    geoip: 'country' | 'city' | 'off';
  };
  mobileMoney: {
    /** May hold {reference}, {amount} (FCFA) and {amountEur}. */
    paymentUrl: string;
    providers: string[];
    /** Receives the "receipt to check" notices. */
    operatorEmail: string;
  };
  /** The outbox worker's lease and first retry delay. */
  jobs: { leaseMs: number; backoffBaseMs: number };
  /** Limits on uploads (issue 15): per client address, and the free space /readyz asks for. */
  uploads: { receiptsPerClient: number; adminPerMinute: number; minFreeBytes: number };
  /** Automatic mobile money through CinetPay; undefined when its keys are not set. */
  cinetpay: { apiKey: string; siteId: string; secretKey: string; apiUrl: string } | undefined;
}

export class ConfigError extends Error {}

/** "1" trusts one proxy hop (the address it saw); "10.0.0.1, 10.0.0.2" trusts those proxies. */
function parseTrustProxy(value: string): Config['trustProxy'] {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** "Guides Afrique <guides@example.com>" → "guides@example.com". */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The only reader of process.env. A bad value throws a ConfigError naming each variable at fault. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const cinetpayKeys = {
    CINETPAY_API_KEY: e.CINETPAY_API_KEY,
    CINETPAY_SITE_ID: e.CINETPAY_SITE_ID,
    CINETPAY_SECRET_KEY: e.CINETPAY_SECRET_KEY,
  };
  const missingCinetpay = Object.entries(cinetpayKeys).filter(([, v]) => v === undefined);
  if (missingCinetpay.length > 0 && missingCinetpay.length < 3) {
    throw new ConfigError(
      `Invalid environment configuration:\n${missingCinetpay
        .map(([name]) => `  ${name}: required when any CINETPAY_* key is set`)
        .join('\n')}`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    filesDir: path.join(dataDir, 'files'),
    outboxDir: path.join(dataDir, 'outbox'),
    adminApiKey: e.ADMIN_API_KEY,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      testApiUrl: e.STRIPE_TEST_API_URL,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    seedDemoData: e.SEED_DEMO_DATA ?? true,
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    analytics: {
      flushIntervalMs: e.ANALYTICS_FLUSH_INTERVAL_MS,
      flushMaxEvents: e.ANALYTICS_FLUSH_MAX_EVENTS,
      maxBufferedEvents: e.ANALYTICS_MAX_BUFFERED_EVENTS,
      rateLimitPerMinute: e.ANALYTICS_RATE_LIMIT_PER_MINUTE,
      geoip: e.ANALYTICS_GEOIP,
    },
    mobileMoney: {
      paymentUrl: e.MOBILE_MONEY_PAYMENT_URL,
      providers: e.MOBILE_MONEY_PROVIDERS,
      operatorEmail: e.OPERATOR_EMAIL ?? mailAddress(e.MAIL_FROM),
    },
    jobs: { leaseMs: e.JOB_LEASE_MS, backoffBaseMs: e.JOB_BACKOFF_BASE_MS },
    uploads: {
      receiptsPerClient: e.RECEIPT_UPLOADS_PER_CLIENT,
      adminPerMinute: e.ADMIN_UPLOADS_PER_MINUTE,
      minFreeBytes: e.FILES_MIN_FREE_MB * 1024 * 1024,
    },
    cinetpay:
      e.CINETPAY_API_KEY && e.CINETPAY_SITE_ID && e.CINETPAY_SECRET_KEY
        ? {
            apiKey: e.CINETPAY_API_KEY,
            siteId: e.CINETPAY_SITE_ID,
            secretKey: e.CINETPAY_SECRET_KEY,
            apiUrl: e.CINETPAY_API_URL.replace(/\/$/, ''),
          }
        : undefined,
  };
}

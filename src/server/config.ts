import path from 'node:path';
import { z } from 'zod';
import { smtpSettings } from './adapters/mail/smtp-settings';
import { cinetpaySettings } from './adapters/mobile-money/cinetpay-settings';
import { stripeSettings } from './adapters/payments/stripe-settings';
import { storageSettings } from './adapters/storage/storage-settings';
import { parseTrustProxy, trustProxyProblem } from './http/trust-proxy';
import { boolish, ConfigError, httpUrl, optionalString } from './settings';

export { ConfigError };

/**
 * Why a configured ADMIN_API_KEY is too weak to guess at, if it is (decision 004): at least 24
 * characters, at least 10 different ones, and at least 128 bits by a character-class estimate
 * (length × log2 of the classes used). A floor against short or repetitive keys, not a proof of
 * randomness: `npm run admin:key` or `openssl rand -base64 32` give 256 random bits.
 */
export function adminKeyStrengthProblem(key: string): string | undefined {
  const advice = 'use a random key, e.g. `openssl rand -base64 32`';
  if (key.length < 24) return `must be at least 24 characters; ${advice}`;
  if (new Set(key).size < 10) return `must use at least 10 different characters; ${advice}`;
  const pool =
    (/[a-z]/.test(key) ? 26 : 0) +
    (/[A-Z]/.test(key) ? 26 : 0) +
    (/[0-9]/.test(key) ? 10 : 0) +
    (/[^a-zA-Z0-9]/.test(key) ? 33 : 0);
  if (key.length * Math.log2(pool) < 128) return `is too easy to guess (under 128 bits); ${advice}`;
  return undefined;
}

/** A host name or IPv4 address, or a bracketed IPv6 address, with an optional port. */
export const HOST_PATTERN =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

const shopVariables = z.object({
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
  ADMIN_API_KEY: optionalString.pipe(
    z
      .string()
      .superRefine((key, ctx) => {
        const problem = adminKeyStrengthProblem(key);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  SEED_DEMO_DATA: boolish,
  /**
   * Behind a reverse proxy: how many proxy hops to trust (the client is the address the last
   * trusted proxy saw), or the proxies' addresses/CIDRs. Never `true`: that would let every client
   * choose its own address with X-Forwarded-For, and so walk past the admin-key lockout and the
   * rate limits.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .superRefine((value, ctx) => {
      const problem = trustProxyProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  /**
   * Without PUBLIC_URL, the host names (with an optional :port) whose requests may build absolute
   * URLs (canonical links, sitemap, emails), besides localhost and 127.0.0.1.
   */
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(HOST_PATTERN, 'must be host names, each with an optional :port'))),
  /**
   * Slow clients: headers must arrive within HEADERS_TIMEOUT_MS, a request body within
   * REQUEST_TIMEOUT_MS (uploads, multipart bodies, within UPLOAD_TIMEOUT_MS); a connection with
   * no traffic either way for IDLE_TIMEOUT_MS, or idle between requests for
   * KEEP_ALIVE_TIMEOUT_MS, is closed; beyond MAX_CONNECTIONS open connections new ones are refused.
   */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(600_000),
  /**
   * Keep-alive above the 60 s that proxies and load balancers keep their upstream connections
   * (nginx, AWS ALB): a shorter one closes connections the proxy is about to reuse, and its
   * request then fails (a 502 for the shopper). Idle above keep-alive, or it would cut it short.
   */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(2000),
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
  MOBILE_MONEY_PAYMENT_URL: httpUrl.default('https://www.djamo.com/'),
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
  /** A mobile-money order with no receipt (and no automatic payment) expires after this many hours. */
  MOBILE_MONEY_EXPIRY_HOURS: z.coerce.number().positive().max(8760).default(72),
  /**
   * Floods (issue 15): requests per client address per hour to each order-creating route, free
   * orders per client address and per email a day, mobile-money orders and resent links per email
   * a day. The defaults are far above a family buying several times a day.
   */
  ORDER_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(30),
  FREE_ORDERS_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(20),
  FREE_ORDERS_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(10),
  RESEND_LINKS_PER_EMAIL_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(5),
  /** Who is told that a mobile-money receipt arrived; default: MAIL_FROM's address. */
  OPERATOR_EMAIL: optionalString.pipe(z.email().optional()),
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

/** "Guides Afrique <guides@example.com>" → "guides@example.com". */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The shop's own settings, grouped as the code reads them. */
const shopSettings = shopVariables.transform((e) => {
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL }
      : { kind: 'pglite' as const, dir: path.join(dataDir, 'db') },
    filesDir: path.join(dataDir, 'files'),
    outboxDir: path.join(dataDir, 'outbox'),
    adminApiKey: e.ADMIN_API_KEY,
    seedDemoData: e.SEED_DEMO_DATA ?? true,
    /** How long a catalogue answer may be served from memory (0: never). */
    catalogueCacheTtlMs: e.CATALOGUE_CACHE_TTL_MS,
    /**
     * Fastify's trustProxy: false by default, so a client cannot choose its own address (rate limits,
     * the admin-key lockout); else a hop count or the proxies' addresses. Never true.
     */
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** Without publicUrl: hosts (beyond localhost and 127.0.0.1) trusted to name the shop's origin. */
    allowedHosts: e.ALLOWED_HOSTS,
    /** Slow clients and the connection cap (see HEADERS_TIMEOUT_MS and the others above). */
    http: {
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      uploadTimeoutMs: e.UPLOAD_TIMEOUT_MS,
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: e.MAX_CONNECTIONS,
    },
    logLevel: e.LOG_LEVEL,
    analytics: {
      flushIntervalMs: e.ANALYTICS_FLUSH_INTERVAL_MS,
      flushMaxEvents: e.ANALYTICS_FLUSH_MAX_EVENTS,
      maxBufferedEvents: e.ANALYTICS_MAX_BUFFERED_EVENTS,
      rateLimitPerMinute: e.ANALYTICS_RATE_LIMIT_PER_MINUTE,
      geoip: e.ANALYTICS_GEOIP,
    },
    /** paymentUrl may hold {reference}, {amount} (FCFA) and {amountEur}. */
    mobileMoney: {
      paymentUrl: e.MOBILE_MONEY_PAYMENT_URL,
      providers: e.MOBILE_MONEY_PROVIDERS,
      /** An order still waiting for its receipt this long is expired by the outbox's sweep. */
      expiryHours: e.MOBILE_MONEY_EXPIRY_HOURS,
    },
    /** Receives the "receipt to check" notices; MAIL_FROM's address when unset (see configSchema). */
    operatorEmail: e.OPERATOR_EMAIL,
    /** Flood limits: per client address (memory of each process) and per email (counted in the database). */
    limits: {
      ordersPerClientPerHour: e.ORDER_RATE_LIMIT_PER_HOUR,
      freeOrdersPerClientPerDay: e.FREE_ORDERS_PER_CLIENT_PER_DAY,
      freeOrdersPerEmailPerDay: e.FREE_ORDERS_PER_EMAIL_PER_DAY,
      mobileMoneyOrdersPerEmailPerDay: e.MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY,
      resendLinksPerEmailPerDay: e.RESEND_LINKS_PER_EMAIL_PER_DAY,
    },
    /** The outbox worker's lease and first retry delay. */
    jobs: { leaseMs: e.JOB_LEASE_MS, backoffBaseMs: e.JOB_BACKOFF_BASE_MS },
    /** Limits on uploads (issue 15): per client address, and the free space /readyz asks for. */
    uploads: {
      receiptsPerClient: e.RECEIPT_UPLOADS_PER_CLIENT,
      adminPerMinute: e.ADMIN_UPLOADS_PER_MINUTE,
      minFreeBytes: e.FILES_MIN_FREE_MB * 1024 * 1024,
    },
  };
});

/**
 * Every section of the configuration: the shop's own, and each adapter's settings schema beside
 * the adapter. Each section reads the whole environment; a new setting is one line in its
 * section's variables and one in what it makes.
 */
const sections = {
  shop: shopSettings,
  mail: smtpSettings,
  stripe: stripeSettings,
  s3: storageSettings,
  cinetpay: cinetpaySettings,
};

/** The configuration, from the environment: the schema is the type. */
export const configSchema = z
  .object(sections)
  .transform(({ shop: { operatorEmail, mobileMoney, ...shop }, mail, stripe, s3, cinetpay }) => ({
    ...shop,
    ...mail,
    mobileMoney: { ...mobileMoney, operatorEmail: operatorEmail ?? mailAddress(mail.mailFrom) },
    stripe,
    s3,
    /** Automatic mobile money through CinetPay; undefined when its keys are not set. */
    cinetpay,
  }));

export type Config = z.infer<typeof configSchema>;

/** The only reader of process.env. A bad value throws a ConfigError naming each variable at fault. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const input = Object.fromEntries(Object.keys(sections).map((name) => [name, env]));
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    // Paths start with the section's name, which the operator never wrote: drop it.
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.slice(1).join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Every environment variable the configuration reads, section by section. */
export const CONFIG_VARIABLES: readonly string[] = Object.values(sections).flatMap((section) =>
  Object.keys(section.in.shape),
);

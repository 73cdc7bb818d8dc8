import path from 'node:path';
import { z } from 'zod';
import { smtpSettings } from './adapters/mail/smtp-settings';
import { cinetpaySettings } from './adapters/mobile-money/cinetpay-settings';
import { stripeSettings } from './adapters/payments/stripe-settings';
import { storageSettings } from './adapters/storage/storage-settings';
import { waveSettings } from './adapters/wave/wave-settings';
import { whatsappSettings } from './adapters/whatsapp/whatsapp-settings';
import { parseTrustProxy, trustProxyProblem } from './http/trust-proxy';
import { boolish, ConfigError, fromEnv, httpUrl, optionalString, variablesOf } from './settings';

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

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** "Guides Afrique <guides@example.com>" → "guides@example.com". */
function mailAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Where the shop runs and who may reach it. */
const shopSettings = fromEnv({
  env: ['NODE_ENV', z.enum(['development', 'production', 'test']).default('production')],
  port: ['PORT', count(0, 65535, 3000)],
  host: ['HOST', z.string().min(1).default('0.0.0.0')],
  publicUrl: [
    'PUBLIC_URL',
    z
      .url()
      .optional()
      .transform((url) => url?.replace(/\/$/, '')),
  ],
  dataDir: [
    'DATA_DIR',
    z
      .string()
      .min(1)
      .default('./data')
      .transform((dir) => path.resolve(dir)),
  ],
  databaseUrl: [
    'DATABASE_URL',
    optionalString.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
  ],
  adminApiKey: [
    'ADMIN_API_KEY',
    optionalString.pipe(
      z
        .string()
        .superRefine((key, ctx) => {
          const problem = adminKeyStrengthProblem(key);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
    ),
  ],
  seedDemoData: ['SEED_DEMO_DATA', boolish.transform((seed) => seed ?? true)],
  /**
   * Behind a reverse proxy: how many proxy hops to trust (the client is the address the last
   * trusted proxy saw), or the proxies' addresses/CIDRs. Never `true`: that would let every client
   * choose its own address with X-Forwarded-For, and so walk past the admin-key lockout and the
   * rate limits. Fastify's trustProxy: false by default, else a hop count or the addresses.
   */
  trustProxy: [
    'TRUST_PROXY',
    z
      .string()
      .trim()
      .default('false')
      .superRefine((value, ctx) => {
        const problem = trustProxyProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform(parseTrustProxy),
  ],
  /**
   * Without PUBLIC_URL, the host names (with an optional :port) whose requests may build absolute
   * URLs (canonical links, sitemap, emails), besides localhost and 127.0.0.1.
   */
  allowedHosts: [
    'ALLOWED_HOSTS',
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(HOST_PATTERN, 'must be host names, each with an optional :port'))),
  ],
  /** How long a catalogue answer may be served from memory (0: never). */
  catalogueCacheTtlMs: ['CATALOGUE_CACHE_TTL_MS', count(0, 600_000, 2000)],
  /** How long a shared page may be served from memory when nothing the operator did dropped it (0: never). */
  pageCacheTtlMs: ['PAGE_CACHE_TTL_MS', count(0, 600_000, 60_000)],
  logLevel: [
    'LOG_LEVEL',
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ],
  /** Who is told that a mobile-money payment proof arrived; default: MAIL_FROM's address (see configSchema). */
  operatorEmail: ['OPERATOR_EMAIL', optionalString.pipe(z.email().optional())],
}).transform(({ databaseUrl, ...shop }) => ({
  ...shop,
  database: databaseUrl
    ? { kind: 'postgres' as const, url: databaseUrl }
    : { kind: 'pglite' as const, dir: path.join(shop.dataDir, 'db') },
  filesDir: path.join(shop.dataDir, 'files'),
  outboxDir: path.join(shop.dataDir, 'outbox'),
}));

/**
 * Slow clients: headers must arrive within HEADERS_TIMEOUT_MS, a request body within
 * REQUEST_TIMEOUT_MS (uploads, multipart bodies, within UPLOAD_TIMEOUT_MS); a connection with no
 * traffic either way for IDLE_TIMEOUT_MS, or idle between requests for KEEP_ALIVE_TIMEOUT_MS, is
 * closed; beyond MAX_CONNECTIONS open connections new ones are refused.
 */
const httpSettings = fromEnv({
  headersTimeoutMs: ['HEADERS_TIMEOUT_MS', count(100, 600_000, 10_000)],
  requestTimeoutMs: ['REQUEST_TIMEOUT_MS', count(100, 3_600_000, 30_000)],
  uploadTimeoutMs: ['UPLOAD_TIMEOUT_MS', count(100, 3_600_000, 600_000)],
  /**
   * Keep-alive above the 60 s that proxies and load balancers keep their upstream connections
   * (nginx, AWS ALB): a shorter one closes connections the proxy is about to reuse, and its
   * request then fails (a 502 for the shopper). Idle above keep-alive, or it would cut it short.
   */
  idleTimeoutMs: ['IDLE_TIMEOUT_MS', count(100, 3_600_000, 120_000)],
  keepAliveTimeoutMs: ['KEEP_ALIVE_TIMEOUT_MS', count(100, 600_000, 72_000)],
  maxConnections: ['MAX_CONNECTIONS', count(1, 1_000_000, 2000)],
});

/** Analytics ingest: events are written in batches every N ms or as soon as M events wait. */
const analyticsSettings = fromEnv({
  flushIntervalMs: ['ANALYTICS_FLUSH_INTERVAL_MS', count(10, 60_000, 1000)],
  flushMaxEvents: ['ANALYTICS_FLUSH_MAX_EVENTS', count(1, 10_000, 500)],
  /** Beyond this many events waiting (database down), ingest answers 503 and browsers retry. */
  maxBufferedEvents: ['ANALYTICS_MAX_BUFFERED_EVENTS', count(100, 1_000_000, 20_000)],
  /** Ingest requests per client address per minute. */
  rateLimitPerMinute: ['ANALYTICS_RATE_LIMIT_PER_MINUTE', count(1, 1_000_000, 120)],
  /** country: geoip-lite's country data (+17.5 MB RSS); city: regions too (+143.5 MB); off: none. */
  geoip: ['ANALYTICS_GEOIP', z.enum(['country', 'city', 'off']).default('country')],
});

const mobileMoneySettings = fromEnv({
  /**
   * The provider page where shoppers pay by mobile money. {reference}, {amount} (FCFA) and
   * {amountEur} are filled in where the provider's link accepts them.
   */
  paymentUrl: ['MOBILE_MONEY_PAYMENT_URL', httpUrl.default('https://www.djamo.com/')],
  /** The wallets the shop accepts, comma-separated, as the checkout lists them. */
  providers: [
    'MOBILE_MONEY_PROVIDERS',
    z
      .string()
      .default('Wave,Orange Money,MTN MoMo,Moov Money,Free Money')
      .transform((v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string().max(40)).min(1, 'must name at least one provider').max(10)),
  ],
  /** A mobile-money order with no payment proof (and no automatic payment) expires after this many hours. */
  expiryHours: ['MOBILE_MONEY_EXPIRY_HOURS', z.coerce.number().positive().max(8760).default(72)],
});

/**
 * Floods: requests per client address per hour to each order-creating route (memory of
 * each process), free orders per client address and per email a day, mobile-money orders and
 * resent links per email a day (counted in the database); far above a family buying daily.
 */
const limitsSettings = fromEnv({
  ordersPerClientPerHour: ['ORDER_RATE_LIMIT_PER_HOUR', count(1, 1_000_000, 30)],
  freeOrdersPerClientPerDay: ['FREE_ORDERS_PER_CLIENT_PER_DAY', count(1, 1_000_000, 20)],
  freeOrdersPerEmailPerDay: ['FREE_ORDERS_PER_EMAIL_PER_DAY', count(1, 1_000_000, 5)],
  mobileMoneyOrdersPerEmailPerDay: ['MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY', count(1, 1_000_000, 10)],
  resendLinksPerEmailPerDay: ['RESEND_LINKS_PER_EMAIL_PER_DAY', count(1, 1_000_000, 5)],
  /** "My guides": sign-in links asked for per client address per 15 minutes, and per email per hour. */
  librarySignInsPerClient: ['LIBRARY_SIGN_INS_PER_CLIENT', count(1, 1_000_000, 20)],
  librarySignInsPerEmailPerHour: ['LIBRARY_SIGN_INS_PER_EMAIL_PER_HOUR', count(1, 1_000_000, 5)],
  /** How long an unpaid order or card payment holds a limited code's use (a payment proof keeps it). */
  discountHoldMinutes: ['DISCOUNT_HOLD_MINUTES', count(1, 10_080, 30)],
  /** WhatsApp messages nobody paid for (free orders, payment instructions) to one number a day. */
  whatsappUnsolicitedPerNumberPerDay: ['WHATSAPP_UNSOLICITED_PER_NUMBER_PER_DAY', count(0, 1_000_000, 1)],
  reviewWritesPerClient: ['REVIEW_WRITES_PER_CLIENT', count(1, 1_000_000, 60)],
  reviewWritesPerOrderPerHour: ['REVIEW_WRITES_PER_ORDER_PER_HOUR', count(1, 1_000_000, 20)],
});

/**
 * Outbox worker: how long a claimed job stays locked without a heartbeat (a crashed process's jobs
 * are taken over after it), and the first retry delay (doubling up to an hour). Fault-injection
 * tests shorten both; production keeps the defaults.
 */
const jobsSettings = fromEnv({
  leaseMs: ['JOB_LEASE_MS', count(3000, 3_600_000, 120_000)],
  backoffBaseMs: ['JOB_BACKOFF_BASE_MS', count(100, 3_600_000, 10_000)],
  /** "A new edition" emails to past buyers per second, so the SMTP server is not flooded. */
  editionEmailsPerSecond: ['EDITION_EMAILS_PER_SECOND', count(1, 1000, 5)],
});

/** Limits on uploads: per client address, and the free space /readyz asks for. */
const uploadsSettings = fromEnv({
  /** Payment proof uploads per client address per 10 minutes (each order also takes 10 tries and keeps 5 payment proofs). */
  proofsPerClient: ['RECEIPT_UPLOADS_PER_CLIENT', count(1, 1_000_000, 10)],
  /** Admin uploads (guides, media) per client address per minute. */
  adminPerMinute: ['ADMIN_UPLOADS_PER_MINUTE', count(1, 1_000_000, 60)],
  /** Below FILES_MIN_FREE_MB free where files are kept, /readyz answers 503. */
  minFreeBytes: ['FILES_MIN_FREE_MB', count(0, 10_000_000, 200).transform((mb) => mb * 1024 * 1024)],
});

/**
 * Download links (storefront spec §9: 15 minutes). The resume tests shorten it so that a link really
 * expires in the middle of a download; production keeps the default.
 */
const downloadsSettings = fromEnv({
  linkTtlMs: ['DOWNLOAD_LINK_TTL_SECONDS', count(1, 86_400, 900).transform((seconds) => seconds * 1000)],
});

/**
 * The sections of the configuration, each reading the whole environment: the shop's own, and each
 * adapter's settings schema beside its adapter. A new setting is one line in its section; a
 * section's name is its key in the configuration (shop and mail are spread at the top).
 */
const sections = {
  shop: shopSettings,
  http: httpSettings,
  analytics: analyticsSettings,
  mobileMoney: mobileMoneySettings,
  limits: limitsSettings,
  jobs: jobsSettings,
  uploads: uploadsSettings,
  downloads: downloadsSettings,
  mail: smtpSettings,
  stripe: stripeSettings,
  s3: storageSettings,
  /** Automatic mobile money through CinetPay; undefined when its keys are not set. */
  cinetpay: cinetpaySettings,
  /** Wave Checkout; undefined when its keys are not set. */
  wave: waveSettings,
  /** Order messages by WhatsApp; undefined when its keys are not set. */
  whatsapp: whatsappSettings,
};

/** The configuration, from the environment: the schema is the type. */
export const configSchema = z
  .object(sections)
  .transform(({ shop: { operatorEmail, ...shop }, mail, mobileMoney, ...adapters }) => ({
    ...shop,
    ...mail,
    ...adapters,
    /** The operator receives the "payment proof to check" notices. */
    mobileMoney: { ...mobileMoney, operatorEmail: operatorEmail ?? mailAddress(mail.mailFrom) },
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
export const CONFIG_VARIABLES: readonly string[] = Object.values(sections).flatMap(variablesOf);

import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client';

export const ADMIN_KEY = 'hardening-admin-key-0123456789abcdef';

/** The environment every hardening context runs with: a known admin key, and limits that do not hide validation. */
export const HARDENING_ENV = {
  ADMIN_API_KEY: ADMIN_KEY,
  STRIPE_WEBHOOK_SECRET: 'whsec_test_hardening_0123456789abcdef',
  // Batches of analytics events are written by a timer; settledFingerprint writes them first.
  ANALYTICS_FLUSH_INTERVAL_MS: '60000',
  ANALYTICS_FLUSH_MAX_EVENTS: '10000',
  ANALYTICS_RATE_LIMIT_PER_MINUTE: '1000000',
  // Flood limits have their own file, order-floods.test.ts; here they would hide validation.
  ORDER_RATE_LIMIT_PER_HOUR: '1000000',
  FREE_ORDERS_PER_CLIENT_PER_DAY: '1000000',
  FREE_ORDERS_PER_EMAIL_PER_DAY: '1000000',
  MOBILE_MONEY_ORDERS_PER_EMAIL_PER_DAY: '1000000',
  RESEND_LINKS_PER_EMAIL_PER_DAY: '1000000',
  // Generated input comes from one address; tests/hardening/uploads-limits.test.ts tests the real limits.
  RECEIPT_UPLOADS_PER_CLIENT: '1000000',
  ADMIN_UPLOADS_PER_MINUTE: '1000000',
};

/**
 * One fingerprint of every row of every table in the public schema: equal fingerprints mean an
 * unchanged database. `admin_auth_failures` is left out only where a test says so (a wrong key must
 * be counted; that is the one write a refused request is meant to make).
 */
export async function databaseFingerprint(db: Db, options: { except?: string[] } = {}): Promise<string> {
  const names = (await shopTables(db)).filter((n) => !(options.except ?? []).includes(n));
  const parts = names.map(
    (n) =>
      `select '${n}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${n}" x`,
  );
  const result = (await db.execute(sql.raw(parts.join(' union all ')))) as unknown;
  return rowsOf(result as { rows: { t: string; h: string }[] })
    .map((r) => `${r.t}:${r.h}`)
    .sort()
    .join(',');
}

/**
 * A log of committed row writes, kept by triggers on every table of the public schema: an insert,
 * a delete, a truncate, or an update that changes a row's value adds a line, inside the writing
 * transaction (so a rolled-back write leaves none). Counting it is one cheap query, where
 * `databaseFingerprint` hashes every row of every table; the bad-input suite checks after each of
 * thousands of requests. Stricter than the fingerprint: a write undone by a later one still counts.
 */
export async function trackWrites(db: Db): Promise<void> {
  const names = await shopTables(db);
  const statements = [
    'create table test_row_writes (id bigserial primary key, table_name text not null)',
    `create function test_log_row_write() returns trigger language plpgsql as $$
       begin insert into test_row_writes (table_name) values (TG_TABLE_NAME); return null; end $$`,
    ...names.flatMap((n) => [
      `create trigger test_row_written after insert or delete on "${n}" for each row execute function test_log_row_write()`,
      `create trigger test_row_changed after update on "${n}" for each row when (old::text is distinct from new::text) execute function test_log_row_write()`,
      `create trigger test_table_emptied after truncate on "${n}" for each statement execute function test_log_row_write()`,
    ]),
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** The shop's own tables (the public schema's, without drizzle's migration log), by name. */
async function shopTables(db: Db): Promise<string[]> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { name: string }[] };
  return rowsOf(tables)
    .map((r) => r.name)
    .filter((n) => !n.startsWith('__drizzle'));
}

/** A hardening context: its database, and the app whose deferred writes can be done now. */
interface SettleableContext {
  db: Db;
  app: { services: { analytics: { flush(): Promise<void> } } };
}

/**
 * Analytics events wait in a buffer that a timer writes (every ANALYTICS_FLUSH_INTERVAL_MS). Without
 * writing them first, that timer lands on whichever request is being measured when a run outlasts
 * it (a refused sign-out, on a busy machine) and blames it for the accepted events of earlier requests.
 */
const settle = (ctx: SettleableContext) => ctx.app.services.analytics.flush();

/** How many row writes have been committed since `trackWrites`, once deferred writes are done. */
export async function settledWriteCount(ctx: SettleableContext): Promise<number> {
  await settle(ctx);
  const result = (await ctx.db.execute(sql`select count(*)::int as n from test_row_writes`)) as unknown;
  return rowsOf(result as { rows: { n: number }[] })[0]!.n;
}

/** The fingerprint once the shop's deferred writes are done (see `settle`). */
export async function settledFingerprint(
  ctx: SettleableContext,
  options: { except?: string[] } = {},
): Promise<string> {
  await settle(ctx);
  return databaseFingerprint(ctx.db, options);
}

/** drizzle's execute answers { rows } on PGlite and node-postgres alike. */
function rowsOf<T>(result: { rows: T[] } | T[]): T[] {
  return Array.isArray(result) ? result : result.rows;
}

/** The shop's promise for every answer: never a 5xx, and every 4xx is JSON with a message. */
export function wellFormedFailure(res: LightMyRequestResponse): string | undefined {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `${res.statusCode} with content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `${res.statusCode} whose body is not JSON: ${res.body.slice(0, 200)}`;
  }
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || message.length === 0)
    return `${res.statusCode} without a message: ${res.body}`;
  return undefined;
}

export function expectWellFormed(res: LightMyRequestResponse, what: string): void {
  const problem = wellFormedFailure(res);
  expect(problem, `${what}: ${problem}`).toBeUndefined();
}

/** Counts per category, printed at the end of a file so docs/RELIABILITY.md can quote them. */
export class Tally {
  private readonly counts = new Map<string, number>();
  private readonly statuses = new Map<number, number>();
  constructor(private readonly suite: string) {}
  add(category: string, n = 1): void {
    this.counts.set(category, (this.counts.get(category) ?? 0) + n);
  }
  /** The answers' status codes, to show what the shop said (and that some requests were accepted). */
  status(code: number): void {
    this.statuses.set(code, (this.statuses.get(code) ?? 0) + 1);
  }
  total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
  print(): void {
    const lines = [...this.counts].map(([k, v]) => `  ${k}: ${v}`);
    const codes = [...this.statuses].sort(([a], [b]) => a - b).map(([k, v]) => `${k}×${v}`);
    console.log(
      `[hardening] ${this.suite}: ${this.total()} requests\n${lines.join('\n')}\n  statuses: ${codes.join(' ')}`,
    );
  }
}

/** fast-check's seeds are fixed, so a failure replays: `HARDENING_SEED=<n>` overrides them all. */
export function seedFor(base: number): number {
  const override = process.env.HARDENING_SEED;
  return override ? Number(override) : base;
}

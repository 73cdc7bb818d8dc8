import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction, as drizzle hands it to the callback of `db.transaction`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: work is written in the same transaction as its cause. */
export type DbOrTx = Pick<Db, 'insert' | 'select' | 'update' | 'execute'>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (used to copy a migrated template in tests). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload, and an empty one after a lost
   * connection comes back (messages may have been missed meanwhile). Resolves to an unsubscribe.
   */
  subscribe(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /** NOTIFY a channel: every process subscribed to it, this one included, hears the payload. */
  publish(channel: string, payload: string): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
function assertChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

/** Migrations live in the source tree and are found from here or, in the built server, from the project root. */
function migrationsFolder(): string {
  const candidates = [
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
    path.resolve('src/server/db/migrations'),
  ];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export const pgliteExtensions = { unaccent, pg_trgm, fuzzystrmatch };

/** An empty, migrated cluster made by `npm run build` beside the built server (scripts/pglite-template.mjs). */
export const PGLITE_TEMPLATE_DIR = 'pglite-template';

/**
 * PGlite's Postgres runs in WebAssembly memory, which only grows: its 128 MB default of shared
 * buffers is resident for good, 16 MB keeps the shop's working set (bench/startup.ts) and leaves
 * the rest to the operating system's file cache under the data folder.
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB'];

/**
 * A new data folder starts as a copy of the build's cluster when there is one: initdb inside the
 * process takes seconds and leaves the WebAssembly heap hundreds of MB larger for the process's life,
 * and the copy is already migrated. Copied beside the folder, then renamed into place, so
 * a start killed mid-copy leaves no half cluster that would pass for a real one.
 */
async function copyTemplate(dir: string | undefined): Promise<void> {
  if (!dir || existsSync(path.join(dir, 'PG_VERSION'))) return;
  const template = path.join(path.dirname(fileURLToPath(import.meta.url)), PGLITE_TEMPLATE_DIR);
  if (!existsSync(path.join(template, 'PG_VERSION'))) return;
  // A folder that holds something else is left to PGlite, as before; an empty one is replaced.
  if ((await readdir(dir).catch(() => [])).length > 0) return;
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await cp(template, partial, { recursive: true });
  await rmdir(dir).catch(() => {});
  await rename(partial, dir);
}

export async function openPglite(options: { dir?: string; loadDataDir?: Blob }): Promise<Database> {
  // PGlite creates its own folder but not the parents (DATA_DIR on a fresh clone).
  if (options.dir) await mkdir(path.dirname(options.dir), { recursive: true });
  if (!options.loadDataDir) await copyTemplate(options.dir);
  const client = new PGlite({
    dataDir: options.dir,
    extensions: pgliteExtensions,
    loadDataDir: options.loadDataDir,
    postgresqlconf: PGLITE_SETTINGS,
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('gzip'),
    subscribe: async (channel, onMessage) => {
      assertChannel(channel);
      return client.listen(channel, onMessage);
    },
    publish: async (channel, payload) => {
      assertChannel(channel);
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}

// Migrations from several processes starting at once must not interleave.
const MIGRATION_LOCK_ID = 727_202_611;

export async function openPostgres(url: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    subscribe: (channel, onMessage) => listenPostgres(url, channel, onMessage),
    publish: async (channel, payload) => {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
  };
}

/** A dedicated connection that LISTENs, and reconnects (with backoff, up to 30 s) when it drops. */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
): Promise<() => Promise<void>> {
  assertChannel(channel);
  let stopped = false;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (attempt: number): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    next.on('error', () => {});
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      retryTimer = setTimeout(() => void connect(1), 500);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      client = next;
      if (stopped) await next.end();
      // What was said while nobody listened is lost: tell the subscriber to assume a change.
      else if (attempt > 0) onMessage('');
    } catch (error) {
      await next.end().catch(() => {});
      if (attempt === 0) throw error;
      if (!stopped)
        retryTimer = setTimeout(() => void connect(attempt + 1), Math.min(30_000, 500 * 2 ** attempt));
    }
  };

  await connect(0);
  return async () => {
    stopped = true;
    clearTimeout(retryTimer);
    await client?.end().catch(() => {});
  };
}

export function openDatabase(
  config: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string },
): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite({ dir: config.dir });
}

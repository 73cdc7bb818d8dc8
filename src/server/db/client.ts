import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
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

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tarball (used to copy a migrated template in tests). */
  dumpDataDir?(): Promise<Blob>;
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

export async function openPglite(options: { dir?: string; loadDataDir?: Blob }): Promise<Database> {
  // PGlite creates its own folder but not the parents (DATA_DIR on a fresh clone).
  if (options.dir) await mkdir(path.dirname(options.dir), { recursive: true });
  const client = new PGlite({
    dataDir: options.dir,
    extensions: pgliteExtensions,
    loadDataDir: options.loadDataDir,
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
  };
}

export function openDatabase(
  config: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string },
): Promise<Database> {
  return config.kind === 'postgres' ? openPostgres(config.url) : openPglite({ dir: config.dir });
}

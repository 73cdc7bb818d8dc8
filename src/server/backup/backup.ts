import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { FileStore } from '../adapters/storage/file-store';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema';

/**
 * One archive holding the whole shop: every table of the public schema as JSON lines, read in one
 * repeatable-read transaction so they agree with each other, and every stored file. The format is
 * the same whatever the database (PGlite or PostgreSQL) and the file store (disk or bucket), so a
 * backup also moves a shop from one to the other.
 */
export const BACKUP_FORMAT = 'guides-shop-backup';
export const BACKUP_VERSION = 1;
const PAGE_ROWS = 5000;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  /** The last migration applied to the database the backup comes from. */
  migration: string;
  tables: Record<string, number>;
  files: number;
  /** Files the database names but the store no longer had. */
  missingFiles: string[];
}

export const tableEntry = (table: string) => `db/${table}.jsonl`;
export const fileEntry = (key: string) => `files/${key}`;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A raw query's rows; drizzle's result type differs between the two drivers. */
export async function rows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The application's tables, in an order where every table comes after those it references. */
export async function applicationTables(db: Db): Promise<string[]> {
  const tables = (
    await rows<{ name: string }>(
      db,
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((r) => r.name);
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const { parent } of references.filter((r) => r.child === table)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export async function lastMigration(db: Db): Promise<string> {
  const [last] = await rows<{ created_at: string }>(
    db,
    sql`select created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  return last?.created_at ?? 'none';
}

/** Writes the backup to `target` (a .zip), through a temporary file renamed at the end. */
export async function createBackup(
  deps: { db: Db; files: FileStore },
  target: string,
  now = new Date(),
): Promise<BackupManifest> {
  const zip = new ZipFile();
  const temp = `${target}.partial`;
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-'));
  const written = pipeline(zip.outputStream, createWriteStream(temp));
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      migration: '',
      tables: {},
      files: 0,
      missingFiles: [],
    };
    const keys = await deps.db.transaction(
      async (tx) => {
        manifest.migration = await lastMigration(tx as unknown as Db);
        for (const table of await applicationTables(tx as unknown as Db)) {
          // Spooled to a temporary file: a table of a million analytics events never sits in memory.
          const spool = path.join(workDir, `${table}.jsonl`);
          const out = createWriteStream(spool);
          let count = 0;
          // A cursor reads big tables (analytics) in pages without rescanning from the start.
          await tx.execute(
            sql.raw(
              `declare backup_rows no scroll cursor for select to_jsonb(t)::text as row from ${quoteIdent(table)} t`,
            ),
          );
          for (;;) {
            const page = await rows<{ row: string }>(tx, sql.raw(`fetch ${PAGE_ROWS} from backup_rows`));
            for (const { row } of page) {
              if (!out.write(`${row}\n`)) await once(out, 'drain');
              count += 1;
            }
            if (page.length < PAGE_ROWS) break;
          }
          await tx.execute(sql`close backup_rows`);
          out.end();
          await finished(out);
          manifest.tables[table] = count;
          zip.addFile(spool, tableEntry(table));
        }
        return (await tx.select({ key: storedFiles.storageKey }).from(storedFiles)).map((r) => r.key);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    for (const key of keys.sort()) {
      if (!(await deps.files.stat(key))) {
        manifest.missingFiles.push(key);
        continue;
      }
      // Opened only when the archive reaches it: one file in memory at a time, whatever the shop's size.
      zip.addReadStreamLazy(fileEntry(key), (done) => {
        deps.files.stream(key).then(
          (stream) => done(null, stream),
          (error: Error) => done(error, undefined as unknown as Readable),
        );
      });
      manifest.files += 1;
    }
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'manifest.json');
    zip.end();
    await written;
    await rename(temp, target);
    return manifest;
  } catch (error) {
    (zip.outputStream as unknown as Readable).destroy();
    await written.catch(() => {});
    await rm(temp, { force: true });
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import type { FileStore } from '../adapters/storage/file-store';
import type { Db } from '../db/client';
import {
  applicationTables,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  lastMigration,
  rows,
  tableEntry,
} from './backup';

const INSERT_ROWS = 1000;

export class RestoreError extends Error {}

interface Archive {
  entries: Map<string, yauzl.Entry>;
  open(name: string): Promise<Readable>;
  close(): void;
}

async function openArchive(file: string): Promise<Archive> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return {
    entries,
    open(name) {
      const entry = entries.get(name);
      if (!entry) throw new RestoreError(`The backup has no ${name}`);
      return new Promise((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
      );
    },
    close: () => zip.close(),
  };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function nonEmptyTables(db: Db, tables: string[]): Promise<string[]> {
  const occupied: string[] = [];
  for (const table of tables) {
    const [first] = await rows<{ one: number }>(db, sql.raw(`select 1 as one from "${table}" limit 1`));
    if (first) occupied.push(table);
  }
  return occupied;
}

/** Inserts a table's rows from its JSON lines, in batches, then moves its serial columns past them. */
async function restoreTable(tx: Pick<Db, 'execute'>, archive: Archive, table: string): Promise<void> {
  let batch: string[] = [];
  const insert = async () => {
    if (batch.length === 0) return;
    // jsonb_populate_recordset turns each JSON row back into the table's own column types.
    await tx.execute(
      sql`insert into ${sql.identifier(table)} select * from jsonb_populate_recordset(null::${sql.identifier(table)}, ${`[${batch.join(',')}]`}::jsonb)`,
    );
    batch = [];
  };
  const lines = createInterface({
    input: await archive.open(tableEntry(table)),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) await insert();
  }
  await insert();
  // Serial columns continue after the restored ids.
  const serials = await rows<{ column: string }>(
    tx,
    sql`select a.attname as column from pg_attribute a
        where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped
        and pg_get_serial_sequence(${table}, a.attname) is not null`,
  );
  for (const { column } of serials) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('"${table}"', '${column}'), coalesce(max("${column}"), 1), max("${column}") is not null) from "${table}"`,
      ),
    );
  }
}

/**
 * Brings a backup back into a migrated database and a file store: files first (a row never names
 * a missing file), then every table in one transaction, so a failed restore leaves the database as
 * it was. The database must be empty unless `replace` is set; then its rows are removed first.
 */
export async function restoreBackup(
  deps: { db: Db; files: FileStore },
  file: string,
  options: { replace?: boolean } = {},
): Promise<BackupManifest> {
  const archive = await openArchive(file);
  try {
    const manifest = JSON.parse(
      (await readAll(await archive.open('manifest.json'))).toString('utf8'),
    ) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
      throw new RestoreError(
        `Not a backup this shop can read (format ${manifest.format} v${manifest.version})`,
      );
    }
    const migration = await lastMigration(deps.db);
    if (migration !== manifest.migration) {
      throw new RestoreError(
        `The backup was made at migration ${manifest.migration}, this database is at ${migration}: restore it with the version of the shop that made it`,
      );
    }
    const tables = await applicationTables(deps.db);
    const unknown = Object.keys(manifest.tables).filter((t) => !tables.includes(t));
    if (unknown.length > 0)
      throw new RestoreError(`The backup has tables this database lacks: ${unknown.join(', ')}`);

    const occupied = await nonEmptyTables(deps.db, tables);
    if (occupied.length > 0 && !options.replace) {
      throw new RestoreError(
        `The database is not empty (${occupied.join(', ')}): restore into a new database, or pass --replace`,
      );
    }

    for (const name of archive.entries.keys()) {
      if (!name.startsWith('files/')) continue;
      await deps.files.put(name.slice('files/'.length), await readAll(await archive.open(name)));
    }

    await deps.db.transaction(async (tx) => {
      if (options.replace) {
        await tx.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`));
      }
      for (const table of tables) {
        if (!(table in manifest.tables)) continue;
        await restoreTable(tx, archive, table);
      }
    });
    return manifest;
  } finally {
    archive.close();
  }
}

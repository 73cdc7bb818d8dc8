import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createFileStore } from './adapters/storage/create-file-store';
import { createBackup } from './backup/backup';
import { restoreBackup } from './backup/restore';
import { loadConfig } from './config';
import { openDatabase } from './db/client';

const USAGE = `npm run backup [-- --out FILE.zip]       the database and every file, in one archive
npm run restore -- FILE.zip [--replace]     bring a backup back (into an empty database unless --replace)

With the embedded database (no DATABASE_URL), stop the shop first: only one process can open it.`;

/** `npm run backup` and `npm run restore`: the same configuration as the shop, so the same database and files. */
async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  const config = loadConfig();
  if (config.database.kind === 'pglite') await mkdir(path.dirname(config.database.dir), { recursive: true });
  const database = await openDatabase(config.database);
  const deps = { db: database.db, files: createFileStore(config) };
  try {
    await database.migrate();
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const out = path.resolve(values.out ?? path.join('backups', `shop-${stamp}.zip`));
      await mkdir(path.dirname(out), { recursive: true });
      const manifest = await createBackup(deps, out);
      const rowCount = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      console.log(
        `Backup written to ${out}: ${rowCount} rows in ${Object.keys(manifest.tables).length} tables, ${manifest.files} files.`,
      );
      if (manifest.missingFiles.length > 0) {
        console.warn(
          `${manifest.missingFiles.length} files named by the database were missing from the store: ${manifest.missingFiles.join(', ')}`,
        );
      }
    } else if (command === 'restore' && positionals[0]) {
      const manifest = await restoreBackup(deps, path.resolve(positionals[0]), { replace: values.replace });
      console.log(
        `Restored the backup of ${manifest.createdAt}: ${manifest.files} files and ${Object.keys(manifest.tables).length} tables.`,
      );
    } else {
      console.error(USAGE);
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

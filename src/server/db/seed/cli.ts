import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createLocalFileStore } from '../../adapters/storage/local';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemoData } from './index';

/** `npm run seed`: opens the database the way the server does, migrates, seeds an empty shop, closes. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.s3) {
    // This script only knows the local store; writing demo files to disk behind an S3-backed server would orphan them.
    throw new Error(
      'S3 storage is configured: start the server to seed, this script only writes to the local file store.',
    );
  }
  // PGlite creates its own folder but not the folders above it.
  if (config.database.kind === 'pglite') await mkdir(path.dirname(config.database.dir), { recursive: true });
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const files = createLocalFileStore(config.filesDir);
    const started = performance.now();
    const result = await seedDemoData({ db: database.db, files });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = config.database.kind === 'pglite' ? config.database.dir : 'PostgreSQL (DATABASE_URL)';
    if (result.seeded) {
      console.log(
        `Seeded ${result.guides} guides, ${result.files} files and ${result.contentBlocks} content blocks in ${seconds} s`,
      );
      console.log(`  database: ${where}\n  files:    ${config.filesDir}`);
    } else {
      console.log(`The catalogue already has guides: nothing seeded (${seconds} s). Database: ${where}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  if (error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
});

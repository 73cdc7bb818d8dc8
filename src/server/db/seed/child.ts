import { createFileStore } from '../../adapters/storage/create-file-store';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedDemoData } from './index';

/**
 * The built server's seeding process: `main.ts` runs it once on a new shop, already migrated, so the
 * memory that making covers and PDFs takes (sharp, pdf-lib, mupdf) goes back to the system when it
 * exits instead of staying in the shop's process for its whole life.
 */
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const result = await seedDemoData({ db: database.db, files: createFileStore(config) });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.close();
}

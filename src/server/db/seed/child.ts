import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  // The demo files scripts/build.mjs made beside this file (see demo-assets.ts).
  const assetsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-assets');
  const result = await seedDemoData({ db: database.db, files: createFileStore(config), assetsDir });
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await database.close();
}

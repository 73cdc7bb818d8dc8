import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { adminKeyAnnouncement, rotateAdminKey } from './modules/admin-auth/admin-key';

/** `npm run admin:key`: revokes the generated admin key(s) and prints a new one, once. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.adminApiKey) {
    // The server accepts ADMIN_API_KEY alone while it is set: a generated key would not work.
    throw new Error(
      'ADMIN_API_KEY is set, so the shop uses it: change it there, or unset it to use a generated key.',
    );
  }
  if (config.database.kind === 'pglite') await mkdir(path.dirname(config.database.dir), { recursive: true });
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const key = await rotateAdminKey(database.db);
    console.log(adminKeyAnnouncement(key, 'rotated'));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Issuing an admin key failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

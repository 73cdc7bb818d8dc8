import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { appSettings } from './schema';

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * A signing secret kept in `app_settings` under `key`, made once from 32 random bytes, so every
 * instance on one database signs and verifies alike. It never changes, so each process caches it.
 */
export function storedSecret(db: Db, key: string): Promise<Buffer> {
  const secrets = cache.get(db) ?? new Map<string, Promise<Buffer>>();
  cache.set(db, secrets);
  let secret = secrets.get(key);
  if (!secret) {
    secret = (async () => {
      await db
        .insert(appSettings)
        .values({ key, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing({ target: appSettings.key });
      const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
      if (!row) throw new Error(`The secret ${key} could not be created`);
      return Buffer.from(row.value, 'base64url');
    })();
    secret.catch(() => secrets.delete(key));
    secrets.set(key, secret);
  }
  return secret;
}

/**
 * The secret only if something was ever signed with it, for checking a signature: checking never
 * writes, so a forged link refused on a fresh shop leaves the database as it was (no secret yet
 * means no signature is genuine).
 */
export async function existingStoredSecret(db: Db, key: string): Promise<Buffer | undefined> {
  const cached = cache.get(db)?.get(key);
  if (cached) return cached;
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key)).limit(1);
  return row ? storedSecret(db, key) : undefined;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminKeys } from '../../db/schema';

/** 32 random bytes (256 bits), base64url: 43 characters that survive copy-paste and HTTP headers. */
export function generateAdminKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * SHA-256, not a password hash: a generated key carries 256 random bits, so there is no dictionary
 * to slow down and a stolen hash cannot be reversed, while scrypt or argon2 would add their cost to
 * every admin request (each one carries the key). An ADMIN_API_KEY chosen by a person is never
 * stored, only compared, and guessing it over HTTP is what the failed-attempt limit stops.
 */
export function hashAdminKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** An accepted key's hash and the id the activity record names it by (never the key, never its hash). */
export interface AcceptedKey {
  hash: Buffer;
  actor: string;
}

/**
 * The accepted key the presented one hashes to, or undefined. Hashing first gives timingSafeEqual
 * two 32-byte buffers whatever the key's length, and every candidate is compared, so the time taken
 * says nothing about which one (if any) matched.
 */
export function matchAdminKey(presented: string, accepted: readonly AcceptedKey[]): AcceptedKey | undefined {
  const presentedHash = hashAdminKey(presented);
  let matched: AcceptedKey | undefined;
  for (const candidate of accepted) {
    if (candidate.hash.length === presentedHash.length && timingSafeEqual(candidate.hash, presentedHash)) {
      matched = candidate;
    }
  }
  return matched;
}

/**
 * ADMIN_API_KEY's actor id: 12 hex characters of a hash of its hash, so the same key is named the
 * same way on every instance and the record says nothing that would help guess it.
 */
export const configuredKeyActor = (key: string): string =>
  `env:${createHash('sha256').update(hashAdminKey(key)).digest('hex').slice(0, 12)}`;

/** The keys accepted now: ADMIN_API_KEY alone when it is set, else the active generated key. */
export async function acceptedAdminKeys(db: Db, configuredKey: string | undefined): Promise<AcceptedKey[]> {
  if (configuredKey) return [{ hash: hashAdminKey(configuredKey), actor: configuredKeyActor(configuredKey) }];
  const rows = await db
    .select({ id: adminKeys.id, keyHash: adminKeys.keyHash })
    .from(adminKeys)
    .where(isNull(adminKeys.revokedAt));
  return rows.map((row) => ({ hash: Buffer.from(row.keyHash, 'hex'), actor: `key:${row.id}` }));
}

/**
 * First start without ADMIN_API_KEY: creates the admin key and returns it, once. Returns undefined
 * when ADMIN_API_KEY is set or an active key exists. The partial unique index admin_keys_one_active_uq
 * makes a second process starting at the same moment insert nothing (it waits, then does nothing).
 */
export async function ensureAdminKey(db: Db, configuredKey: string | undefined): Promise<string | undefined> {
  if (configuredKey) return undefined;
  const key = generateAdminKey();
  const inserted = await db
    .insert(adminKeys)
    .values({ keyHash: hashAdminKey(key).toString('hex') })
    .onConflictDoNothing()
    .returning({ id: adminKeys.id });
  return inserted.length > 0 ? key : undefined;
}

// Serialises rotations, so two at once end with one active key instead of a unique-index error.
const ROTATION_LOCK_ID = 727_202_612;

/** Revokes every active generated key and issues a new one, returned once (`npm run admin:key`). */
export async function rotateAdminKey(db: Db, now: Date = new Date()): Promise<string> {
  const key = generateAdminKey();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROTATION_LOCK_ID})`);
    await tx.update(adminKeys).set({ revokedAt: now }).where(isNull(adminKeys.revokedAt));
    await tx.insert(adminKeys).values({ keyHash: hashAdminKey(key).toString('hex') });
  });
  return key;
}

/** The message printed once when a key is generated or rotated; the only place the key ever appears. */
export function adminKeyAnnouncement(key: string, reason: 'generated' | 'rotated'): string {
  const rule = '='.repeat(72);
  const what =
    reason === 'generated'
      ? 'No ADMIN_API_KEY is set, so an admin key was generated for /admin.'
      : 'A new admin key was issued; the previous one no longer works.';
  return [
    rule,
    what,
    'It is shown this once and only its hash is stored. Keep it somewhere safe:',
    '',
    `    ${key}`,
    '',
    'Lost it? `npm run admin:key` revokes it and prints a new one.',
    rule,
  ].join('\n');
}

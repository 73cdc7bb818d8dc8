import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { librarySessions } from '../../db/schema';
import { hashLibraryToken } from './library-tokens';

export interface LibrarySession {
  id: string;
  email: string;
}

/** The live session a cookie's token names: not expired, not revoked. */
export async function findSession(db: Db, token: string): Promise<LibrarySession | undefined> {
  const [session] = await db
    .select({ id: librarySessions.id, email: librarySessions.email })
    .from(librarySessions)
    .where(
      and(
        eq(librarySessions.tokenHash, hashLibraryToken(token)),
        isNull(librarySessions.revokedAt),
        gt(librarySessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return session;
}

/** Sign out: this browser's session only. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(librarySessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(librarySessions.tokenHash, hashLibraryToken(token)), isNull(librarySessions.revokedAt)));
}

/** Sign out everywhere: every live session of the email, on every browser. */
export async function revokeEverySession(db: Db, email: string): Promise<number> {
  const revoked = await db
    .update(librarySessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(librarySessions.email, email), isNull(librarySessions.revokedAt)))
    .returning({ id: librarySessions.id });
  return revoked.length;
}

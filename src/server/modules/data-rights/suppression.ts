import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rows } from './holders';
import { ERASED_EMAIL, normaliseEmail, personHash } from './person';

/**
 * Whether the shop must not write to this address: the placeholder erased orders carry, or an
 * erased person (their hash is listed) who has placed no order since. A new order starts afresh:
 * its emails, and whatever follows from it, go out again (docs/features/data-rights.md).
 */
export async function isErasedAddress(db: DbOrTx, to: string): Promise<boolean> {
  const email = normaliseEmail(to);
  if (email === ERASED_EMAIL) return true;
  const found = await rows(
    db,
    sql`select 1 from erased_people p where p.hash = ${personHash('email', email)}
      and not exists (select 1 from orders o where lower(o.email) = ${email} and o.created_at > p.erased_at)`,
  );
  return found.length > 0;
}

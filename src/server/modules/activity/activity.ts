import type { DbOrTx } from '../../db/client';
import { adminActivity } from '../../db/schema';

/** One change the operator made, as the Activity tab shows it. */
export interface ActivityEntry {
  /** The admin key's actor id (adminActorOf(request)); never the key. */
  actor: string;
  /** `<subject>.<verb>`, e.g. guide.update, order.refund, discount.create. */
  action: string;
  subjectType: string;
  subjectId?: string | null;
  /** The values before and after the change; omit what does not apply (nothing before a creation). */
  before?: unknown;
  after?: unknown;
}

/**
 * Records a change, in the caller's transaction, so the record exists if and only if the change was
 * made. The application never updates or deletes these rows.
 */
export async function recordActivity(db: DbOrTx, entry: ActivityEntry): Promise<void> {
  await db.insert(adminActivity).values({
    actor: entry.actor,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

import { asc } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { adminActivity } from '../../src/server/db/schema';
import { configuredKeyActor } from '../../src/server/modules/admin-auth/admin-key';

/** The activity record, oldest first, for tests that check what a change recorded. */
export const activityRows = (db: Db) =>
  db.select().from(adminActivity).orderBy(asc(adminActivity.createdAt), asc(adminActivity.id));

/** The actor id the activity record names a configured ADMIN_API_KEY by (never the key). */
export const actorOf = configuredKeyActor;

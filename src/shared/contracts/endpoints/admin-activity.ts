/**
 * The admin Activity tab: the record of every change the operator made. Read
 * only: no route edits or deletes it. The schemas are in ./admin-activity.schemas.ts.
 */
import { ADMIN, get } from './declare';

export const listActivity = get('/api/admin/activity', ADMIN);

/**
 * The admin Activity tab (issue 18 "Activity"): the record of every change the operator made. Read
 * only: no route edits or deletes it. The schemas are in ./admin-activity.schemas.ts.
 */
import type { Route } from './define';

export const listActivity = {
  method: 'GET',
  path: '/api/admin/activity',
  admin: true,
} as const satisfies Route;

import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type {
  ActivityListQuery,
  ActivityPage,
} from '../../../shared/contracts/endpoints/admin-activity.schemas';
import type { Db } from '../../db/client';
import { adminActivity, orders, travelGuides } from '../../db/schema';
import { changedFields } from './activity-diff';

const DAY_MS = 86_400_000;

function filtersOf(query: ActivityListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(adminActivity.action, query.action));
  if (query.subjectType) conditions.push(eq(adminActivity.subjectType, query.subjectType));
  if (query.subjectId) conditions.push(eq(adminActivity.subjectId, query.subjectId));
  // Days are UTC and both ends included: `to` runs until the next midnight.
  if (query.from) conditions.push(gte(adminActivity.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    conditions.push(lt(adminActivity.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS)));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The operator's changes, newest first, one page of them, with what the filters can choose from. */
export async function listActivity(db: Db, query: ActivityListQuery): Promise<ActivityPage> {
  const where = filtersOf(query);
  const [rows, [matched], actions, subjectTypes] = await Promise.all([
    db
      .select()
      .from(adminActivity)
      .where(where)
      .orderBy(desc(adminActivity.createdAt), desc(adminActivity.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(adminActivity).where(where),
    db.selectDistinct({ value: adminActivity.action }).from(adminActivity).orderBy(adminActivity.action),
    db
      .selectDistinct({ value: adminActivity.subjectType })
      .from(adminActivity)
      .orderBy(adminActivity.subjectType),
  ]);
  const names = await subjectNames(db, rows);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      actor: row.actor,
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      subjectName: (row.subjectId && names.get(`${row.subjectType}:${row.subjectId}`)) || null,
      before: row.before,
      after: row.after,
      changes: changedFields(row.before, row.after),
    })),
    total: matched?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    actions: actions.map((a) => a.value),
    subjectTypes: subjectTypes.map((s) => s.value),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Orders by their number and guides by their title, as they are called today: two queries a page. */
async function subjectNames(
  db: Db,
  rows: { subjectType: string; subjectId: string | null }[],
): Promise<Map<string, string>> {
  const idsOf = (type: string) => [
    ...new Set(
      rows
        .filter((r) => r.subjectType === type && r.subjectId && UUID.test(r.subjectId))
        .map((r) => r.subjectId!),
    ),
  ];
  const [orderIds, guideIds] = [idsOf('order'), idsOf('guide')];
  const [orderRows, guideRows] = await Promise.all([
    orderIds.length
      ? db
          .select({ id: orders.id, name: orders.orderNumber })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : [],
    guideIds.length
      ? db
          .select({ id: travelGuides.id, name: travelGuides.title })
          .from(travelGuides)
          .where(inArray(travelGuides.id, guideIds))
      : [],
  ]);
  return new Map([
    ...orderRows.map((r) => [`order:${r.id}`, r.name] as const),
    ...guideRows.map((r) => [`guide:${r.id}`, r.name] as const),
  ]);
}

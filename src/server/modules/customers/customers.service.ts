import { asc, desc, ilike, type SQL, sql } from 'drizzle-orm';
import type {
  CustomerListQuery,
  CustomerPage,
} from '../../../shared/contracts/endpoints/admin-customers.schemas';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { customerColumns, customerKey, customersOf, isPaid, notErased } from './customer-rows';

/** `%text%` for LIKE, with the pattern's own characters taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** A customer matches when any of their orders' emails or names contains the text. */
function matching(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containing(q);
  return sql`bool_or(${ilike(orders.email, pattern)} or ${ilike(
    sql`${orders.firstName} || ' ' || ${orders.lastName}`,
    pattern,
  )})`;
}

const SORTS = {
  lastOrder: customerColumns.lastOrderAt,
  totalPaid: sql`coalesce(sum(${orders.total}) filter (where ${isPaid}), 0)`,
};

/** One page of customers, with how many match in all; one grouped query over orders. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<CustomerPage> {
  const direction = query.direction === 'asc' ? asc : desc;
  const rows = await db
    .select({ ...customerColumns, matched: sql<number>`(count(*) over ())::int` })
    .from(orders)
    .where(notErased)
    .groupBy(customerKey)
    .having(matching(query.q))
    // The key last, so equal figures still page in one stable order.
    .orderBy(direction(SORTS[query.sort]), asc(customerKey))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    customers: await customersOf(db, rows),
    total: rows[0]?.matched ?? (query.page > 1 ? await countMatching(db, query.q) : 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** Past the last page there are no rows to carry the count: asked for on its own. */
async function countMatching(db: Db, q: string | undefined): Promise<number> {
  const inner = db
    .select({ key: customerKey })
    .from(orders)
    .where(notErased)
    .groupBy(customerKey)
    .having(matching(q));
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner.as('customers'));
  return row?.n ?? 0;
}

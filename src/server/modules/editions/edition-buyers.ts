import { type SQL, sql } from 'drizzle-orm';
import type { Locale } from '../../../shared/locale';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { guideAccessCondition } from '../../domain/guide-access';
import { emailUnsubscribed } from '../consent/marketing-consents';

/** One address to tell, with its latest qualifying order (whose language the email speaks). */
export interface BuyerToTell {
  /** lower(email): the address's identity, its place in the sending order and its dedupe key. */
  key: string;
  email: string;
  orderId: string;
  locale: Locale;
  firstName: string;
  origin: string | null;
}

interface EditionRef {
  id: string;
  guideId: string;
}

/**
 * Who may hear of a new edition: every order that bought the guide (an earlier edition of it) and
 * still gives access to it, by the shop's one access rule, and whose address has not unsubscribed
 * (docs/decisions/047-marketing-messages-and-unsubscribe.md). One row per address.
 */
function buyersWhere(edition: EditionRef): SQL {
  return sql`${orderItems.guideId} = ${edition.guideId}
    and ${orderItems.editionId} is distinct from ${edition.id}
    and ${guideAccessCondition()}
    and not ${emailUnsubscribed(orders.email)}`;
}

/** How many addresses the edition's email goes to, counted when it is published. */
export async function countBuyersToTell(db: DbOrTx, edition: EditionRef): Promise<number> {
  const result = (await db.execute(sql`
    select count(distinct lower(${orders.email}))::int as count
    from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
    where ${buyersWhere(edition)}`)) as unknown as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

/** The next `limit` addresses after `after`, in address order: a batch resumes where the last stopped. */
export async function buyersToTell(
  db: DbOrTx,
  edition: EditionRef,
  page: { after: string; limit: number; key?: string },
): Promise<BuyerToTell[]> {
  const only = page.key === undefined ? sql`` : sql`and lower(${orders.email}) = ${page.key}`;
  const result = (await db.execute(sql`
    select distinct on (lower(${orders.email}))
      lower(${orders.email}) as key, ${orders.email} as email, ${orders.id} as "orderId",
      ${orders.locale} as locale, ${orders.firstName} as "firstName", ${orders.origin} as origin
    from ${orders} join ${orderItems} on ${orderItems.orderId} = ${orders.id}
    where ${buyersWhere(edition)} and lower(${orders.email}) > ${page.after} ${only}
    order by lower(${orders.email}), ${orders.createdAt} desc, ${orders.id} desc
    limit ${page.limit}`)) as unknown as { rows: BuyerToTell[] };
  return result.rows;
}

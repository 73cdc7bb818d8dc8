import { and, eq, gte, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Need } from '../../../shared/contracts/endpoints/admin-needs-you.schemas';
import { METHOD } from '../../../shared/payment-methods';
import type { Db } from '../../db/client';
import { emailLog, orders, whatsappMessages } from '../../db/schema';
import { countReviewsNeedingYou } from '../reviews/review-moderation';

/** What a kind of waiting work is, and how to count it: one query, read from the database each time. */
export interface NeedKind {
  key: string;
  tab: string;
  one: string;
  other: string;
  count(db: Db, settings: NeedsSettings): Promise<number>;
}

export interface NeedsSettings {
  /** MOBILE_MONEY_EXPIRY_HOURS: an unpaid mobile-money order expires this long after it was placed. */
  expiryHours: number;
  now: Date;
}

/** An order about to expire: within this many hours of its expiry. */
export const EXPIRES_SOON_HOURS = 24;
/** Failed messages older than this are history, not work. */
const FAILED_MESSAGES_DAYS = 7;

async function countWhere(
  db: Db,
  table: typeof orders | typeof emailLog | typeof whatsappMessages,
  where: SQL | undefined,
) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return Number(row?.n ?? 0);
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * The kinds, in the order the "Needs you" list shows them. Another kind is one more entry here
 * (its tab shows the count with no other change).
 */
export const NEED_KINDS: NeedKind[] = [
  {
    key: 'receipts-to-check',
    tab: 'mobile-money',
    one: 'payment proof to check',
    other: 'payment proofs to check',
    count: (db) => countWhere(db, orders, eq(orders.status, 'pending_verification')),
  },
  {
    key: 'payments-need-a-person',
    tab: 'mobile-money',
    one: 'automatic payment needs a person',
    other: 'automatic payments need a person',
    // As the Mobile Money tab marks them: flagged while undecided, or paid after a rejection (last 7 days).
    count: (db, { now }) =>
      countWhere(
        db,
        orders,
        and(
          isNotNull(orders.providerAttentionAt),
          or(
            eq(orders.status, 'pending'),
            and(
              eq(orders.status, 'rejected'),
              sql`${orders.providerAttentionAt} > ${orders.rejectedAt}`,
              gte(orders.providerAttentionAt, daysBefore(now, 7)),
            ),
          ),
        ),
      ),
  },
  {
    key: 'orders-expiring',
    tab: 'mobile-money',
    one: `unpaid order expires within ${EXPIRES_SOON_HOURS} hours`,
    other: `unpaid orders expire within ${EXPIRES_SOON_HOURS} hours`,
    // The expiry sweep's own rule (expireUnpaidOrders), a day earlier.
    count: (db, { expiryHours, now }) =>
      countWhere(
        db,
        orders,
        and(
          eq(orders.paymentMethod, METHOD.mobileMoney),
          eq(orders.status, 'pending'),
          isNull(orders.providerTransactionId),
          sql`${orders.createdAt} <= ${new Date(now.getTime() - Math.max(0, expiryHours - EXPIRES_SOON_HOURS) * 3_600_000)}`,
        ),
      ),
  },
  {
    key: 'failed-messages',
    tab: 'emails',
    one: 'message failed (last 7 days)',
    other: 'messages failed (last 7 days)',
    count: async (db, { now }) => {
      const since = daysBefore(now, FAILED_MESSAGES_DAYS);
      const [emails, whatsapp] = await Promise.all([
        countWhere(db, emailLog, and(eq(emailLog.status, 'failed'), gte(emailLog.createdAt, since))),
        countWhere(
          db,
          whatsappMessages,
          and(eq(whatsappMessages.status, 'failed'), gte(whatsappMessages.createdAt, since)),
        ),
      ]);
      return emails + whatsapp;
    },
  },
  {
    key: 'low-reviews',
    tab: 'reviews',
    one: 'review of 2 stars or fewer without a reply',
    other: 'reviews of 2 stars or fewer without a reply',
    count: (db) => countReviewsNeedingYou(db),
  },
];

/** Every kind with its count now; kinds at zero are kept, so a tab's badge can disappear. */
export async function needsYou(db: Db, settings: NeedsSettings, kinds = NEED_KINDS): Promise<Need[]> {
  const counts = await Promise.all(kinds.map((kind) => kind.count(db, settings)));
  return kinds.map(({ key, tab, one, other }, i) => ({ key, tab, one, other, count: counts[i]! }));
}

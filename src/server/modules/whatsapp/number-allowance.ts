import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, whatsappMessages } from '../../db/schema';
import type { WhatsAppMessageKind } from './whatsapp-jobs';

/**
 * A message nobody paid for: a mobile-money order's payment instructions, or the "guides ready"
 * of a free order. Anyone can make the shop send one to any number, so they are capped per
 * number (docs/features/whatsapp.md); a paid order's message is always sent.
 */
export const isUnsolicited = (kind: WhatsAppMessageKind, order: { total: string }) =>
  kind === 'mobile-money-placed' || Number(order.total) === 0;

/** The same test in SQL, on a whatsapp_messages row and its order. */
const unsolicitedRow = sql`(${whatsappMessages.kind} = 'mobile-money-placed' or exists (
  select 1 from ${orders} o where o.id = ${whatsappMessages.orderId} and o.total = 0))`;

/**
 * Whether one more unsolicited message may go to this number: fewer than `perDay` in the last 24
 * hours, counted in the database. Called in the transaction that writes the message's row, after
 * a lock on the number, so two processes sending at once count each other.
 */
export async function numberHasRoom(tx: DbOrTx, toNumber: string, perDay: number): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whatsapp-to:${toNumber}`}, 0))`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(whatsappMessages)
    .where(
      and(
        eq(whatsappMessages.toNumber, toNumber),
        gt(whatsappMessages.createdAt, sql`now() - interval '1 day'`),
        unsolicitedRow,
      ),
    );
  return (row?.count ?? 0) < perDay;
}

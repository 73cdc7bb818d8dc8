import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { discountCodes, discountRedemptions, storedFiles, travelGuides } from '../../db/schema';
import { type DiscountLine, type DiscountUses, discountCents, discountRefusal } from './discount-rules';

/** A code applied to a cart: the row it came from and the cents it takes off. */
export interface AppliedDiscount {
  codeId: string;
  /** As the operator wrote it: what the order, its emails and the admin show. */
  code: string;
  cents: number;
}

/** The live code with this name, whatever its letter case; with `lock`, its row FOR UPDATE. */
export async function findLiveCode(db: DbOrTx, code: string, lock: boolean) {
  const query = db
    .select()
    .from(discountCodes)
    .where(and(sql`upper(${discountCodes.code}) = upper(${code})`, isNull(discountCodes.deletedAt)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * How a new use of a code is held while its money is awaited: for `minutes` (DISCOUNT_HOLD_MINUTES),
 * and by the client address that asked, which holds at most one use of a code at a time
 * (docs/features/discounts.md).
 */
export interface DiscountHold {
  minutes: number;
  clientAddress?: string;
}

export const holdEnd = (minutes: number) => sql`now() + make_interval(mins => ${minutes})`;

/** A held use that still counts: one with no end (a payment proof arrived), or not past `held_until`. */
export const liveHold = sql`(${discountRedemptions.status} = 'held' and (${discountRedemptions.heldUntil} is null or ${discountRedemptions.heldUntil} > now()))`;

/** Live held and used redemptions of a code, in all and by one email (case-insensitive). */
async function countUses(db: DbOrTx, codeId: string, email?: string): Promise<DiscountUses> {
  const counting = eq(discountRedemptions.codeId, codeId);
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      byEmail: sql<number>`count(*) filter (where lower(${discountRedemptions.email}) = lower(${email ?? ''}))::int`,
    })
    .from(discountRedemptions)
    .where(and(counting, or(eq(discountRedemptions.status, 'used'), liveHold)));
  return { all: row?.all ?? 0, byEmail: email === undefined ? undefined : (row?.byEmail ?? 0) };
}

const pdf = alias(storedFiles, 'pdf');

/** What a country or language limit reads of each guide: its words and its language. */
async function withGuideFacts(db: DbOrTx, lines: DiscountLine[]): Promise<DiscountLine[]> {
  const rows = await db
    .select({
      id: travelGuides.id,
      title: travelGuides.title,
      description: travelGuides.description,
      locale: travelGuides.locale,
      fileName: pdf.originalName,
    })
    .from(travelGuides)
    .leftJoin(pdf, eq(pdf.id, travelGuides.pdfPrimaryFileId))
    .where(
      inArray(
        travelGuides.id,
        lines.map((line) => line.guideId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.map((line) => ({ ...line, guide: byId.get(line.guideId) }));
}

/**
 * Checks a code against a cart and prices it. With `lock` (inside an order's transaction) the code's
 * row is read FOR UPDATE, so uses are counted and the new one recorded before any other order of
 * the same code counts: of 50 simultaneous orders for a code limited to 10, exactly 10 get it.
 * With `uses: false` the use limits are left to holdCardDiscount, which counts them under the lock.
 */
export async function priceDiscount(
  db: DbOrTx,
  input: {
    code: string;
    lines: DiscountLine[];
    email?: string;
    lock?: boolean;
    now?: Date;
    uses?: false;
    /** With `lock`: the address taking a new use, whose earlier timed holds of the code end now. */
    clientAddress?: string;
  },
): Promise<AppliedDiscount> {
  const row = await findLiveCode(db, input.code, input.lock ?? false);
  if (row && input.lock && input.clientAddress) await endHoldsOf(db, row.id, input.clientAddress);
  const needsFacts = row && (row.countries?.length || row.locale !== null);
  const lines = needsFacts ? await withGuideFacts(db, input.lines) : input.lines;
  const counted = row && input.uses !== false;
  const uses = counted ? await countUses(db, row.id, input.email) : { all: 0 };
  const cents = discountCents(row, { lines, uses, now: input.now ?? new Date() });
  return { codeId: row!.id, code: row!.code, cents };
}

/**
 * A card order's code, once the card is paid: the code was checked when the payment was made and
 * the amount charged says what it took off. The use is recorded even if the code was paused,
 * deleted or used up since; the money has moved (docs/DEVIATIONS.md).
 */
export async function acceptPaidDiscount(
  db: DbOrTx,
  input: { code: string; subtotalCents: number; paidCents: number },
): Promise<AppliedDiscount> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = upper(${input.code})`)
    .orderBy(sql`${discountCodes.deletedAt} is not null`, asc(discountCodes.createdAt))
    .limit(1)
    .for('update');
  if (!row) throw discountRefusal('discount_unknown');
  return { codeId: row.id, code: row.code, cents: input.subtotalCents - input.paidCents };
}

/**
 * Ends the timed holds this client address has on the code, so its new use is its only one: a
 * script cannot hold a code's uses with unpaid orders from one address. An order whose hold ends
 * so keeps its discount if it is paid after all, as any order paid after its hold ran out.
 */
async function endHoldsOf(db: DbOrTx, codeId: string, clientAddress: string): Promise<void> {
  await db
    .update(discountRedemptions)
    .set({ heldUntil: sql`now()` })
    .where(
      and(
        eq(discountRedemptions.codeId, codeId),
        eq(discountRedemptions.clientAddress, clientAddress),
        eq(discountRedemptions.status, 'held'),
        gt(discountRedemptions.heldUntil, sql`now()`),
      ),
    );
}

/**
 * The order's use of its code: 'used' when it is paid, 'held' for `hold.minutes` while its money is
 * awaited. A card order takes over the use its PaymentIntent held (holdCardDiscount), expired or
 * not: one row.
 */
export async function recordRedemption(
  db: DbOrTx,
  discount: AppliedDiscount,
  order: { id: string; email: string; paid: boolean; paymentIntentId: string | null },
  hold: DiscountHold,
): Promise<void> {
  const status = order.paid ? ('used' as const) : ('held' as const);
  // The order's code row wins over the hold's: a code deleted and made again meanwhile.
  const takeOver = { codeId: discount.codeId, orderId: order.id, status };
  await db
    .insert(discountRedemptions)
    .values({
      codeId: discount.codeId,
      orderId: order.id,
      paymentIntentId: order.paymentIntentId,
      email: order.email.trim().toLowerCase(),
      status,
      heldUntil: order.paid ? null : holdEnd(hold.minutes),
      clientAddress: hold.clientAddress ?? null,
    })
    .onConflictDoUpdate({ target: discountRedemptions.paymentIntentId, set: takeOver });
}

/**
 * A held use becomes 'used' when its order completes, 'released' when it is rejected or expires,
 * in the transaction that decides the order.
 */
export async function settleRedemptions(
  db: DbOrTx,
  orderIds: string[],
  status: 'used' | 'released',
): Promise<void> {
  if (orderIds.length === 0) return;
  await db
    .update(discountRedemptions)
    .set({ status })
    .where(and(inArray(discountRedemptions.orderId, orderIds), eq(discountRedemptions.status, 'held')));
}

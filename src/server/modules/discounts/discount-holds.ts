import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { discountRedemptions } from '../../db/schema';
import { conflict } from '../../domain/errors';
import {
  type AppliedDiscount,
  type DiscountHold,
  findLiveCode,
  holdEnd,
  liveHold,
  priceDiscount,
} from './discount-pricing';
import type { DiscountLine } from './discount-rules';

/**
 * Holds a use of the code for a card payment in flight, keyed by its PaymentIntent, under the same
 * lock and count as an order: of 50 intents started at once for a code limited to 10, 10 hold it and
 * 40 are refused. The same intent asked again holds once. The hold counts for `hold.minutes`; the
 * paid order then takes it over (recordRedemption), even once it has run out.
 */
export async function holdCardDiscount(
  db: Db,
  priced: AppliedDiscount,
  cart: { lines: DiscountLine[]; email: string; intentId: string },
  hold: DiscountHold,
): Promise<void> {
  const { clientAddress } = hold;
  const input = { code: priced.code, lines: cart.lines, email: cart.email, lock: true, clientAddress };
  await db.transaction(async (tx) => {
    // Locked first: the same intent asked twice at once finds the first one's hold, not a used-up code.
    await findLiveCode(tx, input.code, true);
    const [held] = await tx
      .select({ counts: sql<boolean>`${discountRedemptions.status} = 'used' or ${liveHold}` })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.paymentIntentId, cart.intentId));
    if (held?.counts) return;
    // A new hold, or a renewed one for an intent asked again after its hold ran out: checked anew.
    const discount = await priceDiscount(tx, input);
    if (discount.cents !== priced.cents) {
      // The code was edited between the price and the hold: the intent's amount is not its price.
      throw conflict('discountCode: This promo code has just changed; please check the total again', {
        field: 'discountCode',
      });
    }
    const heldUntil = holdEnd(hold.minutes);
    await tx
      .insert(discountRedemptions)
      .values({
        codeId: discount.codeId,
        paymentIntentId: cart.intentId,
        email: input.email.trim().toLowerCase(),
        status: 'held',
        heldUntil,
        clientAddress: clientAddress ?? null,
      })
      .onConflictDoUpdate({
        target: discountRedemptions.paymentIntentId,
        set: { status: 'held', heldUntil, clientAddress: clientAddress ?? null },
      });
  });
}

/**
 * A payment proof arrived for the order: its use, if still held, is kept until the operator decides.
 * One that ran out stays out; the order keeps its discount if it is paid.
 */
export async function keepHoldUntilDecided(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(discountRedemptions)
    .set({ heldUntil: null })
    .where(
      and(
        eq(discountRedemptions.orderId, orderId),
        eq(discountRedemptions.status, 'held'),
        gt(discountRedemptions.heldUntil, sql`now()`),
      ),
    );
}

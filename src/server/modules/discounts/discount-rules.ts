import type { DiscountRefusal } from '../../../shared/contracts/discounts';
import { type CountrySlug, guideMatchesCountry } from '../../../shared/countries';
import type { Locale } from '../../../shared/locale';
import { centsToDecimal, toCents } from '../../../shared/money';
import type { discountCodes } from '../../db/schema';
import { conflict, type DomainError, invalid } from '../../domain/errors';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** A cart line as a code's limits read it. */
export interface DiscountLine {
  guideId: string;
  unitCents: number;
  quantity: number;
  /** Read only when the code is limited to countries or a language. */
  guide?: { title: string; description: string; fileName: string | null; locale: Locale };
}

/** Uses of the code so far, held and used; `byEmail` is undefined when the email is not known yet. */
export interface DiscountUses {
  all: number;
  byEmail?: number;
}

const MESSAGES: Record<DiscountRefusal, string> = {
  discount_unknown: 'This promo code does not exist',
  discount_expired: 'This promo code has expired',
  discount_not_yet_valid: 'This promo code is not valid yet',
  discount_used_up: 'This promo code has been used as many times as it may be',
  discount_not_available: 'This promo code cannot be used for this order',
  discount_nothing_off: 'This promo code takes nothing off this cart',
  discount_minimum_not_reached: 'The cart is below this promo code’s minimum',
  discount_not_for_guides: 'This promo code does not apply to these guides',
  discount_not_for_country: 'This promo code does not apply to guides of these countries',
  discount_not_for_language: 'This promo code does not apply to guides in this language',
};

/** A refusal naming `discountCode`, with a code the page words in the shopper's language. */
export function discountRefusal(code: DiscountRefusal, detail = ''): DomainError {
  const message = `discountCode: ${MESSAGES[code]}${detail}`;
  // Used up is a state of the shop, not of the request: 409, as a sold-out item.
  const make = code === 'discount_used_up' || code === 'discount_not_available' ? conflict : invalid;
  return make(message, { field: 'discountCode', code });
}

const lineCents = (line: DiscountLine) => line.unitCents * line.quantity;

/** Which lines the code discounts: all, unless it is limited to guides, countries or a language. */
function eligibleLines(code: DiscountCodeRow, lines: DiscountLine[]): DiscountLine[] {
  let eligible = lines;
  const limits: [DiscountRefusal, boolean, (line: DiscountLine) => boolean][] = [
    ['discount_not_for_guides', !!code.guideIds?.length, (l) => code.guideIds!.includes(l.guideId)],
    [
      'discount_not_for_country',
      !!code.countries?.length,
      (l) => !!l.guide && code.countries!.some((c) => guideMatchesCountry(l.guide!, c as CountrySlug)),
    ],
    ['discount_not_for_language', code.locale !== null, (l) => l.guide?.locale === code.locale],
  ];
  for (const [refusal, applies, keep] of limits) {
    if (!applies) continue;
    eligible = eligible.filter(keep);
    if (eligible.length === 0) throw discountRefusal(refusal);
  }
  return eligible;
}

/**
 * The cents a code takes off a cart, or the refusal saying why it does not apply. A percentage is
 * rounded to the cent (half up); a fixed amount never takes more than the lines it applies to.
 * A paused or deleted code is unknown to the shopper.
 */
export function discountCents(
  code: DiscountCodeRow | undefined,
  cart: { lines: DiscountLine[]; uses: DiscountUses; now: Date },
): number {
  if (!code || code.pausedAt || code.deletedAt) throw discountRefusal('discount_unknown');
  if (code.validFrom && cart.now < code.validFrom) throw discountRefusal('discount_not_yet_valid');
  if (code.validUntil && cart.now >= code.validUntil) throw discountRefusal('discount_expired');
  if (code.maxUses !== null && cart.uses.all >= code.maxUses) throw discountRefusal('discount_used_up');
  // Known only when the order is placed, and refused without naming the email's history: the price
  // of a cart must not tell who bought (docs/features/discounts.md).
  if (code.maxUsesPerEmail !== null && (cart.uses.byEmail ?? 0) >= code.maxUsesPerEmail) {
    throw discountRefusal('discount_not_available');
  }
  const subtotal = cart.lines.reduce((sum, line) => sum + lineCents(line), 0);
  const minimum = toCents(code.minimumCart);
  if (minimum > 0 && subtotal < minimum) {
    throw discountRefusal('discount_minimum_not_reached', ` (${centsToDecimal(minimum)} €)`);
  }
  const eligible = eligibleLines(code, cart.lines).reduce((sum, line) => sum + lineCents(line), 0);
  const cents =
    code.kind === 'percent'
      ? Math.min(eligible, Math.round((eligible * Number(code.value)) / 100))
      : Math.min(eligible, toCents(code.value));
  // A code on free guides would spend a limited code's uses for nothing (docs/features/discounts.md).
  if (cents === 0) throw discountRefusal('discount_nothing_off');
  return cents;
}

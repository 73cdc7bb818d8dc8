/**
 * The one tax computation of the shop (docs/features/taxes.md): integer cents in, integer cents out,
 * one rounding rule — half up to the cent, on an exact integer fraction, never on a float.
 * A rate is in basis points: 1800 is 18 %.
 */
export const MAX_TAX_RATE_BP = 10_000;

/** a / b rounded half up, for a ≥ 0 and b > 0, in integers (no float ever holds the fraction). */
function divideHalfUp(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

export interface TaxedAmount {
  /** What the buyer pays. */
  totalCents: number;
  /** The tax inside that total. */
  taxCents: number;
  /** The taxable amount: total less tax. */
  netCents: number;
}

/**
 * The tax of an amount after any discount. With prices including tax (the default) the amount is
 * what the buyer pays and the tax is the part of it at the rate; otherwise the tax is added on top.
 */
export function taxOf(amountCents: number, rateBp: number, pricesIncludeTax: boolean): TaxedAmount {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new RangeError('amount must be whole cents ≥ 0');
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > MAX_TAX_RATE_BP)
    throw new RangeError('rate out of range');
  if (pricesIncludeTax) {
    const taxCents = divideHalfUp(amountCents * rateBp, MAX_TAX_RATE_BP + rateBp);
    return { totalCents: amountCents, taxCents, netCents: amountCents - taxCents };
  }
  const taxCents = divideHalfUp(amountCents * rateBp, MAX_TAX_RATE_BP);
  return { totalCents: amountCents + taxCents, taxCents, netCents: amountCents };
}

/**
 * The tax a refund gives back: the order's tax in proportion to what has been refunded so far, less
 * what earlier refunds gave back, so refunds that add up to the total give back exactly the tax.
 */
export function refundTaxOf(
  order: { totalCents: number; taxCents: number },
  refund: {
    refundedBeforeCents: number;
    amountCents: number;
  },
): number {
  if (order.totalCents <= 0 || order.taxCents <= 0) return 0;
  const before = Math.min(order.totalCents, refund.refundedBeforeCents);
  const after = Math.min(order.totalCents, before + refund.amountCents);
  const share = (cents: number) => divideHalfUp(order.taxCents * cents, order.totalCents);
  return share(after) - share(before);
}

/** "18 %" / "18%", "5,5 %" / "5.5%": a rate as each language writes it. */
export function formatTaxRate(rateBp: number, locale: 'fr' | 'en'): string {
  const whole = Math.floor(rateBp / 100);
  const rest = String(rateBp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  const figure = rest ? `${whole}${locale === 'fr' ? ',' : '.'}${rest}` : String(whole);
  return locale === 'fr' ? `${figure} %` : `${figure}%`;
}

/**
 * The amount before tax was added that makes `totalCents` (prices without tax): what a paid card
 * order's discount is checked against. With prices including tax it is the total itself; null when
 * no amount taxes to exactly this total.
 */
export function amountBeforeTax(
  totalCents: number,
  rateBp: number,
  pricesIncludeTax: boolean,
): number | null {
  if (pricesIncludeTax) return totalCents;
  const guess = Math.floor((totalCents * MAX_TAX_RATE_BP) / (MAX_TAX_RATE_BP + rateBp));
  for (const amount of [guess - 1, guess, guess + 1]) {
    if (amount >= 0 && taxOf(amount, rateBp, false).totalCents === totalCents) return amount;
  }
  return null;
}

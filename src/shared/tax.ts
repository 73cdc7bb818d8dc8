/**
 * The tax included in an amount, in cents: the one place the checkout's tax line comes from. The
 * shop charges no tax today (spec: storefront §9, "Tax is always shown as 0.00"); a rate per
 * country replaces this body, and the line follows.
 */
export function taxIncludedCents(_totalCents: number): number {
  return 0;
}

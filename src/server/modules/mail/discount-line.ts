import type { Locale } from '../../../shared/locale';
import { formatEuros, toCents } from '../../../shared/money';
import { formatTaxRate } from '../../../shared/tax';

/** What an order took off with a promo code: nothing when it used none. */
export interface OrderDiscount {
  discountCode?: string | null;
  discountAmount?: string;
  /** The tax the order was placed with (docs/features/taxes.md): no line when it had no rate. */
  taxAmount?: string;
  taxRateBp?: number;
  taxLabel?: string | null;
  pricesIncludeTax?: boolean;
}

const LINE = {
  fr: (code: string, amount: string) => `Réduction (${code}) : −${amount}`,
  en: (code: string, amount: string) => `Discount (${code}): −${amount}`,
} satisfies Record<Locale, unknown>;

/** "Réduction (BIENVENUE10) : −2,50 €" / "Discount (BIENVENUE10): −€2.50" in an email, or null. */
export function discountLine(locale: Locale, order: OrderDiscount): string | null {
  const cents = toCents(order.discountAmount);
  if (!order.discountCode || cents === 0) return null;
  return LINE[locale](order.discountCode, formatEuros(cents, locale));
}

const TAX = {
  fr: { tax: 'Taxes', included: 'incluses', line: (label: string, amount: string) => `${label} : ${amount}` },
  en: { tax: 'Tax', included: 'included', line: (label: string, amount: string) => `${label}: ${amount}` },
} satisfies Record<Locale, unknown>;

/** "TVA 18 % (incluses) : 2,95 €" / "TVA 18 % (included): €2.95" in an email, or null without a rate. */
export function taxLine(locale: Locale, order: OrderDiscount): string | null {
  if (!order.taxRateBp) return null;
  const t = TAX[locale];
  const label = order.taxLabel ?? `${t.tax} ${formatTaxRate(order.taxRateBp, locale)}`;
  const included = order.pricesIncludeTax === false ? '' : ` (${t.included})`;
  return t.line(`${label}${included}`, formatEuros(toCents(order.taxAmount), locale));
}

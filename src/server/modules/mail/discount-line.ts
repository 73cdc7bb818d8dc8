import type { Locale } from '../../../shared/locale';
import { formatEuros, toCents } from '../../../shared/money';

/** What an order took off with a promo code: nothing when it used none. */
export interface OrderDiscount {
  discountCode?: string | null;
  discountAmount?: string;
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

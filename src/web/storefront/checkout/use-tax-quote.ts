import { useEffect, useState } from 'react';
import { customerSchema } from '../../../shared/contracts/checkout';
import type { PricedCartAnswer } from '../../../shared/contracts/discounts';
import type { Locale } from '../../../shared/locale';
import { toCents } from '../../../shared/money';
import type { checkoutApi } from '../../lib/checkout-api';

export interface TaxQuote {
  /** The request it answers: another cart, code, mobile or country asks again. */
  key: string;
  taxCents: number;
  totalCents: number;
  label: string | null;
  pricesIncludeTax: boolean;
  countryNeeded: boolean;
  suggestedCountry: string | null;
}

/**
 * The checkout's tax line (docs/features/taxes.md): priced by the server for the cart, the code, the
 * mobile number and the country chosen, once the mobile number is complete. Until then, and with no
 * rate set, the line is 0.
 */
export function useTaxQuote(options: {
  items: { id: string; quantity: number }[];
  discountCode: string | undefined;
  mobile: string;
  country: string;
  locale: Locale;
  calls: ReturnType<typeof checkoutApi>;
  enabled: boolean;
}): TaxQuote | null {
  const { items, discountCode, country, locale, calls, enabled } = options;
  const mobile = customerSchema.shape.mobile.safeParse(options.mobile.trim());
  const number = mobile.success ? mobile.data : undefined;
  const key = JSON.stringify([items, discountCode ?? null, number ?? null, country]);
  const [quote, setQuote] = useState<TaxQuote | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds everything the quote depends on
  useEffect(() => {
    if (!enabled || items.length === 0 || number === undefined) return;
    let current = true;
    calls
      .priceCart({
        items,
        locale,
        ...(discountCode ? { discountCode } : {}),
        mobile: number,
        ...(country ? { country } : {}),
      })
      .then((answer: PricedCartAnswer) => {
        if (!current) return;
        setQuote({
          key,
          taxCents: toCents(answer.tax.amount),
          totalCents: toCents(answer.total),
          label: answer.tax.label,
          pricesIncludeTax: answer.tax.pricesIncludeTax,
          countryNeeded: answer.tax.countryNeeded,
          suggestedCountry: answer.tax.suggestedCountry,
        });
      })
      // A refused code is told by the code's own field; the line keeps its last figures.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key, enabled]);
  return quote && quote.key === key ? quote : null;
}

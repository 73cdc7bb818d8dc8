import { useEffect, useState } from 'react';
import { discountCodeSchema } from '../../../shared/contracts/checkout';
import { DISCOUNT_REFUSALS, type DiscountRefusal } from '../../../shared/contracts/discounts';
import type { Locale } from '../../../shared/locale';
import { toCents } from '../../../shared/money';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import type { checkoutApi } from '../../lib/checkout-api';
import { refusalCode } from './checkout-errors';
import type { PurchaseMessage } from './use-purchase';

/** A code the server accepted for this cart, with its figures. */
export interface AppliedDiscount {
  code: string;
  discountCents: number;
  totalCents: number;
  /** The cart it was priced for: another cart is priced again. */
  cartKey: string;
}

export type DiscountProblem = `discount.${DiscountRefusal}` | 'discount.malformed' | 'discount.failed';

/** The refusal of a code in the shopper's language, from its machine-readable code (never the server's English). */
export function discountProblemOf(error: unknown): DiscountProblem | null {
  const code = refusalCode(error);
  const known = DISCOUNT_REFUSALS.find((refusal) => refusal === code);
  if (known) return `discount.${known}`;
  if (error instanceof ApiError && error.field === 'discountCode') return 'discount.malformed';
  return null;
}

const cartKeyOf = (items: { id: string; quantity: number }[]) =>
  items
    .map((item) => `${item.id}:${item.quantity}`)
    .sort()
    .join(',');

/**
 * The promo code of the checkout: typed by the shopper, checked and priced by the server,
 * priced again when the cart changes, and dropped when an order is refused because of it.
 */
export function useDiscount(options: {
  items: { id: string; quantity: number }[];
  locale: Locale;
  calls: ReturnType<typeof checkoutApi>;
  t: PurchaseMessage;
  enabled: boolean;
}) {
  const { items, locale, calls, t, enabled } = options;
  const [input, setInput] = useState('');
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  const [problem, setProblem] = useState<DiscountProblem | null>(null);
  const [checking, setChecking] = useState(false);
  const cartKey = cartKeyOf(items);

  const apply = async (typed: string) => {
    const code = discountCodeSchema.safeParse(typed);
    if (!code.success) {
      setProblem('discount.malformed');
      return;
    }
    setChecking(true);
    try {
      const quote = await calls.priceCart({
        items,
        discountCode: code.data,
        locale,
      });
      const discountCents = toCents(quote.discount);
      setApplied({
        code: quote.discountCode ?? code.data,
        discountCents,
        totalCents: toCents(quote.total),
        cartKey,
      });
      setProblem(null);
    } catch (error) {
      setApplied(null);
      setProblem(discountProblemOf(error) ?? 'discount.failed');
    } finally {
      setChecking(false);
    }
  };

  // A changed cart (a guide added, removed or withdrawn) is priced again with the same code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new cart prices again
  useEffect(() => {
    if (enabled && applied && applied.cartKey !== cartKey && items.length > 0) void apply(applied.code);
  }, [cartKey, enabled]);

  /** An order refused because of its code: the code is dropped and the shopper told why; true when it was. */
  const refused = (error: unknown): boolean => {
    const found = discountProblemOf(error);
    if (!found) return false;
    setApplied(null);
    setProblem(found);
    toast({ title: t('discount.refusedTitle'), description: t(found), variant: 'destructive' });
    return true;
  };

  const current = applied && applied.cartKey === cartKey ? applied : null;
  const remove = () => {
    setApplied(null);
    setProblem(null);
    setInput('');
  };
  return { input, setInput, apply, current, problem, checking, refused, remove };
}

export type CheckoutDiscount = ReturnType<typeof useDiscount>;

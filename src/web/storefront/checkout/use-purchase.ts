import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CreateMobileMoneyOrderResponse } from '../../../shared/contracts/mobile-money';
import type { Order } from '../../../shared/contracts/orders';
import type { Locale } from '../../../shared/locale';
import { track } from '../../analytics/track';
import { toast } from '../../components/ui/toast';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { checkoutApi } from '../../lib/checkout-api';
import { useApi } from '../../lib/deps';
import { paths } from '../../lib/paths';
import { useCart } from '../cart/cart-context';
import type { CartItem } from '../cart/cart-rules';
import { forgetCheckoutClaims } from './claim-secrets';
import { purchaseMessages } from './messages';
import type { CheckoutForm } from './use-checkout-form';
import { type AppliedDiscount, useDiscount } from './use-discount';
import { type TaxQuote, useTaxQuote } from './use-tax-quote';

/** What was bought, kept on screen behind the confirmation once the cart is emptied. */
export interface Bought {
  items: CartItem[];
  totalCents: number;
  discount: AppliedDiscount | null;
  tax: TaxQuote | null;
}

export type PurchaseMessage = ReturnType<typeof useMessages<keyof (typeof purchaseMessages)['en']>>;

/** What every payment method needs to place its order and tell the shopper how it went. */
export interface PlaceContext {
  form: CheckoutForm;
  items: { id: string; quantity: number }[];
  totalEuros: number;
  /** The promo code the total was priced with, sent with the order. */
  discountCode: string | undefined;
  /** An order refused because of its code: the code is dropped and the shopper told; true when it was. */
  discountRefused(error: unknown): boolean;
  locale: Locale;
  api: ReturnType<typeof useApi>;
  calls: ReturnType<typeof checkoutApi>;
  t: PurchaseMessage;
  /** The cart is emptied and the claims forgotten; false when the order existed already (the shopper is sent home). */
  settle(
    placed: object,
    existsText: 'toast.orderExists.text' | 'toast.mobileOrderExists.text',
    paymentIntentId?: string,
  ): boolean;
  /** A confirmed card or free order: the confirmation dialog opens. */
  confirm(order: Order, method: 'stripe' | 'free'): void;
  /** Floods: a limit reached is told in the shopper's language, with what to do; never the server's English. */
  orderFailure(error: unknown): string;
}

/** The outcome of the checkout: the order placed, what was bought, and the context the methods place orders with. */
export function usePurchase(form: CheckoutForm, locale: Locale) {
  const t = useMessages(purchaseMessages);
  const api = useApi();
  const calls = useMemo(() => checkoutApi(api), [api]);
  const cart = useCart();
  const [, navigate] = useLocation();
  const [bought, setBought] = useState<Bought | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [mobileOrder, setMobileOrder] = useState<CreateMobileMoneyOrderResponse | null>(null);
  const completed = useRef(false);
  const items = cart.items.map((i) => ({ id: i.guide.id, quantity: i.quantity }));
  const discount = useDiscount({
    items,
    locale,
    calls,
    t,
    enabled: bought === null,
  });
  const tax = useTaxQuote({
    items,
    discountCode: discount.current?.code,
    mobile: form.values.mobile,
    country: form.country,
    locale,
    calls,
    enabled: bought === null,
  });
  const total = bought?.totalCents ?? tax?.totalCents ?? discount.current?.totalCents ?? cart.totalCents;

  // Spec: an empty cart (unless a purchase just completed) or a negative or non-numeric total goes home.
  useEffect(() => {
    if (!cart.ready || completed.current) return;
    if (cart.items.length === 0 || !Number.isFinite(total) || total < 0)
      navigate(paths.home(), { replace: true });
  }, [cart.ready, cart.items.length, total, navigate]);

  const context: PlaceContext = {
    form,
    items,
    totalEuros: total / 100,
    discountCode: discount.current?.code,
    discountRefused: discount.refused,
    locale,
    api,
    calls,
    t,
    settle: (placed, existsText, paymentIntentId) => {
      completed.current = true;
      forgetCheckoutClaims(paymentIntentId);
      setBought({ items: cart.items, totalCents: total, discount: discount.current, tax });
      cart.clear();
      if (!('orderExists' in placed)) return true;
      // Placed earlier from a browser that no longer holds its claim: the links are in the buyer's inbox.
      toast({ title: t('toast.orderExists.title'), description: t(existsText) });
      navigate(paths.home());
      return false;
    },
    confirm: (created, method) => {
      track('purchase_completed', { meta: { method, total: total / 100 } });
      setOrder(created);
    },
    orderFailure: (error) =>
      error instanceof ApiError && error.status === 429 ? t('toast.tooManyText') : t('toast.orderErrorText'),
  };
  return {
    context,
    cart,
    navigate,
    bought,
    total,
    discount,
    tax: bought ? bought.tax : tax,
    order,
    setOrder,
    mobileOrder,
    setMobileOrder,
  };
}

import type { ReactNode } from 'react';
import {
  centsToDecimal,
  displayPrice,
  formatEuros,
  formatEurosWithCents,
  toCents,
} from '../../../shared/money';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import type { CartItem } from '../cart/cart-rules';
import { purchaseMessages } from './messages';

/** A price as the checkout shows it: "Gratuit" / "Free" for nothing to pay. */
function usePrice() {
  const { locale } = useI18n();
  return (cents: number) => displayPrice(centsToDecimal(cents), locale);
}

export function OrderSummary(props: {
  items: CartItem[];
  totalCents: number;
  /** The promo code's line, when one applies. */
  discount?: { code: string; cents: number } | null;
  /** The tax line as the server priced it (docs/features/taxes.md); absent: 0. */
  tax?: { cents: number; label: string | null; included: boolean } | null;
  /** The promo code field, while the order is not placed. */
  children?: ReactNode;
  /**
   * The cart is not read yet (the server's page, before the app has run): a row's room is kept and
   * no amount is shown, rather than a total of nothing for a cart that has guides in it.
   */
  pending?: boolean;
}) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const price = usePrice();
  const { discount, pending } = props;
  // No figure before the cart is read: '…' in its place.
  const figure = (text: string) => (pending ? '…' : text);
  const subtotal = props.items.reduce((sum, { guide, quantity }) => sum + toCents(guide.price) * quantity, 0);
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-5">
      <h2 className="text-xl font-bold">{t('checkout.summary')}</h2>
      <ul className="mt-4 divide-y divide-stone-200" aria-busy={pending || undefined}>
        {pending ? (
          <li aria-hidden="true" className="h-16 py-3">
            <div className="h-full animate-pulse rounded bg-stone-100" />
          </li>
        ) : null}
        {props.items.map(({ guide, quantity }) => (
          <li key={guide.id} className="flex justify-between gap-4 py-3 text-sm">
            <span>
              {guide.title} <span className="text-stone-500">× {quantity}</span>
            </span>
            <span className="shrink-0 font-medium">{price(toCents(guide.price) * quantity)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-stone-200 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>{t('checkout.subtotal')}</dt>
          <dd>{figure(price(discount ? subtotal : props.totalCents))}</dd>
        </div>
        {discount ? (
          <div className="flex justify-between gap-4 text-teal-800">
            <dt>{t('discount.line', { code: discount.code })}</dt>
            <dd className="shrink-0">−{formatEuros(discount.cents, locale)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt>
            {props.tax?.label ?? t('checkout.tax')}
            {props.tax && props.tax.cents > 0 && props.tax.included ? (
              <span className="text-stone-500"> ({t('checkout.taxIncluded')})</span>
            ) : null}
          </dt>
          <dd>{figure(formatEurosWithCents(props.tax?.cents ?? 0, locale))}</dd>
        </div>
        <div className="flex justify-between gap-4 text-base font-bold">
          <dt>{t('checkout.total')}</dt>
          {/* formatPrice already leads with the rounded FCFA amount (docs/DEVIATIONS.md) */}
          <dd className="text-right">{figure(price(props.totalCents))}</dd>
        </div>
      </dl>
      {props.children}
    </div>
  );
}

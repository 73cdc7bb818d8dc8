import type { Order } from '../../../shared/contracts/orders';
import { formatEuros, toCents } from '../../../shared/money';
import { formatTaxRate } from '../../../shared/tax';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { purchaseMessages } from './messages';

/** "Réduction (BIENVENUE10) : −2,50 €" under an order's total, when a promo code was used. */
export function OrderDiscount(props: { order: { discountCode: string | null; discountAmount: string } }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const { discountCode, discountAmount } = props.order;
  const cents = toCents(discountAmount);
  if (!discountCode || cents === 0) return null;
  return (
    <p className="mt-1 text-sm text-teal-800" data-discount={discountCode}>
      {t('discount.orderLine', { code: discountCode, amount: formatEuros(cents, locale) })}
    </p>
  );
}

/**
 * "TVA 18 % (incluse) : 2,95 €" under an order's total, when the order was placed with a rate
 * (docs/features/taxes.md); an order placed without one shows what it always did.
 */
export function OrderTaxLine(props: { order: Pick<Order, 'tax'> }) {
  const t = useMessages(purchaseMessages);
  const { locale } = useI18n();
  const { tax } = props.order;
  if (tax.rateBp === 0) return null;
  const label = tax.label ?? `${t('checkout.tax')} ${formatTaxRate(tax.rateBp, locale)}`;
  const included = tax.pricesIncludeTax ? ` (${t('checkout.taxIncluded')})` : '';
  return (
    <p className="mt-1 text-sm text-stone-600" data-tax-line="">
      {t('tax.orderLine', { label: `${label}${included}`, amount: formatEuros(toCents(tax.amount), locale) })}
    </p>
  );
}
